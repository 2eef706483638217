package io.redactor.persistence.snapshot;

import java.io.IOException;

/**
 * Where a snapshot's entries go, already encoded by the format's {@link EntryFormat}: an RDB file or the base of an
 * append-only file. Entries of one database come in chunks, chunks of different databases in any order; the sink
 * adds what its format needs between them (a database selector) and around them (header, end, checksum).
 * Used by one thread.
 */
public interface SnapshotSink {
    /** Encoded entries, all of database {@code db}. */
    void entries(int db, byte[] bytes, int off, int len) throws IOException;

    /** Ends the file and flushes it to the disk; returns its size. */
    long finish() throws IOException;

    /** Gives up: closes and deletes what was written. */
    void abort();
}
