package io.redactor.actors.data;

/**
 * A stored value other than a string: list, hash, set, sorted set. Owned by one partition and only touched by
 * it, so implementations are plain single-threaded structures.
 */
public interface DataValue {
    /** What TYPE answers: "list", "hash", "set", "zset". */
    String typeName();

    /** What OBJECT ENCODING answers, following Redis's size thresholds ("listpack", "hashtable", ...). */
    String encoding();

    /** An independent deep copy (COPY). */
    DataValue copy();
}
