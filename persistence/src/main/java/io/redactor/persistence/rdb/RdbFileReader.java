package io.redactor.persistence.rdb;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads an RDB file of version 1 to 10 as Redis 7.0 loads one: the {@code REDIS0010} header, then opcodes (aux
 * fields, database selection and resize hints, expiry, LRU and LFU data, function libraries) and keys with their
 * values, up to the end marker and the CRC-64, which is checked (0 means it was saved without one). Values are
 * handed over undecoded, as their type and their bytes; their decoding is the caller's.
 */
public final class RdbFileReader {
    public static final int VERSION = 10;

    static final int OPCODE_FUNCTION2 = 245;
    static final int OPCODE_FUNCTION = 246;
    static final int OPCODE_MODULE_AUX = 247;
    static final int OPCODE_IDLE = 248;
    static final int OPCODE_FREQ = 249;
    static final int OPCODE_AUX = 250;
    static final int OPCODE_RESIZEDB = 251;
    static final int OPCODE_EXPIRETIME_MS = 252;
    static final int OPCODE_EXPIRETIME = 253;
    static final int OPCODE_SELECTDB = 254;
    static final int OPCODE_EOF = 255;

    /** What the file holds, in file order. */
    public interface Visitor {
        void aux(byte[] key, byte[] value);

        /** A function library's code, as FUNCTION LOAD takes it. */
        void library(byte[] code) throws RdbFormatException;

        /**
         * A key: its database, its value's RDB type and bytes (after the type byte), its expiry in unix ms (-1 for
         * none), its LRU idle seconds (-1 when not saved) and LFU frequency (-1 when not saved).
         */
        void entry(int db, byte[] key, int type, byte[] value, long expireAt, long idleSeconds, int frequency)
                throws RdbFormatException;

        /**
         * The resize hint before a database's keys: how many keys it holds, and how many of them have a time to
         * live, as the file says (a hint, not checked).
         */
        default void resize(int db, long keys, long expiring) {
        }
    }

    /** The file is not an RDB file Redactor can read: why, and where. */
    public static final class RdbFormatException extends Exception {
        private static final long serialVersionUID = 1L;

        public RdbFormatException(String message) {
            super(message);
        }
    }

    private RdbFileReader() {
    }

    /** Reads the whole RDB part of {@code in} and returns its version. */
    public static int read(RdbInput in, Visitor visitor) throws IOException, RdbFormatException {
        byte[] header = new byte[9];
        try {
            in.readFully(header, 0, 9);
        } catch (EOFException e) {
            throw new RdbFormatException("the file is shorter than an RDB header");
        }
        String magic = new String(header, StandardCharsets.ISO_8859_1);
        if (!magic.startsWith("REDIS")) {
            throw new RdbFormatException("Wrong signature trying to load DB from file");
        }
        int version = parseVersion(magic.substring(5));
        if (version < 1 || version > VERSION) {
            throw new RdbFormatException("Can't handle RDB format version " + magic.substring(5));
        }
        int db = 0;
        long expireAt = -1;
        long idle = -1;
        int frequency = -1;
        RdbInput.RawBytes raw = new RdbInput.RawBytes();
        try {
            while (true) {
                long at = in.position();
                int type = in.readByte();
                switch (type) {
                    case OPCODE_EXPIRETIME -> expireAt = in.readLittleEndian(4) * 1000;
                    case OPCODE_EXPIRETIME_MS -> expireAt = in.readLittleEndian(8);
                    case OPCODE_FREQ -> frequency = in.readByte();
                    case OPCODE_IDLE -> idle = in.readLength();
                    case OPCODE_SELECTDB -> {
                        long selected = in.readLength();
                        if (selected >= 16) {
                            throw new RdbFormatException("Data file was created with a Redis server configured to "
                                    + "handle more than 16 databases (SELECTDB " + selected + " at offset " + at
                                    + ")");
                        }
                        db = (int) selected;
                    }
                    case OPCODE_RESIZEDB -> visitor.resize(db, in.readLength(), in.readLength());
                    case OPCODE_AUX -> visitor.aux(in.readString(), in.readString());
                    case OPCODE_MODULE_AUX -> throw new RdbFormatException("The RDB file contains AUX module data "
                            + "at offset " + at + ": Redactor has no modules");
                    case OPCODE_FUNCTION2 -> visitor.library(in.readString());
                    case OPCODE_FUNCTION -> visitor.library(preGaLibrary(in));
                    case OPCODE_EOF -> {
                        checkSum(in, version);
                        return version;
                    }
                    default -> {
                        byte[] key = in.readString();
                        raw.clear();
                        RdbValueCopier.copy(type, in, raw, at);
                        visitor.entry(db, key, type, raw.toByteArray(), expireAt, idle, frequency);
                        expireAt = -1;
                        idle = -1;
                        frequency = -1;
                    }
                }
            }
        } catch (EOFException e) {
            throw new RdbFormatException("Short read or OOM loading DB: " + e.getMessage());
        }
    }

    /** Redis 7.0's release candidates wrote name, engine, an optional description and the code without a shebang. */
    private static byte[] preGaLibrary(RdbInput in) throws IOException {
        byte[] name = in.readString();
        byte[] engine = in.readString();
        if (in.readLength() != 0) {
            in.readString();
        }
        byte[] blob = in.readString();
        String head = "#!" + new String(engine, StandardCharsets.ISO_8859_1) + " name="
                + new String(name, StandardCharsets.ISO_8859_1) + "\n";
        byte[] prefix = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] code = new byte[prefix.length + blob.length];
        System.arraycopy(prefix, 0, code, 0, prefix.length);
        System.arraycopy(blob, 0, code, prefix.length, blob.length);
        return code;
    }

    private static void checkSum(RdbInput in, int version) throws IOException, RdbFormatException {
        if (version < 5) {
            return;
        }
        long expected = in.crc();
        long stored = in.readLittleEndian(8);
        if (stored != 0 && stored != expected) {
            throw new RdbFormatException(String.format("Wrong RDB checksum expected: (%x) but got (%x)", expected,
                    stored));
        }
    }

    private static int parseVersion(String digits) {
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return i == 0 ? -1 : v;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
