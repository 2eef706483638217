package io.redactor.e2e.lua;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A script that holds the whole server (numkeys 0) past busy-reply-threshold, side by side with Redis 7.0.15: what
 * other clients' commands answer (BUSY but for the commands Redis lets through), MULTI/EXEC around it (EXECABORT),
 * SCRIPT KILL and FUNCTION KILL, UNKILLABLE after a write, SHUTDOWN NOSAVE. Each scenario runs on Redis, then on
 * Redactor, and the transcripts must be equal.
 */
class BusyServerSideBySideTest extends DebugSideBySideTest {
    private static final String LOOP = "while true do end";
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String LIBRARY = "#!lua name=spinner\n"
            + "redis.register_function('spin', function(keys, args) " + LOOP + " end)";

    /** Sent while a script is busy, from a client that is not in MULTI. */
    private static final List<List<String>> WHILE_BUSY = List.of(
            List.of("PING"), List.of("PING", "hello"), List.of("ECHO", "x"), List.of("GET", "xx"),
            List.of("SET", "k", "v"), List.of("INCR", "xx"), List.of("DEL", "xx"), List.of("DBSIZE"),
            List.of("INFO", "server"), List.of("CLIENT", "ID"), List.of("CLIENT", "SETNAME", "n"),
            List.of("CONFIG", "GET", "maxmemory"), List.of("SELECT", "1"), List.of("TIME"), List.of("WAIT", "0", "0"),
            List.of("DEBUG", "SLEEP", "0"), List.of("FOO"), List.of("GET"), List.of("CLIENT", "NOSUCH"),
            List.of("EVAL", "return 1", "0"), List.of("EVAL_RO", "return 1", "0"), List.of("EVALSHA", "x", "0"),
            List.of("SCRIPT", "LOAD", "return 1"), List.of("SCRIPT", "FLUSH"), List.of("FUNCTION", "LIST"),
            List.of("FCALL", "nosuch", "0"), List.of("PUBLISH", "ch", "m"), List.of("SUBSCRIBE", "ch"),
            List.of("WATCH", "xx"), List.of("UNWATCH"), List.of("EXEC"), List.of("DISCARD"),
            List.of("AUTH", "secret"), List.of("HELLO", "4"), List.of("SHUTDOWN"), List.of("SHUTDOWN", "SAVE"),
            List.of("SHUTDOWN", "ABORT"), List.of("SHUTDOWN", "NOSAVE", "SAVE"), List.of("MULTI"),
            List.of("INCR", "xx"), List.of("PING"), List.of("SHUTDOWN"), List.of("EXEC"), List.of("PING"),
            List.of("RESET"));

    private RawClient redisAdmin;
    private RawClient mineAdmin;

    @BeforeEach
    void lowThreshold() {
        redisAdmin = redis.raw();
        mineAdmin = server.raw();
        for (RawClient admin : List.of(redisAdmin, mineAdmin)) {
            assertEquals("+OK\r\n", admin.call("CONFIG", "SET", "busy-reply-threshold", "100"));
            admin.call("FLUSHALL");
        }
    }

    @AfterEach
    void restore() {
        for (RawClient admin : List.of(redisAdmin, mineAdmin)) {
            admin.call("CONFIG", "SET", "busy-reply-threshold", "5000");
            admin.call("FUNCTION", "FLUSH");
            admin.close();
        }
    }

    private static List<String> sideBySide(Function<Supplier<RawClient>, List<String>> scenario) {
        return assertTimeoutPreemptively(DEADLINE, () -> {
            List<String> expected = scenario.apply(redis::raw);
            List<String> actual = scenario.apply(server::raw);
            assertEquals(String.join("\n", expected), String.join("\n", actual));
            return actual;
        });
    }

    @Test
    void anEndlessEvalMakesEveryOtherCommandBusyUntilScriptKill() {
        sideBySide(connect -> {
            List<String> transcript = new ArrayList<>();
            try (RawClient runner = connect.get(); RawClient other = connect.get(); RawClient killer = connect.get()) {
                other.call("SET", "xx", "1");
                // the PING behind it on the same connection runs once the script is over
                runner.command("EVAL", LOOP, "0");
                runner.command("PING", "after");
                awaitBusy(other);
                for (List<String> command : WHILE_BUSY) {
                    transcript.add(String.join(" ", command) + " -> " + other.call(command.toArray(String[]::new)));
                }
                transcript.add("FUNCTION STATS -> " + killer.call("FUNCTION", "STATS"));
                transcript.add("FUNCTION KILL -> " + killer.call("FUNCTION", "KILL"));
                transcript.add("SCRIPT KILL -> " + killer.call("SCRIPT", "KILL"));
                transcript.add("script -> " + runner.readReplyText());
                transcript.add("PING after -> " + runner.readReplyText());
                transcript.add("PING -> " + other.call("PING"));
                transcript.add("GET xx -> " + other.call("GET", "xx"));
                transcript.add("SCRIPT KILL -> " + killer.call("SCRIPT", "KILL"));
            }
            return transcript;
        });
    }

    /** Redis's tests/unit/multi.tcl "... and script timeout": never half a transaction. */
    @Test
    void transactionsAroundABusyScriptAreDiscarded() {
        sideBySide(connect -> {
            List<String> transcript = new ArrayList<>();
            try (RawClient runner = connect.get(); RawClient before = connect.get(); RawClient during = connect.get();
                 RawClient justExec = connect.get(); RawClient admin = connect.get()) {
                admin.call("SET", "xx", "1");
                transcript.add(before.call("MULTI") + before.call("INCR", "xx"));
                transcript.add(justExec.call("MULTI") + justExec.call("INCR", "xx"));
                runner.command("EVAL", LOOP, "0");
                awaitBusy(admin);
                transcript.add("during: " + during.call("MULTI") + during.call("INCR", "xx"));
                transcript.add("before: " + before.call("INCR", "xx"));
                transcript.add("just exec: " + justExec.call("EXEC"));
                transcript.add(admin.call("SCRIPT", "KILL") + runner.readReplyText());
                transcript.add("during: " + during.call("INCR", "xx") + during.call("EXEC"));
                transcript.add("before: " + before.call("EXEC"));
                transcript.add(admin.call("GET", "xx"));
                for (RawClient client : List.of(before, during, justExec)) {
                    transcript.add(client.call("PING", "asdf"));
                }
            }
            return transcript;
        });
    }

    /** A script inside EXEC holds no event loop: others get BUSY, SCRIPT KILL stops it, EXEC goes on after it. */
    @Test
    void anEndlessScriptInsideExecIsBusyUntilScriptKillAndTheRestRuns() {
        sideBySide(connect -> {
            List<String> transcript = new ArrayList<>();
            try (RawClient runner = connect.get(); RawClient other = connect.get(); RawClient killer = connect.get()) {
                other.call("SET", "k", "v");
                transcript.add(runner.call("MULTI") + runner.call("SET", "a", "1") + runner.call("EVAL", LOOP, "0")
                        + runner.call("INCR", "a"));
                runner.command("EXEC");
                awaitBusy(other);
                transcript.add("GET k -> " + other.call("GET", "k"));
                transcript.add("SCRIPT KILL -> " + killer.call("SCRIPT", "KILL"));
                transcript.add("EXEC -> " + runner.readReplyText());
                transcript.add("GET a -> " + other.call("GET", "a"));
                transcript.add("PING -> " + other.call("PING"));
            }
            return transcript;
        });
    }

    @Test
    void anEndlessFunctionIsBusyForFunctionKill() {
        for (RawClient admin : List.of(redisAdmin, mineAdmin)) {
            assertEquals("$7\r\nspinner\r\n", admin.call("FUNCTION", "LOAD", LIBRARY));
        }
        sideBySide(connect -> {
            List<String> transcript = new ArrayList<>();
            try (RawClient runner = connect.get(); RawClient other = connect.get()) {
                runner.command("FCALL", "spin", "0");
                awaitBusy(other);
                for (List<String> command : List.of(List.of("PING"), List.of("GET", "xx"), List.of("MULTI"),
                        List.of("SET", "xx", "1"), List.of("EXEC"), List.of("SHUTDOWN"), List.of("SCRIPT", "KILL"),
                        List.of("FUNCTION", "STATS"))) {
                    String reply = other.call(command.toArray(String[]::new));
                    transcript.add(String.join(" ", command) + " -> " + reply.replaceAll("duration_ms\r\n:\\d+",
                            "duration_ms\r\n:N"));
                }
                transcript.add("FUNCTION KILL -> " + other.call("FUNCTION", "KILL"));
                transcript.add("function -> " + runner.readReplyText());
                transcript.add("PING -> " + other.call("PING"));
            }
            return transcript;
        });
    }

    /** A script that wrote cannot be killed; SHUTDOWN NOSAVE stops the server (private servers, both). */
    @Test
    void aScriptThatWroteIsUnkillableAndShutdownNosaveStopsTheServer() throws Exception {
        RealRedis privateRedis = RealRedis.startIn(Files.createTempDirectory("busy-shutdown-redis"), "--save", "",
                "--appendonly", "no");
        TestRedactor privateMine = TestRedactor.start(Map.of("redactor.redis.busy-reply-threshold", "100"));
        try {
            try (var jedis = privateRedis.jedis()) {
                jedis.configSet("busy-reply-threshold", "100");
            }
            List<String> expected = unkillable(privateRedis::raw);
            List<String> actual = unkillable(privateMine::raw);
            assertEquals(String.join("\n", expected), String.join("\n", actual));
        } finally {
            privateRedis.close();
            privateMine.close();
        }
    }

    private static List<String> unkillable(Supplier<RawClient> connect) {
        return assertTimeoutPreemptively(DEADLINE, () -> {
            List<String> transcript = new ArrayList<>();
            try (RawClient runner = connect.get(); RawClient other = connect.get()) {
                runner.command("EVAL", "redis.call('set', 'x', '1') " + LOOP, "0");
                awaitBusy(other);
                for (List<String> command : List.of(List.of("GET", "x"), List.of("SCRIPT", "KILL"),
                        List.of("FUNCTION", "KILL"), List.of("SHUTDOWN"), List.of("SHUTDOWN", "SAVE"),
                        List.of("PING"))) {
                    transcript.add(String.join(" ", command) + " -> " + other.call(command.toArray(String[]::new)));
                }
                other.command("SHUTDOWN", "NOSAVE");
                transcript.add("closed: " + other.isClosedByServer(20_000));
                transcript.add("script's client closed: " + runner.isClosedByServer(20_000));
            }
            return transcript;
        });
    }

    private static void awaitBusy(RawClient client) {
        Eventually.until("the script is busy", Duration.ofSeconds(10),
                () -> client.call("PING").startsWith("-BUSY"));
    }
}
