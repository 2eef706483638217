package io.redactor.core.rdb;

/** Receives the entries of a listpack, ziplist or zipmap in order: each is a string or an integer. */
interface EntrySink {
    /** The blob's header announces this many entries (at most one per two bytes of it): room can be made for them. */
    default void expect(int entries) {
    }

    void string(byte[] array, int offset, int length) throws RdbBadDataException;

    void integer(long value) throws RdbBadDataException;
}
