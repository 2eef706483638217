package io.redactor.core.keys;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A byte string usable as a map key (compared by content). The array must not change afterwards. */
public record ByteKey(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
        return o instanceof ByteKey other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
