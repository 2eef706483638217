package io.redactor.testing;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.commands.ProtocolCommand;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a data set with every type Redactor serves in every encoding Redis 7.0 has for it (int, embstr and raw
 * strings; quicklists of one and of many nodes; intsets and hashtables; listpacks, hashtables and skiplists; streams of
 * one and of many nodes, with deleted entries, and empty), binary keys and values, odd scores, HyperLogLogs, expiry
 * times, several databases and a function library: what persistence must keep.
 */
@SuppressWarnings("unchecked")
public final class EveryType {
    public static final String LIBRARY = "#!lua name=everytype\n"
            + "redis.register_function('everytype_echo', function(keys, args) return args[1] end)";

    /** 2096: expiry times no test outlives. */
    private static final long FAR_FUTURE = 4_000_000_000_000L;

    private EveryType() {
    }

    /** Writes it through {@code jedis} (leaving database 0 selected); the same seed writes the same data. */
    public static void write(Jedis jedis, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        jedis.functionLoadReplace(LIBRARY);
        for (int db : new int[] {0, 1, 9, 15}) {
            jedis.select(db);
            String p = "db" + db + ":";
            jedis.set(p + "int", "12345");
            jedis.set(p + "negative", "-9223372036854775808");
            jedis.set(p + "embstr", "short text");
            jedis.set(p + "raw", "r".repeat(200) + random.nextInt());
            jedis.set(p + "empty", "");
            jedis.set(bytes(p + "binary"), randomBytes(random, 300));
            jedis.set((p + "compressible").getBytes(StandardCharsets.UTF_8), "abc".repeat(500).getBytes());
            jedis.incrByFloat(p + "float", 3.25);
            jedis.append(p + "appended", "x");
            jedis.append(p + "appended", "y");
            jedis.rpush(p + "list-small", "a", "b", "3", "-4", "");
            for (int i = 0; i < 3000; i++) {
                jedis.rpush(bytes(p + "list-big"), randomBytes(random, 1 + random.nextInt(40)));
            }
            jedis.lpush(p + "list-left", "1", "2", "3");
            jedis.sadd(p + "set-intset", "1", "-2", "300000", "9223372036854775807");
            jedis.sadd(p + "set-table", "a", "b", "c", "12");
            for (int i = 0; i < 600; i++) {
                jedis.sadd(p + "set-big-intset", Integer.toString(i * 7));
            }
            jedis.hset(p + "hash-small", Map.of("f1", "v1", "f2", "2", "", "empty field"));
            Map<byte[], byte[]> big = new HashMap<>();
            for (int i = 0; i < 700; i++) {
                big.put(bytes("field" + i), randomBytes(random, random.nextInt(30)));
            }
            jedis.hset(bytes(p + "hash-big"), big);
            jedis.hset(p + "hash-long-value", "f", "v".repeat(100));
            jedis.zadd(p + "zset-small", Map.of("a", 1.0, "b", -2.5, "c", 1e300, "d", 0.1));
            jedis.zadd(p + "zset-inf", Map.of("lo", Double.NEGATIVE_INFINITY, "hi", Double.POSITIVE_INFINITY));
            for (int i = 0; i < 300; i++) {
                jedis.zadd(bytes(p + "zset-big"), random.nextDouble() * 1000 - 500, randomBytes(random, 8));
            }
            // HyperLogLogs are strings: sparse, dense, and one whose cardinality PFCOUNT cached
            jedis.pfadd(p + "hll-sparse", "a", "b", "c" + random.nextInt());
            String[] elements = new String[3000];
            for (int i = 0; i < elements.length; i++) {
                elements[i] = "e" + random.nextInt();
            }
            jedis.pfadd(p + "hll-dense", elements);
            jedis.pfadd(p + "hll-counted", "x", "y");
            jedis.pfcount(p + "hll-counted");
            // absolute times, so that two servers given the same writes hold the same data
            jedis.set(p + "volatile", "v");
            jedis.pexpireAt(p + "volatile", FAR_FUTURE + random.nextInt(1000));
            jedis.rpush(p + "volatile-list", "x");
            jedis.pexpireAt(p + "volatile-list", FAR_FUTURE + 7200_000);
            writeStreams(jedis, p, random);
        }
        jedis.select(0);
    }

    /**
     * Streams: one entry; entries of other fields than the node's first, deleted entries and a set last ID; many
     * nodes with binary values; one left without entries; with explicit IDs, so that the same seed writes the same.
     */
    private static void writeStreams(Jedis jedis, String p, SplittableRandom random) {
        xadd(jedis, bytes(p + "stream-one"), "1-1", bytes("f"), bytes("v"));
        byte[] mixed = bytes(p + "stream-mixed");
        xadd(jedis, mixed, "5-0", bytes("name"), bytes("a"), bytes("n"), bytes("12"));
        xadd(jedis, mixed, "5-1", bytes("other"), bytes("-7"));
        xadd(jedis, mixed, "6-0", bytes("name"), bytes("b"), bytes("n"), bytes("9223372036854775807"));
        jedis.sendCommand(Protocol.Command.XDEL, mixed, bytes("5-1"));
        jedis.sendCommand(() -> bytes("XSETID"), mixed, bytes("9-9"), bytes("ENTRIESADDED"), bytes("10"),
                bytes("MAXDELETEDID"), bytes("7-0"));
        byte[] big = bytes(p + "stream-big");
        for (int i = 1; i <= 1200; i++) {
            byte[] value = randomBytes(random, 1 + random.nextInt(30));
            xadd(jedis, big, (1000 + i * 3) + "-" + (i % 4), bytes("field"), value, bytes("n"),
                    bytes(Integer.toString(random.nextInt(100000))));
        }
        byte[] empty = bytes(p + "stream-empty");
        xadd(jedis, empty, "3-3", bytes("f"), bytes("v"));
        jedis.sendCommand(Protocol.Command.XDEL, empty, bytes("3-3"));
        writeGroups(jedis, big, random);
    }

    /**
     * Consumer groups on {@code stream}: one that read half the entries (pending for two consumers, some
     * acknowledged), one that read with NOACK, one with an unknown read counter and an idle consumer. Delivery times
     * are set with XCLAIM TIME, so that they are the same wherever the same seed writes.
     */
    private static void writeGroups(Jedis jedis, byte[] stream, SplittableRandom random) {
        ProtocolCommand xgroup = () -> bytes("XGROUP");
        jedis.sendCommand(xgroup, bytes("CREATE"), stream, bytes("readers"), bytes("0"));
        jedis.sendCommand(xgroup, bytes("CREATE"), stream, bytes("noack"), bytes("0"));
        jedis.sendCommand(xgroup, bytes("CREATE"), stream, bytes("unknown"), bytes("2000-0"), bytes("ENTRIESREAD"),
                bytes("-1"));
        jedis.sendCommand(xgroup, bytes("CREATECONSUMER"), stream, bytes("unknown"), bytes("idle"));
        jedis.sendCommand(Protocol.Command.XREADGROUP, bytes("GROUP"), bytes("readers"), bytes("alice"),
                bytes("COUNT"), bytes("300"), bytes("STREAMS"), stream, bytes(">"));
        jedis.sendCommand(Protocol.Command.XREADGROUP, bytes("GROUP"), bytes("readers"), bytes("bob"),
                bytes("COUNT"), bytes("300"), bytes("STREAMS"), stream, bytes(">"));
        jedis.sendCommand(Protocol.Command.XREADGROUP, bytes("GROUP"), bytes("noack"), bytes("carol"),
                bytes("COUNT"), bytes("100"), bytes("NOACK"), bytes("STREAMS"), stream, bytes(">"));
        List<Object> pending = (List<Object>) jedis.sendCommand(Protocol.Command.XPENDING, stream, bytes("readers"),
                bytes("-"), bytes("+"), bytes("1000"));
        for (Object entry : pending) {
            byte[] id = (byte[]) ((List<Object>) entry).get(0);
            if (random.nextInt(3) == 0) {
                jedis.sendCommand(Protocol.Command.XACK, stream, bytes("readers"), id);
            } else {
                byte[] owner = (byte[]) ((List<Object>) entry).get(1);
                jedis.sendCommand(Protocol.Command.XCLAIM, stream, bytes("readers"), owner, bytes("0"), id,
                        bytes("TIME"), bytes(Long.toString(1_700_000_000_000L + random.nextInt(1_000_000))),
                        bytes("RETRYCOUNT"), bytes(Integer.toString(random.nextInt(5))), bytes("JUSTID"));
            }
        }
    }

    private static void xadd(Jedis jedis, byte[] key, String id, byte[]... fieldsAndValues) {
        byte[][] args = new byte[2 + fieldsAndValues.length][];
        args[0] = key;
        args[1] = bytes(id);
        System.arraycopy(fieldsAndValues, 0, args, 2, fieldsAndValues.length);
        jedis.sendCommand(Protocol.Command.XADD, args);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] randomBytes(SplittableRandom random, int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }
}
