package io.redactor.e2e.sets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * keyspace_hits and keyspace_misses after each set command, compared with Redis: which lookups count (reads)
 * and which do not (writes: SADD, SREM, SPOP, SMOVE; the STORE forms' sources do count).
 */
class SetKeyspaceStatsTest {
    private static RawClient redis;
    private static RawClient ours;

    @BeforeAll
    static void connect() {
        redis = RealRedis.shared().raw();
        ours = TestRedactor.shared().raw();
    }

    @AfterAll
    static void disconnect() {
        for (RawClient client : List.of(redis, ours)) {
            client.call("FLUSHALL");
            client.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SMEMBERS a", "SMEMBERS none", "SISMEMBER a 1", "SISMEMBER none 1", "SMISMEMBER none 1",
            "SCARD a", "SCARD none", "SINTER a b none", "SINTERCARD 2 a none", "SINTERSTORE d a b none",
            "SUNION a none", "SUNIONSTORE d a none", "SDIFF none a", "SDIFFSTORE d none a", "SRANDMEMBER none",
            "SRANDMEMBER a 5", "SSCAN none 0", "SSCAN a 0", "SPOP none", "SPOP a", "SPOP a 5", "SMOVE none a 1",
            "SMOVE a b 1", "SREM none x", "SREM a 1", "SADD a 5", "SADD none 5"})
    void countsLikeRedis(String command) {
        assertEquals(stats(redis, command), stats(ours, command), command);
    }

    private static String stats(RawClient client, String command) {
        client.call("FLUSHALL");
        client.call("SADD", "a", "1", "2");
        client.call("SADD", "b", "2", "3");
        client.call("CONFIG", "RESETSTAT");
        client.call(command.split(" "));
        String info = client.call("INFO", "stats");
        StringBuilder counters = new StringBuilder();
        for (String line : info.split("\r\n")) {
            if (line.startsWith("keyspace_hits:") || line.startsWith("keyspace_misses:")) {
                counters.append(line).append(' ');
            }
        }
        return counters.toString();
    }
}
