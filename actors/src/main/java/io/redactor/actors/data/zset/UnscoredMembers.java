package io.redactor.actors.data.zset;

import java.util.function.Consumer;

/**
 * A collection of members without scores that the sorted set operations (ZUNION, ZINTER, ZDIFF, ZINTERCARD and
 * their STORE forms) accept as input, every member scoring 1, as Redis accepts plain sets there. The set type
 * implements it.
 */
public interface UnscoredMembers {
    int size();

    boolean contains(byte[] member);

    /** Visits every member once, in the collection's own order. */
    void forEachMember(Consumer<byte[]> action);
}
