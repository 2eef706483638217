package io.redactor.actors.acl;

import io.redactor.core.GlobPattern;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A key pattern of a selector and what it grants on matching keys: reading ({@code %R~}), writing
 * ({@code %W~}) or both ({@code ~} or {@code %RW~}).
 */
record KeyPattern(byte[] pattern, int permissions, int prefixLength) {
    static final int READ = 1;
    static final int WRITE = 2;
    static final int ALL = READ | WRITE;
    /** {@link #prefixLength} of a pattern that is not a plain prefix followed by one {@code *}. */
    private static final int NOT_A_PREFIX = -1;

    KeyPattern(byte[] pattern, int permissions) {
        this(pattern, permissions, prefixLength(pattern));
    }

    /** The most common pattern, {@code app:*}, is matched as a prefix; any other with Redis's glob rules. */
    boolean matches(byte[] key) {
        if (prefixLength == NOT_A_PREFIX || key.length == 0) {
            return GlobPattern.matches(pattern, key, false);
        }
        return key.length >= prefixLength && Arrays.equals(pattern, 0, prefixLength, key, 0, prefixLength);
    }

    private static int prefixLength(byte[] pattern) {
        int last = pattern.length - 1;
        if (last < 0 || pattern[last] != '*') {
            return NOT_A_PREFIX;
        }
        for (int i = 0; i < last; i++) {
            byte b = pattern[i];
            if (b == '*' || b == '?' || b == '[' || b == '\\') {
                return NOT_A_PREFIX;
            }
        }
        return last;
    }

    KeyPattern with(int more) {
        return new KeyPattern(pattern, permissions | more, prefixLength);
    }

    boolean samePattern(byte[] other) {
        return Arrays.equals(pattern, other);
    }

    /** As ACL LIST and ACL GETUSER show it. */
    String describe() {
        String prefix = switch (permissions) {
            case ALL -> "~";
            case READ -> "%R~";
            case WRITE -> "%W~";
            default -> throw new IllegalStateException("no permission in a key pattern");
        };
        return prefix + new String(pattern, StandardCharsets.ISO_8859_1);
    }
}
