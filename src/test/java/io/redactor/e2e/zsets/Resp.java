package io.redactor.e2e.zsets;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Walks raw RESP2/RESP3 replies (as {@link io.redactor.testing.RawClient} returns them) without decoding them. */
final class Resp {
    private Resp() {
    }

    static boolean isAggregate(byte[] reply) {
        return reply.length > 0 && "*~%>".indexOf(reply[0]) >= 0 && header(reply, 0) >= 0;
    }

    /** The raw bytes of each element of an aggregate reply (a map's keys and values alternate). */
    static List<byte[]> elements(byte[] reply) {
        int count = header(reply, 0) * (reply[0] == '%' ? 2 : 1);
        List<byte[]> elements = new ArrayList<>(count);
        int offset = lineEnd(reply, 0);
        for (int i = 0; i < count; i++) {
            int end = end(reply, offset);
            elements.add(Arrays.copyOfRange(reply, offset, end));
            offset = end;
        }
        return elements;
    }

    /** The content of a bulk string reply. */
    static byte[] bulk(byte[] reply) {
        return Arrays.copyOfRange(reply, lineEnd(reply, 0), reply.length - 2);
    }

    /** Printable form: CR LF as \r\n, other control and high bytes as \xHH. */
    static String show(byte[] bytes) {
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

    /** The reply with every integer's value replaced by "?" (its place and type still count). */
    static byte[] maskIntegers(byte[] reply) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        mask(reply, 0, out);
        return out.toByteArray();
    }

    private static int mask(byte[] reply, int offset, ByteArrayOutputStream out) {
        int headerEnd = lineEnd(reply, offset);
        byte type = reply[offset];
        if (type == ':') {
            out.writeBytes(":?\r\n".getBytes(StandardCharsets.US_ASCII));
            return headerEnd;
        }
        if ("*~>%".indexOf(type) >= 0 && header(reply, offset) >= 0) {
            out.write(reply, offset, headerEnd - offset);
            int children = header(reply, offset) * (type == '%' ? 2 : 1);
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

    /** Offset just past the value that starts at {@code offset}. */
    private static int end(byte[] reply, int offset) {
        int headerEnd = lineEnd(reply, offset);
        byte type = reply[offset];
        if (type == '$' || type == '=' || type == '!') {
            int length = header(reply, offset);
            return length < 0 ? headerEnd : headerEnd + length + 2;
        }
        if ("*~>%".indexOf(type) >= 0) {
            int children = header(reply, offset) * (type == '%' ? 2 : 1);
            int next = headerEnd;
            for (int i = 0; i < children; i++) {
                next = end(reply, next);
            }
            return next;
        }
        return headerEnd;
    }

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
