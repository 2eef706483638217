package io.redactor.persistence.aof;

import io.redactor.persistence.snapshot.SnapshotFile;
import io.redactor.persistence.snapshot.SnapshotSink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The base of an append-only file without an RDB preamble, as Redis's rewrite writes it: a timestamp annotation
 * when enabled, {@code FUNCTION LOAD} for every library, then for each database a {@code SELECT} and commands that
 * rebuild its keys (the entries come encoded as commands).
 */
public final class AofBaseSink implements SnapshotSink {
    private final SnapshotFile file;
    private final CommandBuffer scratch = new CommandBuffer(256);
    private int selected = -1;

    public AofBaseSink(Path path, List<byte[]> libraryCodes, boolean timestamp) throws IOException {
        file = new SnapshotFile(path, false);
        if (timestamp) {
            scratch.annotation("TS:" + System.currentTimeMillis() / 1000);
        }
        for (byte[] code : libraryCodes) {
            scratch.command("FUNCTION", "LOAD".getBytes(java.nio.charset.StandardCharsets.US_ASCII), code);
        }
        flushScratch();
    }

    @Override
    public void entries(int db, byte[] bytes, int off, int len) throws IOException {
        if (db != selected) {
            scratch.select(db);
            flushScratch();
            selected = db;
        }
        file.write(bytes, off, len);
    }

    @Override
    public long finish() throws IOException {
        return file.finish();
    }

    @Override
    public void abort() {
        file.abort();
    }

    private void flushScratch() throws IOException {
        file.write(scratch.array(), 0, scratch.size());
        scratch.clear();
    }
}
