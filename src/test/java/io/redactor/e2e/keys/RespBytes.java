package io.redactor.e2e.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Walks raw RESP2/RESP3 replies (as {@link io.redactor.testing.RawClient} returns them) without decoding them. */
public final class RespBytes {
    private RespBytes() {
    }

    /** The raw bytes of each element of an aggregate reply (a map's keys and values alternate). */
    public static List<byte[]> elements(byte[] reply) {
        int count = count(reply);
        List<byte[]> elements = new ArrayList<>(count);
        int offset = lineEnd(reply, 0);
        for (int i = 0; i < count; i++) {
            int end = end(reply, offset);
            elements.add(Arrays.copyOfRange(reply, offset, end));
            offset = end;
        }
        return elements;
    }

    public static boolean isAggregate(byte[] reply) {
        return reply.length > 0 && "*~%>|".indexOf(reply[0]) >= 0 && count(reply) >= 0;
    }

    public static boolean isError(byte[] reply) {
        return reply.length > 0 && (reply[0] == '-' || reply[0] == '!');
    }

    /** The reply with every integer's value replaced by "?" (its place and type still count). */
    public static byte[] maskIntegers(byte[] reply) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        mask(reply, 0, out);
        return out.toByteArray();
    }

    /** Printable form for assertion messages: CR LF shown as \r\n, other control and high bytes as \xHH. */
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
        byte type = reply[offset];
        if (type == ':') {
            out.writeBytes(":?\r\n".getBytes(StandardCharsets.US_ASCII));
            return headerEnd;
        }
        int n = "*~>%|$=!".indexOf(type) >= 0 ? header(reply, offset) : -1;
        if ("*~>%|".indexOf(type) >= 0 && n >= 0) {
            out.write(reply, offset, headerEnd - offset);
            int children = "%|".indexOf(type) >= 0 ? 2 * n : n;
            int next = headerEnd;
            for (int i = 0; i < children; i++) {
                next = mask(reply, next, out);
            }
            return next;
        }
        int end = end(reply, offset);
        out.write(reply, offset, end - offset);
        return end;
    }

    private static int count(byte[] reply) {
        int n = header(reply, 0);
        return reply[0] == '%' || reply[0] == '|' ? 2 * n : n;
    }

    /** Offset just past the value that starts at {@code offset}. */
    public static int end(byte[] reply, int offset) {
        int headerEnd = lineEnd(reply, offset);
        byte type = reply[offset];
        switch (type) {
            case '$', '=', '!' -> {
                int length = header(reply, offset);
                return length < 0 ? headerEnd : headerEnd + length + 2;
            }
            case '*', '~', '>', '%', '|' -> {
                int n = header(reply, offset);
                int children = type == '%' || type == '|' ? 2 * n : n;
                int next = headerEnd;
                for (int i = 0; i < children; i++) {
                    next = end(reply, next);
                }
                return next;
            }
            default -> {
                return headerEnd;
            }
        }
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
