package io.redactor.testing.corpus;

/**
 * How the replies of Redis and Redactor to a corpus line are compared when not byte for byte. Written before
 * the command as {@code @name} (any case); several may be combined, e.g. {@code @anyint @sorted}.
 */
public enum Marker {
    /** An aggregate in unspecified order (KEYS, SMEMBERS of a hashtable set): its elements compared sorted. */
    SORTED,
    /**
     * Field-value pairs in unspecified order (HGETALL, HRANDFIELD WITHVALUES): a flat array taken two by two,
     * a map, or an array of [field, value] arrays, compared as sorted pairs.
     */
    PAIRS,
    /** A random reply (SPOP, HRANDFIELD): its types and element counts compared, not the strings' contents. */
    SHAPE,
    /**
     * A SCAN, SSCAN, HSCAN or ZSCAN from the line's cursor, iterated to cursor 0 on each server: the sets of keys,
     * members or (field, value) pairs returned are compared.
     */
    SCAN,
    /** Integers anywhere in the reply may differ (a client id, a PTTL); everything else must match. */
    ANYINT,
    /**
     * ACL rule descriptions (ACL LIST, ACL GETUSER): Redis writes the single {@code +command}/{@code -command} rules
     * that follow the categories in the order of its command table's hash, which differs between two Redis
     * processes; in every string of the reply, each run of such rules is compared sorted, the rest exactly.
     */
    RULES,
    /**
     * ACL LOG entries: the value of {@code age-seconds} (a time) is left out, and of {@code client-info} (ids,
     * addresses, buffer sizes) only the {@code cmd=} and {@code user=} fields are compared; the rest exactly.
     */
    ACLLOG
}
