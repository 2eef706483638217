package io.redactor.core.rdb;

import java.util.List;
import java.util.Objects;

/**
 * A set value: its members, distinct. {@code intset} says the set is (for writing) or was stored as (when read) an
 * intset, Redis's encoding of small sets whose members are all canonical 64-bit integers; an intset's members are
 * read in ascending numeric order, and written in that order whatever order they are given in.
 */
public record RdbSet(List<byte[]> members, boolean intset) implements RdbValue {
    public RdbSet {
        Objects.requireNonNull(members, "members");
    }

    @Override
    public int size() {
        return members.size();
    }
}
