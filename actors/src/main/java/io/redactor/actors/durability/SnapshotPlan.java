package io.redactor.actors.durability;

import io.redactor.persistence.snapshot.SnapshotSink;

import java.io.IOException;
import java.util.List;

/** What a snapshot writes: its file, its entry encoding, and what happens at the instant it is taken. */
interface SnapshotPlan {
    /** Opens the file, once the instant is taken and the function libraries then are known (writer thread). */
    SnapshotSink open(List<byte[]> libraryCodes) throws IOException;

    /** A fresh encoder for the entries, used by the snapshot's writer thread. */
    EntryEncoder encoder();

    /**
     * Runs at the instant, with every partition held (on a partition's thread: must not block): an AOF rewrite
     * switches the log to its new incremental file here.
     */
    void atCut();
}
