package io.redactor.core.rdb;

/**
 * A value as an RDB file or a DUMP payload holds it, apart from Redactor's own data classes: what
 * {@link RdbValueWriter} writes and {@link RdbValueReader} reads. The records do not copy the lists and arrays they
 * are given (a writer serializing a million keys should not copy them all): nobody may change them while the record
 * is in use. Strings are binary ({@code byte[]}); the records compare them by identity, not content.
 */
public sealed interface RdbValue permits RdbString, RdbList, RdbSet, RdbHash, RdbSortedSet, RdbStream {
    /**
     * The number of elements: 1 for a string, else the list's elements, members or fields (for a stream, its nodes
     * and pending entries).
     */
    int size();
}
