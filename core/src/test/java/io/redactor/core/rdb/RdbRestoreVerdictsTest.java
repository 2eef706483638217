package io.redactor.core.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Reading agrees with what Redis 7.0.15 makes of the same DUMP payloads. Each fixture line is a payload and
 * RESTORE's outcome on redis-server 7.0.15 with {@code sanitize-dump-payload yes} (its deep checks, which this
 * reader always applies): {@code ok} and the value's content as Redis replied it (see {@link RdbFixtures}),
 * {@code err} for "Bad data format", or {@code crash} when Redis died of it (an assertion on a NaN score in a
 * compact sorted set that it converts on load). The payloads are read whole, as RESTORE reads them, trailer
 * included. Both fixtures were made by scripts that are not kept in the repository:
 * <ul>
 * <li>{@code redis-restore-old-encodings.txt.gz}: payloads built following the formats of ziplist.c, zipmap.c,
 * listpack.c and intset.c (Redis 7.0 no longer writes the old ones): every type Redis 7.0 reads, with random
 * content, unusual but valid forms (integers kept as strings, 5-byte previous-entry sizes, counts of 65535 or 254,
 * zipmap free bytes, non-minimal intset widths, plain and empty quicklist nodes, text scores such as "0x10" or
 * " 2") and invalid ones (duplicates, wrong counts, unsorted intsets, NaN, empty values).
 * <li>{@code redis-restore-mutations.txt.gz}: 3000 random mutations (bit flips, bytes set to encoding markers,
 * insertions, deletions, truncations, repeated chunks) of the small payloads of the two other fixtures, with their
 * checksums recomputed.
 * </ul>
 * Where this reader is stricter than Redis on purpose, the test says so: a NaN score, and a score whose text is a
 * number followed by more bytes (Redis reads the number and ignores the rest).
 */
class RdbRestoreVerdictsTest {
    @Test
    void oldAndUnusualEncodingsReadAsRedisReadsThem() {
        assertAgrees("/rdb/redis-restore-old-encodings.txt.gz", 390);
    }

    @Test
    void corruptAndMutatedPayloadsAreRefusedWhenRedisRefusesThem() {
        assertAgrees("/rdb/redis-restore-mutations.txt.gz", 3000);
    }

    static void assertAgrees(String resource, int minimum) {
        List<String> mismatches = new ArrayList<>();
        int ok = 0;
        int rejected = 0;
        int stricter = 0;
        List<String> lines = RdbFixtures.lines(resource);
        for (String line : lines) {
            String[] p = line.split(" ");
            byte[] payload = RdbFixtures.HEX.parseHex(p[0]);
            String expected = p[1].equals("ok") ? RdbFixtures.zeroNegativeZeros(p[2]) : p[1];
            if (hasNaNScore(expected)) {
                expected = "err";
            }
            String got = outcome(payload);
            boolean unsupported = got.startsWith("unsupported");
            boolean redisRead = expected.contains(":");
            boolean agrees = redisRead ? got.equals(expected) || stricterOnScores(expected, got)
                    : unsupported ? isUnsupportedType(payload[0]) : got.startsWith("err");
            if (redisRead && got.equals(SCORE_TEXT)) {
                stricter++;
            }
            if (!agrees) {
                mismatches.add("type " + (payload[0] & 0xff) + ": Redis " + abbreviate(expected) + ", read "
                        + abbreviate(got) + "\n    " + abbreviate(p[0]));
            }
            if (got.startsWith("err") || unsupported) {
                rejected++;
            } else {
                ok++;
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " mismatches:\n" + String.join("\n", mismatches));
        assertTrue(lines.size() >= minimum, "only " + lines.size() + " lines");
        assertTrue(stricter <= lines.size() / 25, stricter + " sorted sets refused for their score text");
        assertTrue(ok > lines.size() / 5 && rejected > lines.size() / 20, ok + " read, " + rejected + " refused");
        assertEquals(lines.size(), ok + rejected);
    }

    /**
     * A sorted set that Redis read but this reader refused for a score whose text is a number followed by more
     * (Redis's {@code strtod} and {@code sscanf} stop at the number's end, and ignore the rest): refused on purpose.
     */
    private static boolean stricterOnScores(String expected, String got) {
        return expected.startsWith("zset:") && got.equals(SCORE_TEXT);
    }

    private static final String SCORE_TEXT = "err: score is not a number";

    private static boolean isUnsupportedType(byte type) {
        return !RdbType.isSupported(type & 0xff) && RdbType.isValueType(type & 0xff);
    }

    /**
     * A NaN score in a small listpack or ziplist sorted set: Redis 7.0.15 does not look at scores when loading one, and
     * keeps a set that answers nonsense (a big one it converts, and dies on); this reader refuses it.
     */
    private static boolean hasNaNScore(String content) {
        if (!content.startsWith("zset:")) {
            return false;
        }
        for (String pair : content.substring(5).split(",")) {
            String bits = pair.substring(pair.indexOf('=') + 1);
            if (Double.isNaN(Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16)))) {
                return true;
            }
        }
        return false;
    }

    /** "err", "unsupported", or the canonical content of what was read, as Redis would hold it. */
    static String outcome(byte[] payload) {
        if (DumpPayload.verify(payload) < 0) {
            return "err";
        }
        try {
            RdbValue v = RdbValueReader.read(new RdbReader(payload));
            return RdbFixtures.canonicalAsRedis(v);
        } catch (RdbBadDataException e) {
            return e.getMessage().equals("score is not a number") ? SCORE_TEXT : "err";
        } catch (RdbUnsupportedTypeException e) {
            return "unsupported";
        } catch (RdbReadException e) {
            throw new AssertionError(e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
