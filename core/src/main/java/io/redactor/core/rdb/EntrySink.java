package io.redactor.core.rdb;

/** Receives the entries of a listpack, ziplist or zipmap in order: each is a string or an integer. */
interface EntrySink {
    void string(byte[] array, int offset, int length) throws RdbBadDataException;

    void integer(long value) throws RdbBadDataException;
}
