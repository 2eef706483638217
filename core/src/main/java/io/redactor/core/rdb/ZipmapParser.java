package io.redactor.core.rdb;

/**
 * Checks and reads a zipmap, the compact hash encoding of Redis before 2.6 (type 9), as Redis 7.0's
 * {@code zipmapValidateIntegrity} does with deep validation, which the loader always asks for.
 *
 * <p>Layout: a count byte (254 or more meaning "count them"), then per pair: the field's length, the field, the
 * value's length, a byte counting unused bytes after the value, the value, the unused bytes; then 0xFF. A length is
 * one byte below 254, else 0xFE (or 0xFF in a value's length) and 32 bits little-endian. Checked: the end byte,
 * every length and string inside the blob, at least one pair, and the count unless it is 254.
 */
final class ZipmapParser {
    private static final int BIG_LENGTH = 254;
    private static final int END = 0xff;

    private ZipmapParser() {
    }

    /** Hands the sink field, value, field, value...; returns the number of pairs. */
    static int parse(byte[] a, int off, int size, EntrySink sink) throws RdbBadDataException {
        if (size < 2) {
            throw bad("shorter than a header");
        }
        int last = off + size - 1;
        if ((a[last] & 0xff) != END) {
            throw bad("no end byte");
        }
        int min = off + 2;
        long p = off + 1;
        int count = 0;
        while ((a[(int) p] & 0xff) != END) {
            int q = (int) p;
            int s = lengthSize(a, q);
            if (q + s < min || q + s > last) {
                throw bad("field length past the end");
            }
            long fieldLength = length(a, q);
            long field = q + s;
            p = field + fieldLength;
            if (p < min || p > last) {
                throw bad("field past the end");
            }
            q = (int) p;
            s = lengthSize(a, q);
            if (q + s < min || q + s > last) {
                throw bad("value length past the end");
            }
            long valueLength = length(a, q);
            int free = a[q + s] & 0xff;
            long value = q + s + 1;
            p = value + valueLength + free;
            count++;
            if (p < min || p > last) {
                throw bad("value past the end");
            }
            sink.string(a, (int) field, (int) fieldLength);
            sink.string(a, (int) value, (int) valueLength);
        }
        if (count == 0) {
            throw bad("no pairs");
        }
        int header = a[off] & 0xff;
        if (header != BIG_LENGTH && header != count) {
            throw bad("count " + header + " but " + count + " pairs");
        }
        return count;
    }

    private static int lengthSize(byte[] a, int p) {
        return (a[p] & 0xff) < BIG_LENGTH ? 1 : 5;
    }

    private static long length(byte[] a, int p) {
        int b = a[p] & 0xff;
        return b < BIG_LENGTH ? b : ListpackParser.littleEndian(a, p + 1, 4);
    }

    private static RdbBadDataException bad(String why) {
        return new RdbBadDataException("zipmap: " + why);
    }
}
