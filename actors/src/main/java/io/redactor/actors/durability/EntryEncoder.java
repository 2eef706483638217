package io.redactor.actors.durability;

/**
 * Encodes keys with their values and expiry for a snapshot, into a buffer the caller drains: one encoder per
 * partition, used by that partition's thread.
 */
interface EntryEncoder {
    /** {@code expireAt}: unix milliseconds, or {@link io.redactor.actors.data.Db#NO_EXPIRE}. */
    void entry(byte[] key, Object value, long expireAt);

    /** Bytes encoded and not yet taken. */
    int size();

    /** The bytes encoded since the last take, and a fresh start. */
    byte[] take();
}
