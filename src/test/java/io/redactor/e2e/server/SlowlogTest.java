package io.redactor.e2e.server;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SLOWLOG side by side with a real Redis 7.0 (private, with DEBUG enabled): the entries' arguments, trimming and
 * redaction, client address and name, which commands are logged (EXEC's commands and scripts' calls, not EXEC),
 * the settings at run time, and the replies to hostile input byte for byte. Ids, times and durations differ
 * between servers and are compared for their shape only.
 */
class SlowlogTest extends DebugSideBySideTest {
    @BeforeEach
    void defaults() {
        for (RawClient client : List.of(server.raw(), redis.raw())) {
            try (client) {
                client.call("CONFIG", "SET", "slowlog-log-slower-than", "10000", "slowlog-max-len", "128");
                client.call("SLOWLOG", "RESET");
                client.call("FLUSHALL");
            }
        }
    }

    /** Runs {@code commands} with every command logged, then answers the log, oldest first, normalised. */
    private static List<List<Object>> logged(RawClient client, Consumer<RawClient> commands) {
        client.call("CONFIG", "SET", "slowlog-log-slower-than", "0");
        client.call("SLOWLOG", "RESET");
        commands.accept(client);
        client.call("CONFIG", "SET", "slowlog-log-slower-than", "-1");
        List<Object> entries = RespValue.list(RespValue.parse(client.call("SLOWLOG", "GET", "-1")));
        List<List<Object>> result = new ArrayList<>();
        long previousId = Long.MAX_VALUE;
        for (Object each : entries) {
            List<Object> entry = RespValue.list(each);
            assertEquals(6, entry.size(), entry.toString());
            long id = (Long) entry.get(0);
            assertTrue(id < previousId, "newest first: " + entries);
            previousId = id;
            assertTrue(Math.abs((Long) entry.get(1) - System.currentTimeMillis() / 1000) <= 5, "unix time");
            assertTrue((Long) entry.get(2) >= 0, "microseconds");
            String peer = (String) entry.get(4);
            assertTrue(peer.equals("?:0") || peer.matches("127\\.0\\.0\\.1:\\d+"), peer);
            result.addFirst(List.of(entry.get(3), peer.equals("?:0") ? "script" : "client", entry.get(5)));
        }
        return result;
    }

    private static void compare(Consumer<RawClient> commands) {
        try (RawClient ours = server.raw(); RawClient theirs = redis.raw()) {
            assertEquals(logged(theirs, commands), logged(ours, commands));
        }
    }

    @Test
    void argumentsNamesAndAddressesAsRedis() {
        compare(client -> {
            client.call("CLIENT", "SETNAME", "slow-client");
            client.call("SET", "k", "v");
            List<String> sadd = new ArrayList<>(List.of("SADD", "set"));
            for (int i = 3; i <= 40; i++) {
                sadd.add(Integer.toString(i));
            }
            client.call(sadd.toArray(String[]::new));
            client.call("SET", "long", "A".repeat(129));
            client.call("SET", "exact", "B".repeat(128));
            client.call("GEOADD", "cities", "-122.33207", "47.60621", "Seattle");
            client.call("SPOP", "set", "100");
            client.call("INCRBYFLOAT", "f", "1.5");
            client.call("NOSUCHCOMMAND", "x");
            client.call("GET");
            client.call("CLIENT", "SETNAME", "");
            client.call("INCR", "k");
        });
    }

    @Test
    void secretsAreRedacted() {
        compare(client -> {
            client.call("AUTH", "password");
            client.call("AUTH", "user", "password");
            client.call("AUTH", "a", "b", "c");
            client.call("HELLO", "2", "AUTH", "user", "password");
            client.call("HELLO", "2", "SETNAME", "n", "AUTH", "default", "nopass");
            client.call("ACL", "SETUSER", "slowlog-user", "+get", ">secret");
            client.call("ACL", "DELUSER", "slowlog-user");
            client.call("CONFIG", "SET", "masterauth", "secret");
            client.call("CONFIG", "SET", "requirepass", "", "masteruser", "");
        });
    }

    @Test
    void execIsNotLoggedButItsCommandsAreAndScriptsCallsComeFromTheLuaClient() {
        compare(client -> {
            client.call("MULTI");
            client.call("SET", "a", "1");
            client.call("INCR", "a");
            client.call("EXEC");
            client.call("EVAL", "redis.call('set', KEYS[1], 'x') return redis.call('get', KEYS[1])", "1", "a");
            client.call("EVAL", "return redis.pcall('incr', KEYS[1])", "1", "a");
        });
    }

    @Test
    void maxLenAndThresholdApplyAtRunTime() {
        for (RawClient client : List.of(server.raw(), redis.raw())) {
            try (client) {
                client.call("CONFIG", "SET", "slowlog-log-slower-than", "0", "slowlog-max-len", "3");
                for (int i = 0; i < 10; i++) {
                    client.call("PING");
                }
                assertEquals(":3\r\n", client.call("SLOWLOG", "LEN"));
                assertEquals(2, RespValue.list(RespValue.parse(client.call("SLOWLOG", "GET", "2"))).size());
                assertEquals("*0\r\n", client.call("SLOWLOG", "GET", "0"));
                // a shorter log takes effect at the next entry, as in Redis: here the CONFIG SET itself
                client.call("CONFIG", "SET", "slowlog-max-len", "1");
                assertEquals(":1\r\n", client.call("SLOWLOG", "LEN"));
                List<Object> last = RespValue.list(RespValue.list(RespValue.parse(client.call("SLOWLOG", "GET"))).get(0));
                assertEquals(List.of("SLOWLOG", "LEN"), last.get(3), "the newest entry only");
                client.call("CONFIG", "SET", "slowlog-log-slower-than", "-1");
                client.call("SLOWLOG", "RESET");
                client.call("PING");
                assertEquals(":0\r\n", client.call("SLOWLOG", "LEN"));
                client.call("CONFIG", "SET", "slowlog-log-slower-than", "100000");
                client.call("PING");
                assertEquals(":0\r\n", client.call("SLOWLOG", "LEN"), "fast commands are not logged");
            }
        }
    }

    @Test
    void hostileInputAnswersAsRedis() {
        List<List<String>> commands = List.of(List.of("SLOWLOG", "GET", "-2"), List.of("SLOWLOG", "GET", "-222"),
                List.of("SLOWLOG", "GET", "abc"), List.of("SLOWLOG", "GET", ""), List.of("SLOWLOG", "GET", "1.5"),
                List.of("SLOWLOG", "GET", "99999999999999999999"), List.of("SLOWLOG", "GET", "9223372036854775807"),
                List.of("SLOWLOG", "GET", "1", "2"), List.of("SLOWLOG", "LEN", "x"), List.of("SLOWLOG", "RESET", "x"),
                List.of("SLOWLOG", "HELP", "x"), List.of("SLOWLOG"), List.of("SLOWLOG", "NOSUCH"),
                List.of("SLOWLOG", "help"), List.of("slowlog", "len"), List.of("SLOWLOG", "GET", "0"),
                List.of("CONFIG", "SET", "slowlog-max-len", "-1"),
                List.of("CONFIG", "SET", "slowlog-log-slower-than", "-2"),
                List.of("CONFIG", "SET", "slowlog-log-slower-than", "x"), List.of("CONFIG", "GET", "slowlog-max-len"),
                List.of("CONFIG", "GET", "slowlog-log-slower-than"));
        try (RawClient ours = server.raw(); RawClient theirs = redis.raw()) {
            for (List<String> command : commands) {
                String[] args = command.toArray(String[]::new);
                assertEquals(theirs.call(args), ours.call(args), String.join(" ", command));
            }
        }
    }

    @Test
    void aSlowCommandIsLoggedWithItsOwnTimeNotItsWait() throws Exception {
        try (RawClient client = server.raw(); RawClient other = server.raw()) {
            client.call("CONFIG", "SET", "slowlog-log-slower-than", "100000");
            client.call("CLIENT", "SETNAME", "sleeper");
            client.call("SET", "busy", "1");
            // a script holds the key's partition for 300 ms; a GET of that key waits for it meanwhile
            client.command("EVAL", "local t = redis.call('time') local start = t[1] * 1000000 + t[2] "
                    + "repeat t = redis.call('time') until t[1] * 1000000 + t[2] - start > 300000 "
                    + "return redis.call('get', KEYS[1])", "1", "busy");
            Thread.sleep(50);
            CompletableFuture<String> get = CompletableFuture.supplyAsync(() -> other.call("GET", "busy"));
            assertEquals("$1\r\n1\r\n", client.readReplyText());
            assertEquals("$1\r\n1\r\n", get.get());
            client.call("DEBUG", "SLEEP", "0.2");
            client.call("CONFIG", "SET", "slowlog-log-slower-than", "-1");
            List<Object> entries = RespValue.list(RespValue.parse(client.call("SLOWLOG", "GET")));
            assertEquals(2, entries.size(), "the script and DEBUG SLEEP, not the GET that waited: " + entries);
            List<Object> sleep = RespValue.list(entries.get(0));
            assertEquals(List.of("DEBUG", "SLEEP", "0.2"), sleep.get(3));
            assertTrue((Long) sleep.get(2) >= 200_000 && (Long) sleep.get(2) < 2_000_000, sleep.toString());
            assertEquals("sleeper", sleep.get(5));
            List<Object> script = RespValue.list(entries.get(1));
            assertEquals("EVAL", RespValue.list(script.get(3)).get(0));
            assertTrue((Long) script.get(2) >= 300_000, script.toString());
        }
    }
}
