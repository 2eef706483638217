package io.redactor.actors.data;

import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One Redis database as a command sees it. Inside a partition it is that partition's {@link Database};
 * across reserved partitions it routes each key to the partition that owns it. Keys are compared by content
 * and must not be mutated after being handed over; values are {@code byte[]} (immutable strings),
 * {@link MutableString}, or the other data types.
 */
public interface Db {
    long NO_EXPIRE = KeyTable.NO_EXPIRE;

    int index();

    /** Looks a key up, expiring it first if its time has passed. {@code flags} are {@link Lookup} bits. */
    Object lookup(byte[] key, int flags);

    default Object read(byte[] key) {
        return lookup(key, Lookup.READ);
    }

    default Object write(byte[] key) {
        return lookup(key, Lookup.WRITE);
    }

    /** Adds a key that is known to be absent (after a lookup). */
    void add(byte[] key, Object value);

    /**
     * Replaces the value of a key known to exist, keeping its time to live.
     */
    void overwrite(byte[] key, Object value);

    /** Redis's setKey: creates or replaces the key; drops its time to live unless {@code keepTtl}. */
    void set(byte[] key, Object value, boolean keepTtl);

    /** Deletes a live key (a key past its time is expired first, and counts as absent). */
    boolean delete(byte[] key);

    /**
     * Redis's dbDelete without a lookup first (RESTORE REPLACE): removes the stored key, its time passed or not,
     * without expiring it or signalling anything.
     */
    boolean deleteStored(byte[] key);

    /** Redis's dictFind: whether the key is stored, its time passed or not. Expires nothing. */
    boolean stored(byte[] key);

    /** Redis's keyIsExpired: the key is stored and its time has passed (never while loading). Expires nothing. */
    boolean isExpired(byte[] key);

    /** Absolute expiry in unix milliseconds, {@link #NO_EXPIRE} when none; the key must exist. */
    long expireAt(byte[] key);

    /** Sets the absolute expiry of an existing key. */
    void setExpireAt(byte[] key, long unixMs);

    /** Removes the time to live; true when there was one. */
    boolean persist(byte[] key);

    /** The LRU or LFU bits of an existing key (see {@link AccessClock}). */
    int accessBits(byte[] key);

    /** Carries access bits over to an existing key (RENAME, MOVE keep the value's history). */
    void setAccessBits(byte[] key, int bits);

    long size();

    /** MEMORY USAGE: bytes the key costs (key, value, its share of the table), -1 when absent. Expires nothing. */
    long memoryUsage(byte[] key);

    /** Bytes of the key table's arrays but those of expire times (MEMORY STATS overhead.hashtable.main). */
    long mainTableBytes();

    /** Bytes of the key table's arrays for expire times (MEMORY STATS overhead.hashtable.expires). */
    long expiresTableBytes();

    long volatileSize();

    /** Average remaining time to live of a sample of keys that have one, in milliseconds (INFO avg_ttl). */
    long sampleAverageTtl(int samples, RandomGenerator random);

    /** A random live key, or null when the database is empty. */
    byte[] randomKey(RandomGenerator random);

    /** Every live key once; expired keys are skipped (and removed). */
    void forEachKey(Consumer<byte[]> action);

    /** Removes every key; returns how many there were. */
    long clear();

    /** Redis's signalModifiedKey: a command changed the key (WATCH sees it). SET and expiry do it themselves. */
    void signalModified(byte[] key);

    /**
     * Redis's {@code server.dirty += changes}: counts changes towards the save points and
     * {@code rdb_changes_since_last_save}, and makes the running command's effect go to the log. Like Redis, the
     * primitives above (add, set, delete, expiry) count nothing: each command counts what Redis's counts, which is
     * sometimes one per element (SADD, DEL of several keys), sometimes one for the whole command (SET).
     */
    void dirty(long changes);

    /** Redis's notifyKeyspaceEvent: publishes the event if notify-keyspace-events enables its class. */
    void notify(int eventClass, String event, byte[] key);

    /** What a command does after changing a key: signals it, notifies, counts one change. */
    default void changed(byte[] key, int eventClass, String event) {
        changed(key, eventClass, event, 1);
    }

    /** Signals the key, notifies, counts {@code changes} changes (one per element for SADD, HSET, ...). */
    default void changed(byte[] key, int eventClass, String event, long changes) {
        signalModified(key);
        notify(eventClass, event, key);
        dirty(changes);
    }
}
