package io.redactor.actors.data.bitmap;

import java.util.List;

/** BITOP's operations over whole strings: missing bytes of shorter strings (and of missing keys) are zeros. */
public final class BitOperations {
    private BitOperations() {
    }

    public enum Operation {
        AND, OR, XOR, NOT
    }

    /** A source string: its bytes, of which the first {@code length} are the string. */
    public record Source(byte[] bytes, int length) {
        public static final Source EMPTY = new Source(new byte[0], 0);
    }

    /** The result, as long as the longest source (NOT takes exactly one). */
    public static byte[] apply(Operation operation, List<Source> sources) {
        int length = 0;
        for (Source source : sources) {
            length = Math.max(length, source.length());
        }
        Source first = sources.get(0);
        byte[] result = new byte[length];
        System.arraycopy(first.bytes(), 0, result, 0, first.length());
        if (operation == Operation.NOT) {
            for (int i = 0; i < length; i++) {
                result[i] = (byte) ~result[i];
            }
            return result;
        }
        for (int s = 1; s < sources.size(); s++) {
            Source source = sources.get(s);
            byte[] bytes = source.bytes();
            int n = source.length();
            switch (operation) {
                case AND -> {
                    for (int i = 0; i < n; i++) {
                        result[i] &= bytes[i];
                    }
                    java.util.Arrays.fill(result, n, length, (byte) 0);
                }
                case OR -> {
                    for (int i = 0; i < n; i++) {
                        result[i] |= bytes[i];
                    }
                }
                case XOR -> {
                    for (int i = 0; i < n; i++) {
                        result[i] ^= bytes[i];
                    }
                }
                default -> throw new IllegalStateException(operation.name());
            }
        }
        return result;
    }
}
