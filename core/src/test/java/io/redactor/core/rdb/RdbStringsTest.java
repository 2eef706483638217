package io.redactor.core.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;

/**
 * RDB string encodings against Redis 7.0.15's own: {@code redis-string-encodings.txt.gz} holds 400 values
 * (random bytes, runs, small alphabets, text, repeated blocks, library code, matches near LZF's 8 KB offset
 * limit, lengths at the edges of its match logic) and the string part of {@code DUMP} after {@code SET k value}
 * on redis-server 7.0.15 with default settings (rdbcompression yes).
 */
class RdbStringsTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void writesStringsExactlyAsRedisDoesAndReadsThemBack() throws IOException {
        int lines = 0;
        int compressed = 0;
        try (InputStream in = getClass().getResourceAsStream("/rdb/redis-string-encodings.txt.gz");
                BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in),
                        StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] parts = line.split(" ");
                byte[] value = HEX.parseHex(parts[0]);
                byte[] expected = HEX.parseHex(parts[1]);
                byte[] written = new RdbWriter().writeString(value, true).toByteArray();
                assertEquals(parts[1], HEX.formatHex(written), "value " + parts[0]);
                assertArrayEquals(value, new RdbReader(expected).readString());
                lines++;
                compressed += (expected[0] & 0xff) == 0xc3 ? 1 : 0;
            }
        }
        assertEquals(400, lines);
        assertTrue(compressed > 150, "fixtures should exercise LZF: " + compressed);
    }

    @Test
    void integersUpTo32BitsAreWrittenAsIntegers() {
        assertEquals("c07f", hex(new RdbWriter().writeString(bytes("127"), true)));
        assertEquals("c080", hex(new RdbWriter().writeString(bytes("-128"), true)));
        assertEquals("c18000", hex(new RdbWriter().writeString(bytes("128"), true)));
        assertEquals("c2ffffff7f", hex(new RdbWriter().writeString(bytes("2147483647"), true)));
        assertEquals("0a32313437343833363438", hex(new RdbWriter().writeString(bytes("2147483648"), true)));
        assertEquals("03303132", hex(new RdbWriter().writeString(bytes("012"), true)));
        assertEquals("-45", text(new RdbReader(HEX.parseHex("c0d3")).readString()));
        assertEquals("-32768", text(new RdbReader(HEX.parseHex("c10080")).readString()));
        assertEquals("-2147483648", text(new RdbReader(HEX.parseHex("c200000080")).readString()));
    }

    @Test
    void lengthsUseSixFourteenThirtyTwoOrSixtyFourBits() {
        assertEquals("3f", hex(new RdbWriter().writeLength(63)));
        assertEquals("4040", hex(new RdbWriter().writeLength(64)));
        assertEquals("7fff", hex(new RdbWriter().writeLength(16383)));
        assertEquals("8000004000", hex(new RdbWriter().writeLength(16384)));
        assertEquals("810000000100000000", hex(new RdbWriter().writeLength(1L << 32)));
        assertEquals(1L << 32, new RdbReader(HEX.parseHex("810000000100000000")).readLength());
        assertEquals(5, new RdbReader(HEX.parseHex("c5")).readLength(), "an encoding byte read as a plain length");
    }

    @Test
    void unreadableStringsAreNull() {
        assertNull(new RdbReader(HEX.parseHex("05616263")).readString(), "shorter than announced");
        assertNull(new RdbReader(HEX.parseHex("c4")).readString(), "unknown string encoding");
        assertNull(new RdbReader(HEX.parseHex("82")).readString(), "unknown length encoding");
        assertNull(new RdbReader(HEX.parseHex("c1ff")).readString(), "truncated integer");
        assertNull(new RdbReader(HEX.parseHex("c3051078787878")).readString(), "corrupt LZF");
        assertNull(new RdbReader(HEX.parseHex("c3020a0161")).readString(), "LZF input shorter than its literal run");
        assertNull(new RdbReader(HEX.parseHex("c301ff00")).readString(), "absurd LZF expansion");
        assertEquals("ab", text(new RdbReader(HEX.parseHex("c303020161620000")).readString()));
    }

    @Test
    void lzfRoundTripsWhatItCompresses() {
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 300; round++) {
            byte[] in = new byte[1 + random.nextInt(3000)];
            int alphabet = 1 + random.nextInt(round % 3 == 0 ? 256 : 4);
            for (int i = 0; i < in.length; i++) {
                in[i] = (byte) random.nextInt(alphabet);
            }
            byte[] out = new byte[in.length * 2 + 16];
            int n = Lzf.compress(in, 0, in.length, out, in.length * 2 + 15);
            assertTrue(n > 0);
            byte[] back = new byte[in.length];
            assertEquals(in.length, Lzf.decompress(out, 0, n, back, in.length));
            assertArrayEquals(in, back);
        }
    }

    @Test
    void lzfRoundTripsRepeatedPatternsOfEveryShortPeriod() {
        for (int period = 1; period <= 40; period++) {
            for (int length : new int[] {period, 2 * period + 1, 100, 300, 5000}) {
                byte[] in = new byte[length];
                for (int i = 0; i < length; i++) {
                    in[i] = (byte) ((i % period) * 7 + period);
                }
                byte[] out = new byte[length * 2 + 16];
                int n = Lzf.compress(in, 0, length, out, length * 2 + 15);
                byte[] back = new byte[length];
                assertEquals(length, Lzf.decompress(out, 0, n, back, length), "period " + period);
                assertArrayEquals(in, back, "period " + period + ", length " + length);
            }
        }
    }

    @Test
    void crc64IsRedisJonesVariant() {
        assertEquals(0xe9c6d914c4b8d9caL, Crc64.of(bytes("123456789"), 0, 9));
        // FUNCTION DUMP of no libraries on redis-server 7.0.15
        assertEquals("0a005d9b5c400f7fa2da", hex(DumpPayload.seal(new RdbWriter())));
    }

    @Test
    void crc64OverWordsEqualsTheBitwiseDefinitionAtEveryOffsetAndSplit() {
        byte[] data = new byte[300];
        new java.util.Random(64).nextBytes(data);
        for (int off = 0; off < 9; off++) {
            for (int len = 0; len + off <= data.length; len += 7) {
                long expected = bitwiseCrc64(data, off, len);
                assertEquals(expected, Crc64.of(data, off, len), off + "+" + len);
                int half = len / 2;
                assertEquals(expected, Crc64.update(Crc64.of(data, off, half), data, off + half, len - half));
            }
        }
    }

    /** The CRC straight from its definition: reflected polynomial 0xad93d23594c935a9, one bit at a time. */
    private static long bitwiseCrc64(byte[] data, int off, int len) {
        long crc = 0;
        for (int i = off; i < off + len; i++) {
            crc ^= data[i] & 0xff;
            for (int k = 0; k < 8; k++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ Long.reverse(0xad93d23594c935a9L) : crc >>> 1;
            }
        }
        return crc;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static String hex(RdbWriter w) {
        return HEX.formatHex(w.toByteArray());
    }

    private static String hex(byte[] b) {
        return HEX.formatHex(b);
    }
}
