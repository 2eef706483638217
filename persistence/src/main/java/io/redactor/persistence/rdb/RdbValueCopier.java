package io.redactor.persistence.rdb;

import java.io.IOException;

/**
 * Copies the bytes of one value out of an RDB stream without decoding it, following the structure of its type
 * (how many strings, lengths and doubles it is made of), so that a value reader can then parse it from memory.
 */
final class RdbValueCopier {
    private RdbValueCopier() {
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
            case 15, 19 -> throw new RdbFileReader.RdbFormatException("a stream at offset " + offset
                    + ": Redactor does not have streams yet");
            case 6, 7 -> throw new RdbFileReader.RdbFormatException("a module value at offset " + offset
                    + ": Redactor has no modules");
            default -> throw new RdbFileReader.RdbFormatException("Unknown RDB encoding type " + type
                    + " at offset " + offset);
        }
    }
}
