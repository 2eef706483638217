package io.redactor.core.rdb;

import java.util.List;
import java.util.Objects;

/** A list value: its elements from head to tail. */
public record RdbList(List<byte[]> elements) implements RdbValue {
    public RdbList {
        Objects.requireNonNull(elements, "elements");
    }

    @Override
    public int size() {
        return elements.size();
    }
}
