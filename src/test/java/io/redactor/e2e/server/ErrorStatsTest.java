package io.redactor.e2e.server;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * INFO errorstats, total_error_replies and the commands' rejected_calls and failed_calls, side by side with a real
 * Redis 7.0 for the same commands: errors answered to the client, inside EXEC's reply, caught by redis.pcall or
 * raised from redis.call in scripts, refusals before running, and CONFIG RESETSTAT.
 */
class ErrorStatsTest {
    private static TestRedactor server;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** After {@code commands}: error stats, total_error_replies, and each command's calls, rejected, failed. */
    private static Map<String, String> counts(RawClient client, Consumer<RawClient> commands) {
        client.call("FLUSHALL");
        client.call("SET", "es:str", "x");
        client.call("CONFIG", "RESETSTAT");
        commands.accept(client);
        Map<String, String> counts = new TreeMap<>();
        for (String section : List.of("errorstats", "stats", "commandstats")) {
            String info = (String) RespValue.parse(client.call("INFO", section));
            for (String line : info.split("\r\n")) {
                if (line.startsWith("errorstat_") || line.startsWith("total_error_replies")) {
                    counts.put(line.substring(0, line.indexOf(':')), line.substring(line.indexOf(':') + 1));
                } else if (line.startsWith("cmdstat_") && !line.startsWith("cmdstat_info")) {
                    String name = line.substring(0, line.indexOf(':'));
                    counts.put(name, line.replaceAll(".*calls=(\\d+),.*rejected_calls=(\\d+),failed_calls=(\\d+)",
                            "$1/$2/$3"));
                }
            }
        }
        return counts;
    }

    private static void compare(Consumer<RawClient> commands) {
        try (RawClient ours = server.raw(); RawClient theirs = RealRedis.shared().raw()) {
            assertEquals(counts(theirs, commands), counts(ours, commands));
        }
    }

    @Test
    void errorsAnsweredToTheClient() {
        compare(client -> {
            client.call("INCR", "es:str");
            client.call("LPUSH", "es:str", "a");
            client.call("GET");
            client.call("NOSUCHCOMMAND");
            client.call("CONFIG", "NOSUCH");
            client.call("CONFIG", "SET", "nosuch", "x");
            client.call("XGROUP", "CREATECONSUMER", "es:nostream", "g", "c");
            client.call("EVALSHA", "0000000000000000000000000000000000000000", "0");
            client.call("SLOWLOG", "GET", "-5");
            client.call("LATENCY", "GRAPH", "nosuch");
        });
    }

    @Test
    void errorsInsideTransactions() {
        compare(client -> {
            client.call("MULTI");
            client.call("INCR", "es:str");
            client.call("SET", "es:a", "b");
            client.call("LPUSH", "es:str", "x");
            client.call("EXEC");
            client.call("MULTI");
            client.call("SET", "es:a");
            client.call("EXEC");
            client.call("EXEC");
            client.call("MULTI");
            client.call("AUTH", "nopass");
            client.call("EXEC");
        });
    }

    @Test
    void errorsInsideScripts() {
        compare(client -> {
            client.call("EVAL", "return redis.call('incr', KEYS[1])", "1", "es:str");
            client.call("EVAL", "return redis.pcall('incr', KEYS[1])", "1", "es:str");
            client.call("EVAL", "redis.pcall('incr', KEYS[1]) return 1", "1", "es:str");
            client.call("EVAL", "return redis.call('nosuch')", "0");
            client.call("EVAL", "return redis.pcall('nosuch')", "0");
            client.call("EVAL", "return redis.error_reply('MINE custom')", "0");
            client.call("EVAL", "error('boom')", "0");
            client.call("EVAL", "return {err='OWN error'}", "0");
            client.call("EVAL", "return redis.pcall('get')", "0");
            client.call("EVAL", "a");
            client.call("EVAL", "return {redis.pcall('incr', KEYS[1]), redis.pcall('incr', KEYS[1])}", "1", "es:str");
            client.call("EVAL", "return {redis.error_reply('A x'), {redis.error_reply('B y')}}", "0");
            client.call("EVAL", "return {redis.error_reply('A x'), redis.pcall('incr', KEYS[1])}", "1", "es:str");
            client.call("EVAL", "return redis.call('select', 99)", "0");
            client.call("EVAL", "return redis.pcall('select', 99)", "0");
            client.call("EVAL", "redis.pcall('select', 'x') return 1", "0");
            client.call("MULTI");
            client.call("EVAL", "return redis.call('incr', KEYS[1])", "1", "es:str");
            client.call("EXEC");
        });
    }

    @Test
    void resetstatClearsErrors() {
        compare(client -> {
            client.call("INCR", "es:str");
            client.call("NOSUCH");
            client.call("CONFIG", "RESETSTAT");
        });
    }
}
