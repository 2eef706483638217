package io.redactor.testing.corpus;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Walks raw RESP2/RESP3 replies (as {@link io.redactor.testing.RawClient} returns them) without decoding them:
 * the elements of an aggregate, the content of a bulk string, a printable form.
 */
public final class RespBytes {
    private static final String AGGREGATES = "*~>%|";

    private RespBytes() {
    }

    /** An array, set, push, map or attribute that is not null ({@code *-1}). */
    public static boolean isAggregate(byte[] reply) {
        return reply.length > 0 && AGGREGATES.indexOf(reply[0]) >= 0 && header(reply, 0) >= 0;
    }

    /** A map or an attribute: its elements are keys and values, alternating. */
    public static boolean isMap(byte[] reply) {
        return reply.length > 0 && (reply[0] == '%' || reply[0] == '|');
    }

    public static boolean isError(byte[] reply) {
        return reply.length > 0 && (reply[0] == '-' || reply[0] == '!');
    }

    /** The raw bytes of each element of an aggregate reply (a map's keys and values alternate). */
    public static List<byte[]> elements(byte[] reply) {
        int count = children(reply, 0);
        List<byte[]> elements = new ArrayList<>(count);
        int offset = lineEnd(reply, 0);
        for (int i = 0; i < count; i++) {
            int end = end(reply, offset);
            elements.add(Arrays.copyOfRange(reply, offset, end));
            offset = end;
        }
        return elements;
    }

    /** The content of a bulk string (or verbatim string) reply. */
    public static byte[] bulk(byte[] reply) {
        return Arrays.copyOfRange(reply, lineEnd(reply, 0), reply.length - 2);
    }

    /** The content of a bulk string reply as ISO-8859-1 text (one char a byte). */
    public static String text(byte[] reply) {
        return new String(bulk(reply), StandardCharsets.ISO_8859_1);
    }

    /** The reply with every integer's value replaced by "?" (its place and type still count). */
    public static byte[] maskIntegers(byte[] reply) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        mask(reply, 0, out);
        return out.toByteArray();
    }

    /**
     * An aggregate's elements shown one by one, or as "member=score" / "field=value" entries when the elements are
     * [a, b] arrays (RESP3 pairs) or when {@code flatPairs} says they alternate (WITHSCORES, WITHVALUES, a map).
     */
    public static List<String> entries(byte[] reply, boolean flatPairs) {
        List<byte[]> elements = elements(reply);
        List<String> entries = new ArrayList<>();
        if (!elements.isEmpty() && isAggregate(elements.get(0))) {
            for (byte[] pair : elements) {
                List<byte[]> parts = elements(pair);
                entries.add(show(parts.get(0)) + "=" + show(parts.get(1)));
            }
        } else if (flatPairs) {
            for (int i = 0; i + 1 < elements.size(); i += 2) {
                entries.add(show(elements.get(i)) + "=" + show(elements.get(i + 1)));
            }
        } else {
            elements.forEach(element -> entries.add(show(element)));
        }
        return entries;
    }

    /** Printable form: CR and LF shown as \r and \n, other control and high bytes as \xHH. */
    public static String show(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            int c = b & 0xff;
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                default -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
            }
        }
        return out.toString();
    }

    private static int mask(byte[] reply, int offset, ByteArrayOutputStream out) {
        int headerEnd = lineEnd(reply, offset);
        if (reply[offset] == ':') {
            out.writeBytes(":?\r\n".getBytes(StandardCharsets.US_ASCII));
            return headerEnd;
        }
        if (AGGREGATES.indexOf(reply[offset]) < 0 || header(reply, offset) < 0) {
            int end = end(reply, offset);
            out.write(reply, offset, end - offset);
            return end;
        }
        out.write(reply, offset, headerEnd - offset);
        int next = headerEnd;
        for (int i = children(reply, offset); i > 0; i--) {
            next = mask(reply, next, out);
        }
        return next;
    }

    /** Offset just past the value that starts at {@code offset}. */
    private static int end(byte[] reply, int offset) {
        int headerEnd = lineEnd(reply, offset);
        byte type = reply[offset];
        if (type == '$' || type == '=' || type == '!') {
            int length = header(reply, offset);
            return length < 0 ? headerEnd : headerEnd + length + 2;
        }
        int next = headerEnd;
        if (AGGREGATES.indexOf(type) >= 0) {
            for (int i = children(reply, offset); i > 0; i--) {
                next = end(reply, next);
            }
        }
        return next;
    }

    /** How many values follow an aggregate's header: twice its count for a map or an attribute. */
    private static int children(byte[] reply, int offset) {
        int n = Math.max(0, header(reply, offset));
        return reply[offset] == '%' || reply[offset] == '|' ? 2 * n : n;
    }

    /** The number in a header line such as "*3" or "$-1". */
    private static int header(byte[] reply, int offset) {
        int lineEnd = lineEnd(reply, offset);
        return Integer.parseInt(new String(reply, offset + 1, lineEnd - offset - 3, StandardCharsets.US_ASCII));
    }

    private static int lineEnd(byte[] reply, int offset) {
        for (int i = offset; i + 1 < reply.length; i++) {
            if (reply[i] == '\r' && reply[i + 1] == '\n') {
                return i + 2;
            }
        }
        throw new IllegalArgumentException("truncated reply: " + show(reply));
    }
}
