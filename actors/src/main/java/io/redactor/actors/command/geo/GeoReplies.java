package io.redactor.actors.command.geo;

import io.redactor.core.number.LongDouble;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;

import java.nio.charset.StandardCharsets;

/** How the geo commands print distances and coordinates. */
final class GeoReplies {
    private GeoReplies() {
    }

    /**
     * A distance as Redis's addReplyDoubleDistance prints it: rounded to the nearest ten-thousandth (ties to
     * even, as {@code llrint}) and written with exactly four decimals, as a bulk string in both protocols.
     */
    static BulkString distance(double value) {
        long scaled = (long) Math.rint(value * 10000);
        StringBuilder text = new StringBuilder(24);
        if (scaled < 0) {
            text.append('-');
            scaled = -scaled;
        }
        String digits = Long.toString(scaled);
        if (digits.length() < 5) {
            digits = "0".repeat(5 - digits.length()) + digits;
        }
        text.append(digits, 0, digits.length() - 4).append('.').append(digits, digits.length() - 4, digits.length());
        return new BulkString(text.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * A longitude and latitude as Redis's addReplyHumanLongDouble prints them: 17 decimals without trailing
     * zeros, a bulk string in RESP2 and a double in RESP3.
     */
    static ArrayReply coordinates(double longitude, double latitude) {
        return ArrayReply.of(coordinate(longitude), coordinate(latitude));
    }

    private static DoubleReply coordinate(double value) {
        String text = new String(LongDouble.valueOf(value).toHumanString(), StandardCharsets.US_ASCII);
        return new DoubleReply(Double.parseDouble(text), text);
    }
}
