package io.redactor.core.rdb;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * What the RDB value tests share: reading the gzipped fixtures, hex, and a canonical text of a value that the
 * fixture generator also wrote from Redis's replies (LRANGE, SMEMBERS, HGETALL, ZRANGE WITHSCORES): strings as hex
 * ("-" for the empty one); a list as its elements in order; a set as its members sorted; a hash as field=value
 * pairs sorted; a sorted set as member=score pairs in Redis's order, a score as the hex of its IEEE 754 bits.
 */
final class RdbFixtures {
    static final HexFormat HEX = HexFormat.of();

    private RdbFixtures() {
    }

    static List<String> lines(String resource) {
        try (InputStream in = RdbFixtures.class.getResourceAsStream(resource);
                BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in),
                        StandardCharsets.US_ASCII))) {
            return r.lines().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String hex(byte[] b) {
        return b.length == 0 ? "-" : HEX.formatHex(b);
    }

    static byte[] unhex(String s) {
        return s.equals("-") ? new byte[0] : HEX.parseHex(s);
    }

    /** "61,-,62" as three strings. */
    static List<byte[]> strings(String list) {
        List<byte[]> out = new ArrayList<>();
        for (String s : list.split(",", -1)) {
            out.add(unhex(s));
        }
        return out;
    }

    /** The part of a DUMP payload before its version and checksum: type byte and value. */
    static byte[] body(byte[] payload) {
        return Arrays.copyOf(payload, payload.length - DumpPayload.TRAILER_LENGTH);
    }

    static RdbValue readDump(byte[] payload) throws RdbReadException {
        return RdbValueReader.read(new RdbReader(body(payload)));
    }

    static String canonical(RdbValue value) {
        return switch (value) {
            case RdbString s -> "string:" + hex(s.value());
            case RdbList l -> "list:" + join(l.elements().stream().map(RdbFixtures::hex).toList());
            case RdbSet s -> "set:" + join(s.members().stream().map(RdbFixtures::hex).sorted().toList());
            case RdbHash h -> {
                List<String> pairs = new ArrayList<>();
                for (int i = 0; i < h.size(); i++) {
                    pairs.add(hex(h.fields().get(i)) + "=" + hex(h.values().get(i)));
                }
                pairs.sort(null);
                yield "hash:" + join(pairs);
            }
            case RdbSortedSet z -> "zset:" + zsetInOrder(z);
            case RdbStream s -> "stream:" + s.length() + " entries in " + s.nodes().size() + " nodes";
        };
    }

    /**
     * The canonical text of a value as Redis would hold it after loading it: a sorted set read from a skiplist
     * encoding in score order (Redis inserts it in its skiplist), from a compact one in the stored order (which Redis
     * keeps), and -0 as 0 (Redis turns small skiplist-encoded sets into listpacks, where -0 becomes 0).
     */
    static String canonicalAsRedis(RdbValue v) {
        return zeroNegativeZeros(canonical(v instanceof RdbSortedSet z && !z.listpack() ? redisOrder(z) : v));
    }

    static String zeroNegativeZeros(String content) {
        return content.startsWith("zset:") ? content.replace("=8000000000000000", "=0000000000000000") : content;
    }

    /** A sorted set's pairs in the order they are in. */
    static String zsetInOrder(RdbSortedSet z) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < z.size(); i++) {
            long bits = Double.doubleToRawLongBits(z.scores()[i]);
            pairs.add(hex(z.members().get(i)) + "=" + String.format("%016x", bits));
        }
        return join(pairs);
    }

    /** A sorted set in Redis's order: by score (-0 equal to 0), then member bytes. */
    static RdbSortedSet redisOrder(RdbSortedSet z) {
        Integer[] order = new Integer[z.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            double x = z.scores()[a];
            double y = z.scores()[b];
            if (x != y) {
                return x < y ? -1 : 1;
            }
            return Arrays.compareUnsigned(z.members().get(a), z.members().get(b));
        });
        List<byte[]> members = new ArrayList<>();
        double[] scores = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            members.add(z.members().get(order[i]));
            scores[i] = z.scores()[order[i]];
        }
        return new RdbSortedSet(members, scores, z.listpack());
    }

    private static String join(List<String> parts) {
        return String.join(",", parts);
    }
}
