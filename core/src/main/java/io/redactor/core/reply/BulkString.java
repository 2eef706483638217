package io.redactor.core.reply;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A binary-safe string reply. The array is shared, not copied: whoever builds the reply guarantees that
 * nobody mutates it afterwards (values stored in the keyspace are immutable for this reason).
 */
public record BulkString(byte[] bytes) implements Reply {
    public static final BulkString EMPTY = new BulkString(new byte[0]);

    public static BulkString of(String text) {
        return new BulkString(text.getBytes(StandardCharsets.UTF_8));
    }

    public String asString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BulkString other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "BulkString[" + asString() + "]";
    }
}
