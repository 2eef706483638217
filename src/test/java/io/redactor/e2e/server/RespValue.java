package io.redactor.e2e.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A RESP2/RESP3 reply read into plain Java values, for tests that look inside replies: arrays, sets, maps and
 * pushes become lists (a map's keys and values alternate), bulk and simple and verbatim strings become strings (a
 * verbatim string without its {@code txt:} prefix), integers longs, errors {@link Error}, nulls null.
 */
final class RespValue {
    /** An error reply's text, without the '-'. */
    record Error(String message) {
    }

    private RespValue() {
    }

    static Object parse(String raw) {
        int[] at = {0};
        Object value = read(raw.getBytes(StandardCharsets.ISO_8859_1), at);
        if (at[0] != raw.length()) {
            throw new IllegalArgumentException("trailing bytes after the reply: " + raw);
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        return (List<Object>) value;
    }

    private static Object read(byte[] raw, int[] at) {
        int end = lineEnd(raw, at[0]);
        char type = (char) raw[at[0]];
        String line = new String(raw, at[0] + 1, end - at[0] - 1, StandardCharsets.ISO_8859_1);
        at[0] = end + 2;
        switch (type) {
            case '+':
                return line;
            case '-':
                return new Error(line);
            case ':':
                return Long.parseLong(line);
            case '_':
                return null;
            case '$', '=': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                String text = new String(raw, at[0], length, StandardCharsets.UTF_8);
                at[0] += length + 2;
                return type == '=' ? text.substring(4) : text;
            }
            case '*', '~', '>', '%': {
                int count = Integer.parseInt(line);
                if (count < 0) {
                    return null;
                }
                int items = type == '%' ? 2 * count : count;
                List<Object> list = new ArrayList<>(items);
                for (int i = 0; i < items; i++) {
                    list.add(read(raw, at));
                }
                return list;
            }
            default:
                throw new IllegalArgumentException("unknown RESP type " + type);
        }
    }

    private static int lineEnd(byte[] raw, int from) {
        for (int i = from; i + 1 < raw.length; i++) {
            if (raw[i] == '\r' && raw[i + 1] == '\n') {
                return i;
            }
        }
        throw new IllegalArgumentException("incomplete reply");
    }
}
