package io.redactor.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** The "name:value" fields of an INFO reply. */
public final class InfoFields {
    private InfoFields() {
    }

    public static Map<String, String> of(String info) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : info.split("\r\n")) {
            int colon = line.indexOf(':');
            if (!line.startsWith("#") && colon > 0) {
                fields.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return fields;
    }

    /** A numeric field; fails the test when INFO does not have it. */
    public static long number(String info, String field) {
        String value = of(info).get(field);
        if (value == null) {
            throw new AssertionError(field + " missing from " + info);
        }
        return Long.parseLong(value);
    }
}
