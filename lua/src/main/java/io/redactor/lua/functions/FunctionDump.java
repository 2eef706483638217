package io.redactor.lua.functions;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

import io.redactor.core.rdb.DumpPayload;
import io.redactor.core.rdb.RdbReader;
import io.redactor.core.rdb.RdbWriter;
import io.redactor.lua.Shebang;

/**
 * FUNCTION DUMP's payload, byte for byte as Redis 7.0 writes it: for each library the opcode
 * {@code RDB_OPCODE_FUNCTION2} (245) and its code as an RDB string (LZF-compressed when that saves 4 bytes and
 * compression is on), then the RDB version (10) and a CRC-64 ({@link DumpPayload}). The same entries hold
 * functions in RDB files.
 *
 * <p>Reading also accepts the format of Redis 7.0's release candidates ({@code RDB_OPCODE_FUNCTION}, 246: name,
 * engine, optional description, code without its first line), as Redis 7.0 does, and accepts what Redis accepts
 * even when odd: any older RDB version, a last string that reaches into the version and checksum bytes.
 */
public final class FunctionDump {
    static final int OPCODE_FUNCTION2 = 245;
    static final int OPCODE_FUNCTION_PRE_GA = 246;

    private FunctionDump() {
    }

    /**
     * The payload for these libraries, in this order.
     *
     * @param compress Redis's {@code rdbcompression} (yes by default)
     */
    public static byte[] encode(Collection<FunctionLibrary> libraries, boolean compress) {
        RdbWriter out = new RdbWriter();
        for (FunctionLibrary library : libraries) {
            out.writeByte(OPCODE_FUNCTION2);
            out.writeString(library.codeNoCopy(), compress);
        }
        return DumpPayload.seal(out);
    }

    /**
     * Checks the version and checksum and returns a reader of the libraries' codes.
     *
     * @throws FunctionError "ERR DUMP payload version or checksum are wrong"
     */
    public static Reader read(byte[] payload) {
        if (DumpPayload.verify(payload) < 0) {
            throw FunctionError.err("DUMP payload version or checksum are wrong");
        }
        return new Reader(payload);
    }

    /** The codes of a verified payload, one library at a time (Redis loads each before reading the next). */
    public static final class Reader {
        private final RdbReader in;

        private Reader(byte[] payload) {
            this.in = new RdbReader(payload);
        }

        /**
         * The next library's code, or null after the last.
         *
         * @throws FunctionError with Redis's text: "ERR given type is not a function", "ERR Failed loading library
         *                       payload", and for the release-candidate format "ERR Failed loading library name",
         *                       "... engine name", "... library description indicator", "... library description",
         *                       "... library blob"
         */
        public byte[] next() {
            if (in.length() - in.position() <= DumpPayload.TRAILER_LENGTH) {
                return null;
            }
            int type = in.readByte();
            if (type == OPCODE_FUNCTION_PRE_GA) {
                return preGa();
            }
            if (type != OPCODE_FUNCTION2) {
                throw FunctionError.err("given type is not a function");
            }
            return required("Failed loading library payload");
        }

        /** {@code "#!<engine> name=<name>\n<code>"}, built with C strings as Redis builds it. */
        private byte[] preGa() {
            byte[] name = required("Failed loading library name");
            byte[] engine = required("Failed loading engine name");
            long hasDescription = in.readLength();
            if (hasDescription == RdbReader.LENGTH_ERROR) {
                throw FunctionError.err("Failed loading library description indicator");
            }
            if (hasDescription != 0) {
                required("Failed loading library description");
            }
            byte[] blob = required("Failed loading library blob");
            ByteArrayOutputStream code = new ByteArrayOutputStream();
            code.writeBytes(("#!" + Shebang.cString(engine) + " name=" + Shebang.cString(name) + "\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            code.writeBytes(Shebang.cString(blob).getBytes(StandardCharsets.ISO_8859_1));
            return code.toByteArray();
        }

        private byte[] required(String error) {
            byte[] s = in.readString();
            if (s == null) {
                throw FunctionError.err(error);
            }
            return s;
        }
    }
}
