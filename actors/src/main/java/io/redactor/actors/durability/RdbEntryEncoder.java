package io.redactor.actors.durability;

import io.redactor.actors.data.Db;
import io.redactor.core.rdb.RdbValue;
import io.redactor.core.rdb.RdbValueWriter;
import io.redactor.core.rdb.RdbWriter;

/**
 * Entries as an RDB file holds them: the expiry ({@code EXPIRETIME_MS}, when there is one), the value's type, the
 * key and the value, in the encoding the value has here (listpack, intset, quicklist, ...).
 */
final class RdbEntryEncoder implements EntryEncoder {
    private static final int OPCODE_EXPIRETIME_MS = 252;

    private final RdbWriter out = new RdbWriter();
    private final RdbValueWriter values;
    private final boolean compress;

    RdbEntryEncoder(boolean compress, int listMaxListpackSize) {
        this.compress = compress;
        this.values = new RdbValueWriter(compress, listMaxListpackSize);
    }

    @Override
    public void entry(byte[] key, RdbValue rdb, long expireAt) {
        if (expireAt != Db.NO_EXPIRE) {
            out.writeByte(OPCODE_EXPIRETIME_MS);
            out.writeLittleEndian(expireAt, 8);
        }
        out.writeByte(RdbValueWriter.typeOf(rdb));
        out.writeString(key, compress);
        values.writeBody(out, rdb);
    }

    @Override
    public int size() {
        return out.size();
    }

    @Override
    public byte[] take() {
        byte[] bytes = out.toByteArray();
        out.reset();
        return bytes;
    }
}
