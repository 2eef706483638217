package io.redactor.api.rest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reading and writing the JSON of requests and responses, with Jackson's streaming API. */
final class JsonBodies {
    /** Strings as long as the body may be (the request size limit bounds them), nesting as deep as replies go. */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE).maxNestingDepth(64).build())
            .build();

    private JsonBodies() {
    }

    @FunctionalInterface
    interface Writing {
        void write(JsonGenerator json) throws IOException;
    }

    /** JSON produced by {@code writing}, as UTF-8 bytes. */
    static byte[] bytes(Writing writing) {
        return bytes(writing, Long.MAX_VALUE);
    }

    /** As {@link #bytes(Writing)}, refused with {@link ReplyTooLarge} as soon as it is longer than {@code limit}. */
    static byte[] bytes(Writing writing, long limit) {
        ByteArrayBuilder out = new ByteArrayBuilder(256);
        try (JsonGenerator json = FACTORY.createGenerator(new LimitedOutput(out, limit))) {
            writing.write(json);
            json.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes to a buffer until more than a limit was written; then throws {@link ReplyTooLarge}. */
    private static final class LimitedOutput extends OutputStream {
        private final ByteArrayBuilder out;
        private final long limit;
        private long written;

        LimitedOutput(ByteArrayBuilder out, long limit) {
            this.out = out;
            this.limit = limit;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            if (length > limit - written) {
                throw new ReplyTooLarge(limit);
            }
            written += length;
            out.write(bytes, offset, length);
        }
    }

    static String render(Writing writing) {
        return new String(bytes(writing), StandardCharsets.UTF_8);
    }

    /**
     * A command ({@code ["SET","k","v"]}) or several ({@code [["SET","k","v"],["GET","k"]]}): strings and
     * numbers only, a name first. {@code pipeline} tells which form the body had.
     */
    record Commands(List<byte[][]> commands, boolean pipeline) {
    }

    static Commands commands(byte[] body, Encoding encoding, int maxCommands) {
        try (JsonParser parser = FACTORY.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new BadRequest("the body must be a JSON array of strings, like [\"SET\",\"key\",\"value\"], "
                        + "or an array of such arrays");
            }
            List<byte[][]> commands = new ArrayList<>();
            boolean pipeline = false;
            JsonToken token = parser.nextToken();
            if (token == JsonToken.START_ARRAY) {
                pipeline = true;
                while (token == JsonToken.START_ARRAY) {
                    if (commands.size() == maxCommands) {
                        throw new BadRequest("more than " + maxCommands
                                + " commands in one request (redactor.http.max-commands)");
                    }
                    commands.add(arguments(parser, encoding));
                    token = parser.nextToken();
                }
                if (token != JsonToken.END_ARRAY) {
                    throw new BadRequest("a pipeline must be an array of arrays of strings");
                }
            } else {
                commands.add(argumentsAfter(parser, token, encoding));
            }
            if (parser.nextToken() != null) {
                throw new BadRequest("unexpected content after the JSON array");
            }
            if (commands.isEmpty()) {
                throw new BadRequest("the pipeline has no commands");
            }
            return new Commands(commands, pipeline);
        } catch (IOException e) {
            throw invalid(e);
        }
    }

    /**
     * A body that Jackson could not read: there is no I/O in parsing bytes in memory, so any IOException is the
     * body's fault (bad syntax, a number past the length limit, nesting past the depth limit, bytes that are not
     * characters of the encoding Jackson detected: a CharConversionException, which is no JsonProcessingException).
     */
    static BadRequest invalid(IOException e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        return new BadRequest("invalid JSON: " + message);
    }

    private static byte[][] arguments(JsonParser parser, Encoding encoding) throws IOException {
        return argumentsAfter(parser, parser.nextToken(), encoding);
    }

    /** The rest of one command's array, {@code token} being its first element's. */
    private static byte[][] argumentsAfter(JsonParser parser, JsonToken token, Encoding encoding) throws IOException {
        List<byte[]> args = new ArrayList<>();
        while (token != JsonToken.END_ARRAY) {
            args.add(argument(parser, token, encoding, "command arguments"));
            token = parser.nextToken();
        }
        if (args.isEmpty()) {
            throw new BadRequest("a command needs at least its name");
        }
        return args.toArray(new byte[0][]);
    }

    /** The strings of a JSON array ({@code "keys"}, {@code "args"}); the parser is on its START_ARRAY. */
    static List<byte[]> strings(JsonParser parser, String field, Encoding encoding) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw new BadRequest("\"" + field + "\" must be an array of strings");
        }
        List<byte[]> values = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            values.add(argument(parser, token, encoding, "\"" + field + "\""));
        }
        return values;
    }

    /** A string, or a number as written; {@code what} names the values in the error. */
    private static byte[] argument(JsonParser parser, JsonToken token, Encoding encoding, String what)
            throws IOException {
        return switch (token) {
            case VALUE_STRING -> encoding.decode(parser.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getText().getBytes(StandardCharsets.US_ASCII);
            case null -> throw new BadRequest("invalid JSON: unexpected end of input");
            default -> throw new BadRequest(what + " must be strings or numbers, got " + describe(token));
        };
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> token.asString() == null ? token.name() : token.asString();
        };
    }
}
