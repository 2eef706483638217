package io.redactor.e2e.hyperloglog;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counts and bytes equal to Redis's for the same elements, from 1 to 10,000,000 of them (sent to both servers in
 * pipelined PFADDs of many elements), and a HyperLogLog moved between the two with GET and SET, or DUMP and RESTORE,
 * going on counting on the other side exactly as it would have on its own.
 */
class HyperLogLogCountsTest {
    private static final int ELEMENTS_PER_PFADD = 1000;
    private static final int PFADDS_PER_ROUND_TRIP = 50;

    @Test
    void countsAndBytesAreRedisOwnFromOneToTenMillionElements() {
        byte[] key = bytes("hllcounts:big");
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            List<RawClient> both = List.of(redis, ours);
            both.forEach(client -> client.call(bytes("DEL"), key));
            long added = 0;
            for (long checkpoint = 1; checkpoint <= 10_000_000; checkpoint *= 10) {
                added = addUpTo(both, key, added, checkpoint);
                byte[] expected = redis.call(bytes("PFCOUNT"), key);
                assertEquals(RespBytes.show(expected), RespBytes.show(ours.call(bytes("PFCOUNT"), key)),
                        "PFCOUNT after " + checkpoint + " elements");
                assertArrayEquals(redis.call(bytes("GET"), key), ours.call(bytes("GET"), key),
                        "the bytes after " + checkpoint + " elements and a PFCOUNT");
                long count = Long.parseLong(new String(expected, StandardCharsets.US_ASCII).substring(1).trim());
                assertTrue(Math.abs(count - checkpoint) <= Math.max(1, checkpoint / 20), count + " for " + checkpoint);
            }
            both.forEach(client -> client.call(bytes("DEL"), key));
        }
    }

    /** PFADDs elements {@code from} to {@code to} (exclusive) to both servers, with the same replies; returns to. */
    private static long addUpTo(List<RawClient> both, byte[] key, long from, long to) {
        long next = from;
        while (next < to) {
            int commands = 0;
            for (; commands < PFADDS_PER_ROUND_TRIP && next < to; commands++) {
                int count = (int) Math.min(ELEMENTS_PER_PFADD, to - next);
                byte[][] command = new byte[2 + count][];
                command[0] = bytes("PFADD");
                command[1] = key;
                for (int i = 0; i < count; i++) {
                    command[2 + i] = bytes(Long.toString(next + i, 36));
                }
                byte[] encoded = RawClient.encode(command);
                both.forEach(client -> client.send(encoded));
                next += count;
            }
            for (int i = 0; i < commands; i++) {
                assertEquals(RespBytes.show(both.get(0).readReply()), RespBytes.show(both.get(1).readReply()),
                        "a PFADD before element " + next);
            }
        }
        return next;
    }

    @Test
    void aHyperLogLogMovedWithGetAndSetGoesOnCountingOnTheOtherSide() {
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            for (int size : new int[] {0, 20, 300, 5000}) {
                byte[] key = bytes("hllcounts:moved:" + size);
                byte[] twin = bytes("hllcounts:twin:" + size);
                for (RawClient client : List.of(redis, ours)) {
                    client.call(bytes("DEL"), key, twin);
                }
                // made in Redis, carried on in Redactor; Redis carries on with its own
                redis.call(bytes("PFADD"), key);
                addElements(List.of(redis), key, 0, size);
                byte[] value = RespBytes.bulk(redis.call(bytes("GET"), key));
                ours.call(bytes("SET"), key, value);
                addElements(List.of(redis, ours), key, size, 2 * size + 10);
                assertSameValue(redis, ours, key, "made by Redis, " + size + " elements");
                // and back: made in Redactor, carried on in Redis
                ours.call(bytes("PFADD"), twin);
                addElements(List.of(ours), twin, 0, size);
                redis.call(bytes("SET"), twin, RespBytes.bulk(ours.call(bytes("GET"), twin)));
                addElements(List.of(redis, ours), twin, 3 * size, 4 * size + 10);
                assertSameValue(redis, ours, twin, "made by Redactor, " + size + " elements");
                for (RawClient client : List.of(redis, ours)) {
                    client.call(bytes("DEL"), key, twin);
                }
            }
        }
    }

    @Test
    void dumpPayloadsAreRedisOwnAndRestoreOnTheOtherSide() {
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            for (int size : new int[] {3, 300, 5000}) {
                byte[] key = bytes("hllcounts:dumped:" + size);
                byte[] restored = bytes("hllcounts:restored:" + size);
                for (RawClient client : List.of(redis, ours)) {
                    client.call(bytes("DEL"), key, restored);
                }
                addElements(List.of(redis, ours), key, 0, size);
                byte[] redisPayload = RespBytes.bulk(redis.call(bytes("DUMP"), key));
                byte[] ourPayload = RespBytes.bulk(ours.call(bytes("DUMP"), key));
                assertArrayEquals(redisPayload, ourPayload, "DUMP of " + size + " elements");
                assertEquals("+OK\r\n", text(ours.call(bytes("RESTORE"), restored, bytes("0"), redisPayload)));
                assertEquals("+OK\r\n", text(redis.call(bytes("RESTORE"), restored, bytes("0"), ourPayload)));
                addElements(List.of(redis, ours), restored, size, 2 * size);
                assertSameValue(redis, ours, restored, "restored, " + size + " elements");
                for (RawClient client : List.of(redis, ours)) {
                    client.call(bytes("DEL"), key, restored);
                }
            }
        }
    }

    /** PFADDs elements {@code from} to {@code to} (exclusive) to each of {@code servers}, with the same replies. */
    private static void addElements(List<RawClient> servers, byte[] key, int from, int to) {
        String first = null;
        for (int i = from; i < to; i += 7) {
            byte[][] command = {bytes("PFADD"), key, bytes("m" + i), bytes("m" + (i + 1) + "x"), bytes(Integer.toString(i * 31))};
            for (RawClient server : servers) {
                String reply = text(server.call(command));
                if (server == servers.get(0)) {
                    first = reply;
                } else {
                    assertEquals(first, reply, "PFADD of element " + i);
                }
            }
        }
    }

    private static void assertSameValue(RawClient redis, RawClient ours, byte[] key, String what) {
        assertEquals(text(redis.call(bytes("PFCOUNT"), key)), text(ours.call(bytes("PFCOUNT"), key)), what);
        assertArrayEquals(redis.call(bytes("GET"), key), ours.call(bytes("GET"), key), what);
        assertEquals(text(redis.call(bytes("PFDEBUG"), bytes("ENCODING"), key)),
                text(ours.call(bytes("PFDEBUG"), bytes("ENCODING"), key)), what);
    }

    private static String text(byte[] reply) {
        return new String(reply, StandardCharsets.ISO_8859_1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
