package io.redactor.persistence.rdb;

import java.io.IOException;

/**
 * Copies the bytes of one value out of an RDB stream without decoding it, following the structure of its type
 * (how many strings, lengths and doubles it is made of), so that a value reader can then parse it from memory.
 */
final class RdbValueCopier {
    private RdbValueCopier() {
    }

    /**
     * A stream: its nodes (master ID and listpack strings), entry count and IDs (full 64-bit numbers), then its groups
     * with their pending entries (raw 16-byte IDs, 8-byte times) and consumers. Type 19 has three more IDs and
     * counters than type 15.
     */
    private static void copyStream(boolean v2, RdbInput in, RdbInput.RawBytes out) throws IOException {
        long nodes = in.copyLength(out);
        for (long i = 0; i < nodes; i++) {
            in.copyString(out);
            in.copyString(out);
        }
        copyNumbers(in, out, v2 ? 8 : 3);
        long groups = in.copyLength(out);
        for (long g = 0; g < groups; g++) {
            in.copyString(out);
            copyNumbers(in, out, v2 ? 3 : 2);
            long pending = in.copyLength(out);
            for (long i = 0; i < pending; i++) {
                out.add(in.readBytes(16 + 8));
                copyNumbers(in, out, 1);
            }
            long consumers = in.copyLength(out);
            for (long c = 0; c < consumers; c++) {
                in.copyString(out);
                out.add(in.readBytes(8));
                long ids = in.copyLength(out);
                for (long i = 0; i < ids; i++) {
                    out.add(in.readBytes(16));
                }
            }
        }
    }

    private static void copyNumbers(RdbInput in, RdbInput.RawBytes out, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            in.copyNumber(out);
        }
    }

    static void copy(int type, RdbInput in, RdbInput.RawBytes out, long offset)
            throws IOException, RdbFileReader.RdbFormatException {
        switch (type) {
            case 0, 9, 10, 11, 12, 13, 16, 17 -> in.copyString(out);
            case 1, 2, 14 -> {
                long n = in.copyLength(out);
                for (long i = 0; i < n; i++) {
                    in.copyString(out);
                }
            }
            case 4 -> {
                long n = in.copyLength(out);
                for (long i = 0; i < n; i++) {
                    in.copyString(out);
                    in.copyString(out);
                }
            }
            case 3 -> {
                long n = in.copyLength(out);
                for (long i = 0; i < n; i++) {
                    in.copyString(out);
                    int len = in.readByte();
                    out.add(len);
                    if (len < 253) {
                        out.add(in.readBytes(len));
                    }
                }
            }
            case 5 -> {
                long n = in.copyLength(out);
                for (long i = 0; i < n; i++) {
                    in.copyString(out);
                    out.add(in.readBytes(8));
                }
            }
            case 18 -> {
                long n = in.copyLength(out);
                for (long i = 0; i < n; i++) {
                    in.copyLength(out);
                    in.copyString(out);
                }
            }
            case 15, 19 -> copyStream(type == 19, in, out);
            case 6, 7 -> throw new RdbFileReader.RdbFormatException("a module value at offset " + offset
                    + ": Redactor has no modules");
            default -> throw new RdbFileReader.RdbFormatException("Unknown RDB encoding type " + type
                    + " at offset " + offset);
        }
    }
}
