package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The keyspace hits and misses (INFO stats) each sorted set command counts, compared with Redis: reads and the
 * inputs of ZRANGESTORE and the set operations count, writes (ZADD, ZREM, pops, ZMPOP) look keys up without
 * counting.
 */
class KeyspaceStatsTest extends SortedSetTestBase {
    private static final List<String> COMMANDS = List.of(
            "ZSCORE A x", "ZSCORE MISSING x", "ZMSCORE A x y", "ZCARD A", "ZCARD MISSING", "ZRANK A x",
            "ZREVRANK MISSING x", "ZCOUNT A 0 1", "ZLEXCOUNT A - +", "ZRANGE A 0 -1", "ZRANGE MISSING 0 -1",
            "ZRANGEBYSCORE A -inf +inf", "ZREVRANGEBYLEX A + -", "ZRANGESTORE D A 0 -1",
            "ZRANGESTORE D MISSING 0 -1", "ZUNION 2 A MISSING", "ZUNIONSTORE D 3 A B MISSING",
            "ZINTERSTORE D 2 A MISSING", "ZINTER 2 MISSING A", "ZDIFF 2 A B", "ZDIFFSTORE D 2 MISSING A",
            "ZINTERCARD 2 A MISSING", "ZINTERCARD 3 A B S", "ZUNIONSTORE D 1 STR", "ZRANDMEMBER A",
            "ZRANDMEMBER MISSING 2", "ZRANDMEMBER STR", "ZSCAN A 0", "ZSCAN MISSING 0", "ZADD A 3 z",
            "ZINCRBY A 1 x", "ZREM A z", "ZREM MISSING a", "ZREMRANGEBYRANK A 5 6", "ZREMRANGEBYSCORE MISSING 0 1",
            "ZPOPMIN MISSING", "ZPOPMIN B", "ZMPOP 2 MISSING A MIN", "ZADD STR 1 a");

    private static final List<String> KEYS = List.of("A", "B", "S", "STR", "D", "MISSING");

    @Test
    void everyCommandCountsHitsAndMissesLikeRedis() {
        assumeFalse(againstRedis(), "compares Redactor with Redis");
        List<String> differences = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw()) {
            for (RawClient client : List.of(redis, raw)) {
                client.call("ZADD", key("A"), "1", "x", "2", "y");
                client.call("ZADD", key("B"), "1", "y");
                client.call("SADD", key("S"), "y");
                client.call("SET", key("STR"), "v");
            }
            for (String command : COMMANDS) {
                String[] argv = command.split(" ");
                for (int i = 1; i < argv.length; i++) {
                    if (KEYS.contains(argv[i])) {
                        argv[i] = key(argv[i]);
                    }
                }
                String expected = counted(redis, argv);
                String actual = counted(raw, argv);
                if (!expected.equals(actual)) {
                    differences.add(command + ": redis " + expected + ", redactor " + actual);
                }
            }
            for (String name : KEYS) {
                redis.call("DEL", key(name));
            }
        }
        assertEquals(List.of(), differences);
    }

    /** "hits+misses" that the command added to the server's counters. */
    private static String counted(RawClient client, String[] argv) {
        long[] before = stats(client);
        client.call(argv);
        long[] after = stats(client);
        return (after[0] - before[0]) + "+" + (after[1] - before[1]);
    }

    private static long[] stats(RawClient client) {
        long[] counts = new long[2];
        for (String line : client.call("INFO", "stats").split("\r\n")) {
            if (line.startsWith("keyspace_hits:")) {
                counts[0] = Long.parseLong(line.substring("keyspace_hits:".length()));
            } else if (line.startsWith("keyspace_misses:")) {
                counts[1] = Long.parseLong(line.substring("keyspace_misses:".length()));
            }
        }
        return counts;
    }
}
