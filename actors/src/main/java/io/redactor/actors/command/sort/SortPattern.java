package io.redactor.actors.command.sort;

import io.redactor.actors.data.Db;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.hash.HashValue;

import java.util.Arrays;

/**
 * A BY or GET pattern of SORT, resolved for one element as Redis's lookupKeyByPattern does: {@code #} is the
 * element itself; otherwise the first '*' is replaced by the element to name a key, whose string value is the
 * result, or, when the pattern continues with {@code ->field} after the '*', that field of the hash at the key.
 * Redis reads the pattern as a C string when it looks for '*' and "->", so a zero byte hides what follows it
 * from those searches (but not from the key name).
 */
final class SortPattern {
    private SortPattern() {
    }

    /** Whether the pattern has a '*' before its first zero byte. */
    static boolean hasWildcard(byte[] pattern) {
        return wildcard(pattern) >= 0;
    }

    /**
     * The value the pattern names for {@code element}, or null when there is none (no '*' in the pattern, no such
     * key, a key of another type, no such field). Keys are looked up for writing when {@code write} (SORT ...
     * STORE), as Redis does.
     */
    static byte[] resolve(Db db, byte[] pattern, byte[] element, boolean write) {
        if (pattern.length >= 1 && pattern[0] == '#' && (pattern.length == 1 || pattern[1] == 0)) {
            return element;
        }
        int star = wildcard(pattern);
        if (star < 0) {
            return null;
        }
        int arrow = arrow(pattern, star + 1);
        int keyEnd = arrow >= 0 ? arrow : pattern.length;
        byte[] key = new byte[star + element.length + keyEnd - star - 1];
        System.arraycopy(pattern, 0, key, 0, star);
        System.arraycopy(element, 0, key, star, element.length);
        System.arraycopy(pattern, star + 1, key, star + element.length, keyEnd - star - 1);
        Object value = write ? db.write(key) : db.read(key);
        if (value == null) {
            return null;
        }
        if (arrow >= 0) {
            return value instanceof HashValue hash
                    ? hash.get(Arrays.copyOfRange(pattern, arrow + 2, pattern.length)) : null;
        }
        return StringValues.isString(value) ? StringValues.bytes(value) : null;
    }

    private static int wildcard(byte[] pattern) {
        for (int i = 0; i < pattern.length && pattern[i] != 0; i++) {
            if (pattern[i] == '*') {
                return i;
            }
        }
        return -1;
    }

    /** Where "->" starts after {@code from}, when a field name (a non-zero byte) follows it; else -1. */
    private static int arrow(byte[] pattern, int from) {
        for (int i = from; i + 1 < pattern.length && pattern[i] != 0; i++) {
            if (pattern[i] == '-' && pattern[i + 1] == '>') {
                return i + 2 < pattern.length && pattern[i + 2] != 0 ? i : -1;
            }
        }
        return -1;
    }
}
