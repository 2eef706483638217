package io.redactor.core.rdb;

/**
 * Checks and reads a ziplist, the compact encoding of Redis before 7.0 (types 10, 12, 13 and the nodes of 14), as
 * Redis 7.0's {@code ziplistValidateIntegrity} does with deep validation.
 *
 * <p>Layout: total bytes (32 bits), offset of the last entry (32 bits), entry count (16 bits, 65535 meaning
 * "count them"), all little-endian, the entries, then 0xFF. An entry is: the previous entry's size (1 byte below
 * 254, else 0xFE and 32 bits little-endian), an encoding, the data. Encodings: strings with a length of 6 bits
 * ({@code 00xxxxxx}), 14 bits big-endian ({@code 01xxxxxx} + 1 byte) or 32 bits big-endian ({@code 10______} + 4
 * bytes); integers of 16, 32, 64, 24 and 8 bits little-endian after 0xC0, 0xD0, 0xE0, 0xF0, 0xFE; 0..12 as
 * 0xF1..0xFD.
 *
 * <p>Checked: header size and end byte, the last-entry offset within the blob and (when there are entries) pointing
 * at the last one, every entry's header and data inside the blob, every previous-size field equal to the previous
 * entry's size, the entries ending exactly at the end byte, and the count.
 */
final class ZiplistParser {
    private static final int HEADER_SIZE = 10;
    private static final int END = 0xff;
    private static final int BIG_PREVLEN = 254;

    /** A header count of 65535: the entries must be counted. */
    private static final long UNKNOWN_COUNT = 65535;

    private ZiplistParser() {
    }

    /** @return the number of entries */
    static int parse(byte[] a, int off, int size, EntrySink sink) throws RdbBadDataException {
        if (size < HEADER_SIZE + 1) {
            throw bad("shorter than a header");
        }
        if (ListpackParser.littleEndian(a, off, 4) != size) {
            throw bad("total bytes do not match the blob");
        }
        int last = off + size - 1;
        if ((a[last] & 0xff) != END) {
            throw bad("no end byte");
        }
        long tail = ListpackParser.littleEndian(a, off + 4, 4);
        if (tail > size - 1) {
            throw bad("last-entry offset past the end");
        }
        long header = ListpackParser.littleEndian(a, off + 8, 2);
        if (header != UNKNOWN_COUNT) {
            sink.expect((int) Math.min(header, size / 2));
        }
        int first = off + HEADER_SIZE;
        int p = first;
        int previous = -1;
        long previousSize = 0;
        int count = 0;
        while ((a[p] & 0xff) != END) {
            int prevlenSize = (a[p] & 0xff) < BIG_PREVLEN ? 1 : 5;
            if (p + prevlenSize > last) {
                throw bad("entry header past the end");
            }
            int encoding = a[p + prevlenSize] & 0xff;
            int lenSize = lengthSize(encoding);
            if (lenSize == 0) {
                throw bad("unknown entry encoding " + Integer.toHexString(encoding));
            }
            if (p + prevlenSize + lenSize > last) {
                throw bad("entry header past the end");
            }
            long prevlen = prevlenSize == 1 ? a[p] & 0xff : ListpackParser.littleEndian(a, p + 1, 4);
            long dataSize = dataSize(a, p + prevlenSize, encoding);
            long entrySize = prevlenSize + lenSize + dataSize;
            if (p + entrySize > last) {
                throw bad("entry past the end");
            }
            if (p - prevlen < first) {
                throw bad("previous-entry size before the start");
            }
            if (prevlen != previousSize) {
                throw bad("previous-entry size does not match");
            }
            int data = p + prevlenSize + lenSize;
            if (encoding < 0xc0) {
                sink.string(a, data, (int) dataSize);
            } else {
                sink.integer(integer(a, data, encoding));
            }
            previousSize = entrySize;
            previous = p;
            p += (int) entrySize;
            count++;
        }
        if (p != last) {
            throw bad("end byte before the end");
        }
        if (previous >= 0 && previous != off + tail) {
            throw bad("last-entry offset does not point at the last entry");
        }
        if (header != UNKNOWN_COUNT && header != count) {
            throw bad("count " + header + " but " + count + " entries");
        }
        return count;
    }

    /** {@code zipEncodingLenSize}: the bytes of encoding and length, or 0 for an unknown encoding. */
    private static int lengthSize(int encoding) {
        return switch (encoding >> 6) {
            case 0 -> 1;
            case 1 -> 2;
            case 2 -> 5;
            default -> switch (encoding) {
                case 0xc0, 0xd0, 0xe0, 0xf0, 0xfe -> 1;
                default -> encoding >= 0xf1 && encoding <= 0xfd ? 1 : 0;
            };
        };
    }

    private static long dataSize(byte[] a, int p, int encoding) {
        return switch (encoding >> 6) {
            case 0 -> encoding & 0x3f;
            case 1 -> ((encoding & 0x3f) << 8) | (a[p + 1] & 0xff);
            case 2 -> ((long) (a[p + 1] & 0xff) << 24) | ((a[p + 2] & 0xff) << 16) | ((a[p + 3] & 0xff) << 8)
                    | (a[p + 4] & 0xff);
            default -> switch (encoding) {
                case 0xc0 -> 2;
                case 0xd0 -> 4;
                case 0xe0 -> 8;
                case 0xf0 -> 3;
                case 0xfe -> 1;
                default -> 0;
            };
        };
    }

    private static long integer(byte[] a, int p, int encoding) {
        int bytes = switch (encoding) {
            case 0xc0 -> 2;
            case 0xd0 -> 4;
            case 0xe0 -> 8;
            case 0xf0 -> 3;
            case 0xfe -> 1;
            default -> 0;
        };
        if (bytes == 0) {
            return (encoding & 0x0f) - 1;
        }
        int unused = 64 - 8 * bytes;
        return (ListpackParser.littleEndian(a, p, bytes) << unused) >> unused;
    }

    private static RdbBadDataException bad(String why) {
        return new RdbBadDataException("ziplist: " + why);
    }
}
