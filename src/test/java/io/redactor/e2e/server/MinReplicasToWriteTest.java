package io.redactor.e2e.server;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code min-replicas-to-write} on a master without replicas, as Redis 7.0.15 answers it: every write refused with
 * -NOREPLICAS (a script with flags before it runs, a script without them at its first write, EXEC of queued writes),
 * reads served, nothing refused once the setting or {@code min-replicas-max-lag} is 0 again; INFO's
 * {@code min_slaves_good_slaves} while it is checked.
 */
class MinReplicasToWriteTest extends DebugSideBySideTest {
    @Test
    void writesAreRefusedAsRedisRefusesThem() {
        List<String> ours = replies(server.raw());
        assertEquals(replies(redis.raw()), ours);
        assertTrue(ours.stream().anyMatch(reply -> reply.contains("NOREPLICAS")), ours.toString());
    }

    private static List<String> replies(RawClient client) {
        List<String> replies = new ArrayList<>();
        try (client) {
            client.call("SET", "mr:x", "before");
            for (String[] setting : List.of(new String[] {"1", "10"}, new String[] {"1", "0"},
                    new String[] {"0", "10"})) {
                replies.add(client.call("CONFIG", "SET", "min-replicas-to-write", setting[0],
                        "min-replicas-max-lag", setting[1]));
                replies.add(goodReplicasLine(client.call("INFO", "replication")));
                replies.add(client.call("SET", "mr:x", "y"));
                replies.add(client.call("GET", "mr:x"));
                replies.add(client.call("PING"));
                replies.add(client.call("EVAL", "#!lua\nreturn redis.call('get', KEYS[1])", "1", "mr:x"));
                replies.add(client.call("EVAL", "#!lua flags=no-writes\nreturn redis.call('get', KEYS[1])", "1",
                        "mr:x"));
                replies.add(client.call("EVAL", "return redis.call('get', KEYS[1])", "1", "mr:x"));
                replies.add(client.call("EVAL", "return redis.pcall('set', KEYS[1], 'z')", "1", "mr:x"));
                replies.add(client.call("MULTI"));
                replies.add(client.call("INCR", "mr:n"));
                replies.add(client.call("EXEC"));
                replies.add(client.call("MULTI"));
                replies.add(client.call("GET", "mr:x"));
                replies.add(client.call("EXEC"));
            }
            replies.add(client.call("CONFIG", "SET", "min-replicas-to-write", "0", "min-replicas-max-lag", "10"));
        }
        return replies;
    }

    private static String goodReplicasLine(String info) {
        return info.lines().filter(line -> line.startsWith("min_slaves_good_slaves")).findFirst().orElse("(none)");
    }
}
