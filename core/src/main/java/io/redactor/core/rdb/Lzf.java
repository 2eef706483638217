package io.redactor.core.rdb;

import java.util.Arrays;

/**
 * LZF as Redis 7.0 uses it for RDB strings: the compressor is liblzf 3.6's in Redis's configuration (16-bit
 * hash table, {@code VERY_FAST}, not {@code ULTRA_FAST}), so that payloads come out byte for byte as Redis writes them;
 * the decompressor checks its input ({@code CHECK_INPUT}).
 *
 * <p>Format: {@code 000LLLLL} followed by L+1 literal bytes; {@code LLLooooo oooooooo} copies L+2 bytes from
 * offset o+1 back; {@code 111ooooo LLLLLLLL oooooooo} copies L+9 bytes.
 *
 * <p>Two quirks of the C code are kept because they decide the output: a match is never taken at input position 0
 * (the hash table's "empty" value), and positions inside a match are not hashed except its last two. Redis leaves
 * its hash table uninitialised, so in rare cases it finds a match through a stale pointer that a clean table (as
 * here) does not: the data round-trips either way.
 */
public final class Lzf {
    private static final int HLOG = 16;
    private static final int HSIZE = 1 << HLOG;
    private static final int MAX_LIT = 1 << 5;
    private static final int MAX_OFF = 1 << 13;
    private static final int MAX_REF = (1 << 8) + (1 << 3);

    private Lzf() {
    }

    /**
     * Compresses {@code in[inOff, inOff + inLen)} into {@code out}, using at most {@code outLen} bytes.
     *
     * @param out a buffer of at least {@code outLen + 1} bytes (the C code may write one byte past the limit
     *            while finding out it does not fit)
     * @return the compressed length, or 0 when the result does not fit in {@code outLen} bytes
     */
    public static int compress(byte[] in, int inOff, int inLen, byte[] out, int outLen) {
        return new Compressor().compress(in, inOff, inLen, out, outLen);
    }

    /**
     * A compressor whose 256 KB hash table is kept between calls, for writers that compress many strings. Its
     * entries are stamped with a base that grows with every call, so entries of earlier calls read as empty: the
     * output is the same as with a fresh table, without clearing it each time. Not thread-safe.
     */
    public static final class Compressor {
        private final int[] table = new int[HSIZE];
        /** Stamps of the current call are {@code base + (ip - inOff)}; anything at or below base is empty. */
        private int base;

        public Compressor() {
            this(1);
        }

        /** Starting at another base: lets tests reach the wrap-around of the stamps. */
        Compressor(int base) {
            this.base = base;
        }

        /** Same as {@link Lzf#compress}. */
        public int compress(byte[] in, int inOff, int inLen, byte[] out, int outLen) {
            if (inLen == 0 || outLen == 0) {
                return 0;
            }
            if (base > Integer.MAX_VALUE - 2 - inLen) {
                Arrays.fill(table, 0);
                base = 1;
            }
            int b = base;
            base += inLen + 1;
            return Lzf.compress(table, b, in, inOff, inLen, out, outLen);
        }
    }

    private static int compress(int[] table, int base, byte[] in, int inOff, int inLen, byte[] out, int outLen) {
        int ip = inOff;
        int inEnd = inOff + inLen;
        int op = 0;
        int outEnd = outLen;
        int lit = 0;
        op++; // start run
        int hval = inLen >= 2 ? first(in, ip) : 0; // the C code reads a byte past a one-byte input here
        while (ip < inEnd - 2) {
            hval = next(hval, in, ip);
            int slot = index(hval);
            int ref = inOff + (table[slot] - base);
            table[slot] = base + (ip - inOff);
            int off;
            if (ref > inOff && (off = ip - ref - 1) < MAX_OFF
                    && in[ref] == in[ip] && in[ref + 1] == in[ip + 1] && in[ref + 2] == in[ip + 2]) {
                int len = 2;
                int maxlen = inEnd - ip - len;
                maxlen = Math.min(maxlen, MAX_REF);
                out[op - lit - 1] = (byte) (lit - 1); // stop run
                op -= lit == 0 ? 1 : 0; // undo run if length is zero
                if (op + 3 + 1 >= outEnd) {
                    return 0;
                }
                len = matchLength(in, ref, ip, len, maxlen);
                len -= 2; // len is now #octets - 1
                ip++;
                if (len < 7) {
                    out[op++] = (byte) ((off >> 8) + (len << 5));
                } else {
                    out[op++] = (byte) ((off >> 8) + (7 << 5));
                    out[op++] = (byte) (len - 7);
                }
                out[op++] = (byte) off;
                lit = 0;
                op++; // start run
                ip += len + 1;
                if (ip >= inEnd - 2) {
                    break;
                }
                // VERY_FAST: hash only the last two positions of the match
                ip -= 2;
                hval = first(in, ip);
                hval = next(hval, in, ip);
                table[index(hval)] = base + (ip - inOff);
                ip++;
                hval = next(hval, in, ip);
                table[index(hval)] = base + (ip - inOff);
                ip++;
            } else {
                if (op >= outEnd) {
                    return 0;
                }
                lit++;
                out[op++] = in[ip++];
                if (lit == MAX_LIT) {
                    out[op - lit - 1] = (byte) (lit - 1); // stop run
                    lit = 0;
                    op++; // start run
                }
            }
        }
        if (op + 3 > outEnd) { // at most 3 bytes can be missing here
            return 0;
        }
        while (ip < inEnd) {
            lit++;
            out[op++] = in[ip++];
            if (lit == MAX_LIT) {
                out[op - lit - 1] = (byte) (lit - 1);
                lit = 0;
                op++;
            }
        }
        out[op - lit - 1] = (byte) (lit - 1); // end run
        op -= lit == 0 ? 1 : 0;
        return op;
    }

    /**
     * How far the match goes, as the C loop counts it: when more than 16 bytes remain it first compares 16 more
     * bytes without looking at {@code maxlen}, so a match may end up to two bytes past it (at the input's end).
     */
    private static int matchLength(byte[] in, int ref, int ip, int len, int maxlen) {
        if (maxlen > 16) {
            int m = Arrays.mismatch(in, ref + len + 1, ref + len + 17, in, ip + len + 1, ip + len + 17);
            if (m >= 0) {
                return len + 1 + m;
            }
            len += 16;
        }
        int from = len + 1;
        if (from >= maxlen) {
            return from;
        }
        int m = Arrays.mismatch(in, ref + from, ref + maxlen, in, ip + from, ip + maxlen);
        return m < 0 ? maxlen : from + m;
    }

    private static int first(byte[] in, int p) {
        return ((in[p] & 0xff) << 8) | (in[p + 1] & 0xff);
    }

    private static int next(int v, byte[] in, int p) {
        return (v << 8) | (in[p + 2] & 0xff);
    }

    private static int index(int h) {
        return ((h >>> (3 * 8 - HLOG)) - h * 5) & (HSIZE - 1);
    }

    /**
     * What {@link #decompress} would produce from {@code in[inOff, inOff + inLen)} with an output of
     * {@code limit} bytes, found without writing anything: lets a reader check an announced length before it
     * allocates that much.
     *
     * @return the decompressed length, or 0 when the input is corrupt or decompresses to more than {@code limit}
     */
    public static long decompressedLength(byte[] in, int inOff, int inLen, long limit) {
        int ip = inOff;
        int inEnd = inOff + inLen;
        long op = 0;
        if (inLen == 0) {
            return 0;
        }
        do {
            int ctrl = in[ip++] & 0xff;
            if (ctrl < (1 << 5)) {
                ctrl++;
                if (ip + ctrl > inEnd) {
                    return 0;
                }
                ip += ctrl;
                op += ctrl;
            } else {
                int len = ctrl >> 5;
                long back = ((ctrl & 0x1f) << 8) + 1;
                if (ip >= inEnd) {
                    return 0;
                }
                if (len == 7) {
                    len += in[ip++] & 0xff;
                    if (ip >= inEnd) {
                        return 0;
                    }
                }
                back += in[ip++] & 0xff;
                if (op < back) {
                    return 0;
                }
                op += len + 2;
            }
            if (op > limit) {
                return 0;
            }
        } while (ip < inEnd);
        return op;
    }

    /**
     * Decompresses {@code in[inOff, inOff + inLen)} into {@code out[0, outLen)}.
     *
     * @return the decompressed length, or 0 when the input is corrupt or the output does not fit
     */
    public static int decompress(byte[] in, int inOff, int inLen, byte[] out, int outLen) {
        int ip = inOff;
        int inEnd = inOff + inLen;
        int op = 0;
        if (inLen == 0) {
            return 0;
        }
        do {
            int ctrl = in[ip++] & 0xff;
            if (ctrl < (1 << 5)) {
                ctrl++;
                if (op + ctrl > outLen || ip + ctrl > inEnd) {
                    return 0;
                }
                System.arraycopy(in, ip, out, op, ctrl);
                ip += ctrl;
                op += ctrl;
            } else {
                int len = ctrl >> 5;
                int ref = op - ((ctrl & 0x1f) << 8) - 1;
                if (ip >= inEnd) {
                    return 0;
                }
                if (len == 7) {
                    len += in[ip++] & 0xff;
                    if (ip >= inEnd) {
                        return 0;
                    }
                }
                ref -= in[ip++] & 0xff;
                if (op + len + 2 > outLen || ref < 0) {
                    return 0;
                }
                op = copyBack(out, ref, op, len + 2);
            }
        } while (ip < inEnd);
        return op;
    }

    /**
     * Copies {@code n} bytes starting {@code op - ref} bytes back to {@code op}; returns the new end. A back reference
     * shorter than its length repeats what it covers (a run of one byte is a reference one byte back), so the copy
     * goes in chunks that double: what is already written repeats with the reference's period.
     */
    private static int copyBack(byte[] out, int ref, int op, int n) {
        while (n > 0) {
            int chunk = Math.min(op - ref, n);
            System.arraycopy(out, ref, out, op, chunk);
            op += chunk;
            n -= chunk;
        }
        return op;
    }
}
