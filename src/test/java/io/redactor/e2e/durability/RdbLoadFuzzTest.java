package io.redactor.e2e.durability;

import io.redactor.core.rdb.Crc64;
import io.redactor.persistence.rdb.ByteMutations;
import io.redactor.testing.EveryType;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of the RDB loader, through DEBUG RELOAD NOSAVE (which loads the file in the data directory): an
 * RDB file of every type in each encoding, two databases, an expiry and a function library, saved by Redactor, with bits flipped, bytes replaced, inserted or
 * cut, lengths forged, its checksum made right again, zeroed (no check) or left wrong. The load succeeds or answers
 * "ERR Error trying to load the RDB dump" in bounded time (where Redis 7.0 would exit), and whatever it loaded reads
 * back whole; the server goes on answering.
 */
class RdbLoadFuzzTest {
    private static final long SEED = 2_024L;
    private static final String FAILED = "-ERR Error trying to load the RDB dump\r\n";

    @TempDir
    Path dir;

    private static byte[] b(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Test
    void mutatedRdbFilesLoadOrFailCleanly() throws IOException {
        Random random = new Random(SEED);
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.redis.dir", dir.toString(),
                "redactor.redis.enable-debug-command", "yes"))) {
            try (Jedis jedis = server.jedis()) {
                write(jedis);
                jedis.select(2);
                write(jedis);
                jedis.select(0);
                jedis.functionLoad(EveryType.LIBRARY);
                assertEquals("OK", jedis.save());
            }
            Path file = dir.resolve("dump.rdb");
            byte[] valid = Files.readAllBytes(file);
            int loaded = 0;
            int failed = 0;
            try (RawClient client = server.raw()) {
                for (int i = 0; i < 150; i++) {
                    byte[] mutant = mutant(valid, random);
                    Files.write(file, mutant);
                    String where = "seed " + SEED + " iteration " + i + ": " + hex(mutant);
                    long started = System.nanoTime();
                    String reply = client.call("DEBUG", "RELOAD", "NOSAVE");
                    long millis = (System.nanoTime() - started) / 1_000_000;
                    assertTrue(millis < 5_000, where + " took " + millis + " ms to load");
                    if (reply.equals("+OK\r\n")) {
                        loaded++;
                    } else {
                        assertEquals(FAILED, reply, where);
                        failed++;
                    }
                    everyKeyReadsWhole(client, where);
                }
                assertEquals("+PONG\r\n", client.call("PING"));
            }
            assertTrue(loaded > 10 && failed > 50, "loaded " + loaded + ", failed " + failed);
        }
    }

    /** A few keys of every type, each type in its small and its large encoding, one with a time to live. */
    private static void write(Jedis jedis) {
        jedis.set("s:text", "hello");
        jedis.set("s:int", "-123456789");
        jedis.set("s:long", "abc".repeat(50));
        jedis.setex("s:ttl", 100_000, "v");
        jedis.rpush("l:small", "a", "1", "bb");
        jedis.sadd("t:ints", "1", "2", "-70000");
        jedis.sadd("t:text", "a", "b");
        jedis.hset("h:small", Map.of("f", "v", "g", "2"));
        jedis.zadd("z:small", Map.of("a", 1.0, "b", -2.5));
        String[] elements = new String[150];
        Map<String, String> fields = new java.util.HashMap<>();
        Map<String, Double> members = new java.util.HashMap<>();
        for (int i = 0; i < elements.length; i++) {
            elements[i] = "element" + i;
            fields.put("field" + i, "value" + i);
            members.put("member" + i, i * 1.5);
        }
        jedis.rpush("l:big", elements);
        jedis.sadd("t:big", elements);
        jedis.hset("h:big", fields);
        jedis.zadd("z:big", members);
    }

    /** Every key of every database answers its type's whole read, and the function libraries list. */
    private static void everyKeyReadsWhole(RawClient client, String where) {
        String functions = client.call("FUNCTION", "LIST");
        assertTrue(!functions.startsWith("-"), where + ": FUNCTION LIST " + functions);
        String keyspace = client.call("INFO", "keyspace");
        for (String info : keyspace.split("\r\n")) {
            if (!info.startsWith("db")) {
                continue;
            }
            client.call("SELECT", info.substring(2, info.indexOf(':')));
            String keys = client.call("KEYS", "*");
            assertTrue(keys.startsWith("*"), where + ": KEYS " + keys);
            for (String line : keys.split("\r\n")) {
                if (line.startsWith("*") || line.startsWith("$")) {
                    continue;
                }
                readWhole(client, b(line), where);
            }
        }
        client.call("SELECT", "0");
    }

    private static void readWhole(RawClient client, byte[] key, String where) {
        String type = text(client.call(b("TYPE"), key));
        byte[][] read = switch (type) {
            case "+string\r\n" -> new byte[][] {b("GET"), key};
            case "+list\r\n" -> new byte[][] {b("LRANGE"), key, b("0"), b("-1")};
            case "+set\r\n" -> new byte[][] {b("SMEMBERS"), key};
            case "+hash\r\n" -> new byte[][] {b("HGETALL"), key};
            case "+zset\r\n" -> new byte[][] {b("ZRANGE"), key, b("0"), b("-1"), b("WITHSCORES")};
            case "+none\r\n" -> null; // a key whose name has bytes KEYS's reply split differently, or expired
            default -> throw new AssertionError(where + ": key " + text(key) + " of type " + type.strip());
        };
        if (read == null) {
            return;
        }
        String value = text(client.call(read));
        assertTrue(!value.startsWith("-"), where + ": " + text(read[0]) + " " + text(key) + " answered " + value);
        String dumped = text(client.call(b("DUMP"), key));
        assertTrue(dumped.startsWith("$"), where + ": DUMP " + text(key) + " answered " + dumped);
    }

    /** The file mutated; its checksum then made right (half the time), zeroed (no check) or left as it was. */
    private static byte[] mutant(byte[] valid, Random random) {
        byte[] body = Arrays.copyOf(valid, valid.length - 8);
        switch (random.nextInt(6)) {
            case 0 -> {
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    body[9 + random.nextInt(body.length - 9)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> body[random.nextInt(body.length)] = (byte) random.nextInt(256);
            case 2 -> body = Arrays.copyOf(body, random.nextInt(body.length));
            case 3 -> {
                byte[][] lengths = {{(byte) 0x80, -1, -1, -1, -1}, {(byte) 0x81, 0x7f, -1, -1, -1, -1, -1, -1, -1},
                    {(byte) 0x81, -1, -1, -1, -1, -1, -1, -1, -1}, {0x3f}, {(byte) 0xc3, 0x10, 0x7f},
                    {(byte) 0xc4}, {(byte) 0xfe, 0x40}, {(byte) 0xf7}, {(byte) 0xf5, 0x05, 'x', 'y'}};
                byte[] with = lengths[random.nextInt(lengths.length)];
                body = ByteMutations.overwrite(body, 9 + random.nextInt(body.length - 9), with);
            }
            case 4 -> {
                body = ByteMutations.insertRandom(body, random);
            }
            default -> {
                // a byte of the header: the signature or the version
                body[random.nextInt(9)] = (byte) random.nextInt(256);
            }
        }
        byte[] out = Arrays.copyOf(body, body.length + 8);
        int checksum = random.nextInt(4);
        if (checksum < 2) {
            long crc = Crc64.of(body, 0, body.length);
            for (int i = 0; i < 8; i++) {
                out[body.length + i] = (byte) (crc >>> (8 * i));
            }
        } else if (checksum == 3) {
            System.arraycopy(valid, valid.length - 8, out, body.length, 8);
        }
        return out;
    }

    private static String hex(byte[] bytes) {
        String all = HexFormat.of().formatHex(bytes);
        return all.length() > 300 ? all.substring(0, 300) + "...(" + bytes.length + " bytes)" : all;
    }
}
