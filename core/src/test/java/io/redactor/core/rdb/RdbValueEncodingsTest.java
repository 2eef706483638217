package io.redactor.core.rdb;

import static io.redactor.core.rdb.RdbFixtures.HEX;
import static io.redactor.core.rdb.RdbFixtures.canonical;
import static io.redactor.core.rdb.RdbFixtures.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Lists, sets, hashes and sorted sets against Redis 7.0.15's own encodings. {@code redis-value-encodings.txt.gz}
 * was made by a script (not kept in the repository) that, on a redis-server 7.0.15 with default settings but the
 * ones named below, built each value by plain insertion and saved its {@code DUMP} payload. One line per value:
 * <ul>
 * <li>{@code list <list-max-listpack-size> <rdbcompression 1|0> <packed threshold, 0 for the default> <elements>
 * <dump>}: RPUSH of the elements in order; sizes -1..-6 and 0..40000 (clamped by Redis to -5..32767); elements
 * at the edges of every listpack encoding (integers of each width, non-canonical numbers, strings of 63/64,
 * 4095/4096 bytes, entry sizes at the backlen thresholds 127/128, 16383 and 2097151); the lines with a threshold
 * were made after {@code DEBUG QUICKLIST-PACKED-THRESHOLD}, so that elements from that size on went to plain nodes.
 * <li>{@code set <intset 1|0> <compress> <members added> = <dump>}: SADD in that order (repeats included), intsets
 * of 16, 32 and 64-bit members and hash-table sets.
 * <li>{@code hash <listpack 1|0> <compress> <field=value pairs> = <dump>}: HSET in that order.
 * <li>{@code zset <listpack 1|0> <compress> <member=score pairs> <content or => <dump>}: ZADD, the pairs in Redis's
 * order, scores as the hex of their bits (integral ones up to and past 2^62, fractions, +-inf, -0, subnormals);
 * the content is what ZRANGE WITHSCORES replied when it differs (a listpack keeps -0 as the integer 0, and a set
 * converted from a listpack to a skiplist keeps that 0), and it is then what the writer is given.
 * </ul>
 * Items are hex, "-" for an empty string. The writer must produce the payload byte for byte: from the input for
 * lists, intsets, listpack hashes and all sorted sets (whose order is defined), and for hash-table sets and hashes
 * (whose order is Redis's dict order) from the value read back from Redis's payload. The reader must return the
 * content Redis reported ("=": that of the input).
 */
class RdbValueEncodingsTest {
    private final Map<String, Integer> counts = new HashMap<>();

    @Test
    void writesAndReadsEveryEncodingAsRedisDoes() throws RdbReadException {
        for (String line : RdbFixtures.lines("/rdb/redis-value-encodings.txt.gz")) {
            String[] p = line.split(" ");
            switch (p[0]) {
                case "list" -> list(p);
                case "set" -> set(p);
                case "hash" -> hash(p);
                case "zset" -> zset(p);
                default -> throw new AssertionError(line);
            }
        }
        assertTrue(counts.getOrDefault("list multi-node", 0) > 50, counts.toString());
        assertTrue(counts.getOrDefault("list plain", 0) > 10, counts.toString());
        assertTrue(counts.getOrDefault("set 1", 0) > 20 && counts.getOrDefault("set 0", 0) > 20, counts.toString());
        assertTrue(counts.getOrDefault("hash 1", 0) > 20 && counts.getOrDefault("hash 0", 0) > 20, counts.toString());
        assertTrue(counts.getOrDefault("zset 1", 0) > 20 && counts.getOrDefault("zset 0", 0) > 20, counts.toString());
        assertTrue(counts.getOrDefault("lzf", 0) > 30, counts.toString());
    }

    private void list(String[] p) throws RdbReadException {
        int fill = Integer.parseInt(p[1]);
        boolean compress = p[2].equals("1");
        long threshold = Long.parseLong(p[3]);
        List<byte[]> elements = strings(p[4]);
        byte[] dump = HEX.parseHex(p[5]);
        RdbValueWriter writer = threshold == 0 ? new RdbValueWriter(compress, fill)
                : new RdbValueWriter(compress, fill, threshold);
        assertWrites(writer, new RdbList(elements), dump, p);
        RdbValue read = RdbFixtures.readDump(dump);
        assertEquals(canonical(new RdbList(elements)), canonical(read));
        count((dump[1] & 0xff) > 1 ? "list multi-node" : "list single-node");
        count(threshold > 0 ? "list plain" : "list");
    }

    private void set(String[] p) throws RdbReadException {
        boolean intset = p[1].equals("1");
        boolean compress = p[2].equals("1");
        Map<String, byte[]> distinct = new LinkedHashMap<>();
        for (byte[] m : strings(p[3])) {
            distinct.putIfAbsent(RdbFixtures.hex(m), m);
        }
        RdbSet input = new RdbSet(new ArrayList<>(distinct.values()), intset);
        byte[] dump = HEX.parseHex(p[5]);
        RdbSet read = assertInstanceOf(RdbSet.class, RdbFixtures.readDump(dump));
        assertEquals(intset, read.intset());
        assertEquals(canonical(input), canonical(read));
        assertWrites(new RdbValueWriter(compress, -2), intset ? input : read, dump, p);
        count("set " + p[1]);
    }

    private void hash(String[] p) throws RdbReadException {
        boolean listpack = p[1].equals("1");
        boolean compress = p[2].equals("1");
        List<byte[]> fields = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (String pair : p[3].split(",")) {
            String[] fv = pair.split("=");
            fields.add(RdbFixtures.unhex(fv[0]));
            values.add(RdbFixtures.unhex(fv[1]));
        }
        RdbHash input = new RdbHash(fields, values, listpack);
        byte[] dump = HEX.parseHex(p[5]);
        RdbHash read = assertInstanceOf(RdbHash.class, RdbFixtures.readDump(dump));
        assertEquals(listpack, read.listpack());
        assertEquals(canonical(input), canonical(read));
        assertWrites(new RdbValueWriter(compress, -2), listpack ? input : read, dump, p);
        count("hash " + p[1]);
    }

    private void zset(String[] p) throws RdbReadException {
        boolean listpack = p[1].equals("1");
        boolean compress = p[2].equals("1");
        // The content, when given, is the input as Redis keeps it: what it writes (a set built as a listpack then
        // converted to a skiplist has 0 where -0 was added).
        String content = p[4].equals("=") ? p[3] : p[4];
        List<byte[]> members = new ArrayList<>();
        String[] pairs = content.split(",");
        double[] scores = new double[pairs.length];
        for (int i = 0; i < pairs.length; i++) {
            String[] ms = pairs[i].split("=");
            members.add(RdbFixtures.unhex(ms[0]));
            scores[i] = Double.longBitsToDouble(Long.parseUnsignedLong(ms[1], 16));
        }
        byte[] dump = HEX.parseHex(p[5]);
        assertWrites(new RdbValueWriter(compress, -2), new RdbSortedSet(members, scores, listpack), dump, p);
        RdbSortedSet read = assertInstanceOf(RdbSortedSet.class, RdbFixtures.readDump(dump));
        assertEquals(listpack, read.listpack());
        assertEquals(content, RdbFixtures.zsetInOrder(read));
        count("zset " + p[1]);
    }

    private void assertWrites(RdbValueWriter writer, RdbValue value, byte[] dump, String[] p) {
        byte[] written = DumpPayload.seal(writer.write(new RdbWriter(), value));
        if (!HEX.formatHex(written).equals(HEX.formatHex(dump))) {
            int at = firstDifference(written, dump);
            int from = Math.max(0, at - 40);
            throw new AssertionError(p[0] + " " + p[1] + " " + p[2] + " differs at byte " + at + " of " + dump.length
                    + ":\n  expected ..." + HEX.formatHex(dump, from, Math.min(dump.length, at + 80))
                    + "\n  written  ..." + HEX.formatHex(written, from, Math.min(written.length, at + 80)));
        }
        if (!p[0].equals("list") && (dump[1] & 0xff) == RdbWriter.ENC_LZF) {
            count("lzf");
        }
    }

    private static int firstDifference(byte[] a, byte[] b) {
        int i = 0;
        while (i < a.length && i < b.length && a[i] == b[i]) {
            i++;
        }
        return i;
    }

    private void count(String what) {
        counts.merge(what, 1, Integer::sum);
    }
}
