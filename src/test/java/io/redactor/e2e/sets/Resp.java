package io.redactor.e2e.sets;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A raw RESP2/RESP3 reply (as {@link io.redactor.testing.RawClient} returns it) parsed into a tree, with the
 * comparable forms the differential tests need: exact, sorted and shape.
 */
record Resp(char type, String header, byte[] bytes, List<Resp> children) {

    static Resp parse(byte[] reply) {
        int[] offset = {0};
        Resp parsed = parse(reply, offset);
        if (offset[0] != reply.length) {
            throw new IllegalArgumentException("trailing bytes after " + show(reply));
        }
        return parsed;
    }

    private static Resp parse(byte[] reply, int[] offset) {
        int start = offset[0];
        int lineEnd = start;
        while (reply[lineEnd] != '\r' || reply[lineEnd + 1] != '\n') {
            lineEnd++;
        }
        char type = (char) reply[start];
        String header = new String(reply, start + 1, lineEnd - start - 1, StandardCharsets.ISO_8859_1);
        offset[0] = lineEnd + 2;
        switch (type) {
            case '$', '=', '!' -> {
                int length = Integer.parseInt(header);
                if (length < 0) {
                    return new Resp(type, header, null, List.of());
                }
                byte[] bytes = Arrays.copyOfRange(reply, offset[0], offset[0] + length);
                offset[0] += length + 2;
                return new Resp(type, header, bytes, List.of());
            }
            case '*', '~', '>', '%', '|' -> {
                int count = Integer.parseInt(header);
                int children = type == '%' || type == '|' ? 2 * count : count;
                List<Resp> items = new ArrayList<>();
                for (int i = 0; i < children; i++) {
                    items.add(parse(reply, offset));
                }
                return new Resp(type, header, null, items);
            }
            default -> {
                return new Resp(type, header, null, List.of());
            }
        }
    }

    boolean isAggregate() {
        return "*~>%|".indexOf(type) >= 0 && !header.startsWith("-");
    }

    boolean isError() {
        return type == '-' || type == '!';
    }

    /** The payload of a bulk string as ISO-8859-1 text. */
    String text() {
        return bytes == null ? null : new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Printable form of the exact reply: CR and LF escaped, other control and high bytes as \xHH. */
    String exact() {
        StringBuilder out = new StringBuilder();
        append(out);
        return out.toString();
    }

    private void append(StringBuilder out) {
        out.append(type).append(header).append("\\r\\n");
        if (bytes != null) {
            out.append(show(bytes)).append("\\r\\n");
        }
        children.forEach(child -> child.append(out));
    }

    /** An aggregate with its elements in sorted order (one level deep), anything else exactly. */
    String sorted() {
        if (!isAggregate()) {
            return exact();
        }
        List<String> items = new ArrayList<>();
        children.forEach(child -> items.add(child.exact()));
        items.sort(null);
        return type + header + items;
    }

    /** The reply's type, and for an aggregate its element count: what a random reply must agree on. */
    String shape() {
        return isAggregate() || isError() ? type + header : String.valueOf(type);
    }

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
}
