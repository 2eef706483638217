package io.redactor.core.rdb;

import java.util.List;
import java.util.Objects;

/**
 * A hash value: {@code fields.get(i)} maps to {@code values.get(i)}, fields distinct, in the order they are stored.
 * {@code listpack} says the hash is (for writing) or was stored as (when read) one of Redis's compact encodings:
 * a listpack, or, read from older files, a ziplist or zipmap.
 */
public record RdbHash(List<byte[]> fields, List<byte[]> values, boolean listpack) implements RdbValue {
    public RdbHash {
        Objects.requireNonNull(fields, "fields");
        Objects.requireNonNull(values, "values");
        if (fields.size() != values.size()) {
            throw new IllegalArgumentException(fields.size() + " fields but " + values.size() + " values");
        }
    }

    @Override
    public int size() {
        return fields.size();
    }
}
