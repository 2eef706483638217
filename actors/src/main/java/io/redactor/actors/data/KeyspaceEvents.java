package io.redactor.actors.data;

/**
 * Keyspace notification flags, one per notify-keyspace-events letter: the classes commands tag their events
 * with, and the two channels families (K, E).
 */
public final class KeyspaceEvents {
    public static final int KEYSPACE = 1;
    public static final int KEYEVENT = 1 << 1;
    public static final int GENERIC = 1 << 2;
    public static final int STRING = 1 << 3;
    public static final int LIST = 1 << 4;
    public static final int SET = 1 << 5;
    public static final int HASH = 1 << 6;
    public static final int ZSET = 1 << 7;
    public static final int EXPIRED = 1 << 8;
    public static final int EVICTED = 1 << 9;
    public static final int STREAM = 1 << 10;
    public static final int KEY_MISS = 1 << 11;
    public static final int MODULE = 1 << 12;
    public static final int NEW_KEY = 1 << 13;
    /** What {@code A} stands for. */
    public static final int ALL = GENERIC | STRING | LIST | SET | HASH | ZSET | EXPIRED | EVICTED | STREAM | MODULE;

    private KeyspaceEvents() {
    }
}
