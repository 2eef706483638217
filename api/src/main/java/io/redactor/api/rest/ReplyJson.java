package io.redactor.api.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BigNumber;
import io.redactor.core.reply.BooleanReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;
import io.redactor.core.reply.VerbatimString;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Redis replies as JSON values: bulk and simple strings as strings, integers and doubles as numbers (infinities
 * and NaN, which JSON lacks, as the strings "inf", "-inf" and "nan"), null as null, arrays and sets as arrays,
 * maps as objects (a key that is not a string is written as its JSON text), booleans as booleans, big numbers as
 * numbers. An error nested in an aggregate (EXEC's, a pipeline's) becomes {@code {"error": message}}.
 */
final class ReplyJson {
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private final Encoding encoding;

    ReplyJson(Encoding encoding) {
        this.encoding = encoding;
    }

    void write(JsonGenerator json, Reply reply) throws IOException {
        switch (reply) {
            case BulkString bulk -> bytes(json, bulk.bytes());
            case SimpleString simple -> json.writeString(simple.text());
            case IntegerReply integer -> json.writeNumber(integer.value());
            case NullReply ignored -> json.writeNull();
            case ArrayReply array -> array(json, array.items());
            case SetReply set -> array(json, set.items());
            case PushReply push -> array(json, push.items());
            case ReplySequence sequence -> array(json, sequence.replies());
            case AttributeReply attributed -> write(json, attributed.reply());
            case MapReply map -> map(json, map.keysAndValues());
            case DoubleReply number -> number(json, number.value());
            case BooleanReply bool -> json.writeBoolean(bool == BooleanReply.TRUE);
            case BigNumber big -> bigNumber(json, big.text());
            case VerbatimString verbatim -> bytes(json, verbatim.bytes());
            case ErrorReply error -> {
                json.writeStartObject();
                json.writeStringField("error", error.message());
                json.writeEndObject();
            }
        }
    }

    void bytes(JsonGenerator json, byte[] bytes) throws IOException {
        if (encoding == Encoding.BASE64) {
            json.writeBinary(bytes);
            return;
        }
        if (!Encoding.isUtf8(bytes)) {
            throw new NotText();
        }
        json.writeUTF8String(bytes, 0, bytes.length);
    }

    private void array(JsonGenerator json, List<Reply> items) throws IOException {
        json.writeStartArray();
        for (Reply item : items) {
            write(json, item);
        }
        json.writeEndArray();
    }

    private void map(JsonGenerator json, List<Reply> keysAndValues) throws IOException {
        json.writeStartObject();
        for (int i = 0; i + 1 < keysAndValues.size(); i += 2) {
            json.writeFieldName(fieldName(keysAndValues.get(i)));
            write(json, keysAndValues.get(i + 1));
        }
        json.writeEndObject();
    }

    private String fieldName(Reply key) throws IOException {
        return switch (key) {
            case BulkString bulk -> text(bulk.bytes());
            case SimpleString simple -> simple.text();
            case IntegerReply integer -> Long.toString(integer.value());
            default -> JsonBodies.render(json -> write(json, key));
        };
    }

    private String text(byte[] bytes) {
        if (encoding == Encoding.BASE64) {
            return java.util.Base64.getEncoder().encodeToString(bytes);
        }
        if (!Encoding.isUtf8(bytes)) {
            throw new NotText();
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A big number as a JSON number when it is an integer (the usual case), else as the text a script gave. */
    private void bigNumber(JsonGenerator json, String text) throws IOException {
        if (INTEGER.matcher(text).matches()) {
            json.writeNumber(new BigInteger(text));
        } else {
            bytes(json, text.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static void number(JsonGenerator json, double value) throws IOException {
        if (Double.isNaN(value)) {
            json.writeString("nan");
        } else if (Double.isInfinite(value)) {
            json.writeString(value > 0 ? "inf" : "-inf");
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            json.writeNumber((long) value);
        } else {
            json.writeNumber(value);
        }
    }
}
