package io.redactor.persistence.rdb;

import io.redactor.core.rdb.RdbWriter;
import io.redactor.persistence.snapshot.SnapshotFile;
import io.redactor.persistence.snapshot.SnapshotSink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An RDB file of version 10, as Redis 7.0 writes one: {@code REDIS0010}, aux fields, the function libraries, then
 * the keys, each run of one database after a {@code SELECTDB}, then the end marker and the CRC-64 of everything
 * before it (0 with {@code rdbchecksum no}). Keys come as encoded entries (expiry, type, key, value).
 */
public final class RdbFileSink implements SnapshotSink {
    private final SnapshotFile file;
    private final boolean checksum;
    private final RdbWriter scratch = new RdbWriter();
    private int selected = -1;

    /** {@code aux}: name and value of each aux field, in order. */
    public RdbFileSink(Path path, Map<String, String> aux, List<byte[]> libraryCodes, boolean compress,
                       boolean checksum) throws IOException {
        this.file = new SnapshotFile(path, checksum);
        this.checksum = checksum;
        byte[] magic = String.format("REDIS%04d", RdbFileReader.VERSION).getBytes(StandardCharsets.US_ASCII);
        scratch.writeRaw(magic, 0, magic.length);
        for (Map.Entry<String, String> field : aux.entrySet()) {
            scratch.writeByte(RdbFileReader.OPCODE_AUX);
            scratch.writeString(field.getKey().getBytes(StandardCharsets.UTF_8), compress);
            scratch.writeString(field.getValue().getBytes(StandardCharsets.UTF_8), compress);
        }
        for (byte[] code : libraryCodes) {
            scratch.writeByte(RdbFileReader.OPCODE_FUNCTION2);
            scratch.writeString(code, compress);
        }
        flushScratch();
    }

    @Override
    public void entries(int db, byte[] bytes, int off, int len) throws IOException {
        if (db != selected) {
            scratch.writeByte(RdbFileReader.OPCODE_SELECTDB);
            scratch.writeLength(db);
            flushScratch();
            selected = db;
        }
        file.write(bytes, off, len);
    }

    @Override
    public long finish() throws IOException {
        file.writeByte(RdbFileReader.OPCODE_EOF);
        long crc = checksum ? file.crc() : 0;
        byte[] trailer = new byte[8];
        for (int i = 0; i < 8; i++) {
            trailer[i] = (byte) (crc >>> (8 * i));
        }
        file.write(trailer, 0, 8);
        return file.finish();
    }

    @Override
    public void abort() {
        file.abort();
    }

    private void flushScratch() throws IOException {
        byte[] bytes = scratch.toByteArray();
        file.write(bytes, 0, bytes.length);
        scratch.reset();
    }
}
