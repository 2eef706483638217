package io.redactor.actors.durability;

import io.redactor.core.rdb.RdbValue;

/**
 * Encodes keys with their values (as their partitions captured them) and expiry for a snapshot, into a buffer the
 * caller drains; used by the snapshot's writer thread.
 */
interface EntryEncoder {
    /** {@code expireAt}: unix milliseconds, or {@link io.redactor.actors.data.Db#NO_EXPIRE}. */
    void entry(byte[] key, RdbValue value, long expireAt);

    /** Bytes encoded and not yet taken. */
    int size();

    /** The bytes encoded since the last take, and a fresh start. */
    byte[] take();
}
