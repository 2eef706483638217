package io.redactor.core.rdb;

import java.util.Objects;

/** A string value (RDB type 0). */
public record RdbString(byte[] value) implements RdbValue {
    public RdbString {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public int size() {
        return 1;
    }
}
