package io.redactor.actors.acl;

import java.nio.charset.StandardCharsets;

/**
 * A key pattern of a selector and what it grants on matching keys: reading ({@code %R~}), writing
 * ({@code %W~}) or both ({@code ~} or {@code %RW~}).
 */
record KeyPattern(byte[] pattern, int permissions) {
    static final int READ = 1;
    static final int WRITE = 2;
    static final int ALL = READ | WRITE;

    KeyPattern with(int more) {
        return new KeyPattern(pattern, permissions | more);
    }

    boolean samePattern(byte[] other) {
        return java.util.Arrays.equals(pattern, other);
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
