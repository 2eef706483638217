package io.redactor.e2e.server;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.Eventually;
import io.redactor.testing.EveryType;
import io.redactor.testing.InfoFields;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DEBUG DIGEST, DIGEST-VALUE, SET-ACTIVE-EXPIRE, SET-DISABLE-DENY-SCRIPTS, CHANGE-REPL-ID, STRINGMATCH-TEST and HELP side by side with Redis 7.0.15 (started with
 * enable-debug-command yes): the same data set gives the same digests, wrong arguments the same errors.
 */
class DebugSubcommandsTest extends DebugSideBySideTest {
    private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

    @BeforeEach
    void empty() {
        both(jedis -> {
            jedis.flushAll();
            jedis.functionFlush();
            return debug(jedis, "SET-ACTIVE-EXPIRE", "1");
        });
    }

    @Test
    void anEmptyDataSetDigestsToZeros() {
        assertEquals(List.of("0".repeat(40), "0".repeat(40)), both(jedis -> debug(jedis, "DIGEST")));
    }

    @Test
    void theSameDataSetGivesTheSameDigests() {
        List<String> digests = both(jedis -> {
            EveryType.write(jedis, 7);
            jedis.select(5);
            jedis.set("elsewhere", "v");
            jedis.zadd("negative-zero", -0.0, "m");
            jedis.zadd("scores", Map.of("a", 1.5, "b", -2e-7, "c", 1e300, "d", Double.POSITIVE_INFINITY));
            jedis.select(0);
            return debug(jedis, "DIGEST");
        });
        assertEquals(digests.get(0), digests.get(1));
        assertNotEquals("0".repeat(40), digests.get(0));

        List<String> keys = both(jedis -> String.join(" ", jedis.keys("*").stream().sorted().toList()));
        assertEquals(keys.get(0), keys.get(1));
        List<String> values = both(jedis -> {
            List<String> args = new ArrayList<>(List.of("DIGEST-VALUE", "no-such-key"));
            args.addAll(jedis.keys("*").stream().sorted().toList());
            return String.join(" ", debugList(jedis, args.toArray(String[]::new)));
        });
        assertEquals(values.get(0), values.get(1));
    }

    @Test
    void aDigestSeesOrderTypeDatabaseAndExpiry() {
        String first = both(jedis -> {
            jedis.rpush("l", "a", "b");
            return debug(jedis, "DIGEST");
        }).get(1);
        both(jedis -> {
            jedis.del("l");
            return jedis.rpush("l", "b", "a");
        });
        List<String> reordered = both(jedis -> debug(jedis, "DIGEST"));
        assertEquals(reordered.get(0), reordered.get(1));
        assertNotEquals(first, reordered.get(1));
        List<String> expiring = both(jedis -> {
            jedis.pexpire("l", 1_000_000);
            return debug(jedis, "DIGEST") + " " + debugList(jedis, "DIGEST-VALUE", "l");
        });
        assertEquals(expiring.get(0), expiring.get(1));
        List<String> moved = both(jedis -> {
            jedis.move("l", 3);
            return debug(jedis, "DIGEST");
        });
        assertEquals(moved.get(0), moved.get(1));
    }

    @Test
    void digestValueLooksInTheSelectedDatabase() {
        List<String> replies = both(jedis -> {
            jedis.select(2);
            jedis.hset("h", Map.of("f", "v", "g", "1"));
            String here = String.join(" ", debugList(jedis, "DIGEST-VALUE", "h", "h"));
            jedis.select(0);
            return here + " / " + String.join(" ", debugList(jedis, "DIGEST-VALUE", "h"))
                    + " / " + debugList(jedis, "DIGEST-VALUE").size();
        });
        assertEquals(replies.get(0), replies.get(1));
        assertTrue(replies.get(1).endsWith("/ " + "0".repeat(40) + " / 0"), replies.get(1));
    }

    /** Inside EXEC, which holds every partition for a DEBUG, the digests see the transaction's writes before them. */
    @Test
    void digestsInsideATransaction() {
        List<String> replies = both(jedis -> {
            redis.clients.jedis.Transaction multi = jedis.multi();
            multi.set("a", "1");
            multi.sendCommand(DEBUG, "DIGEST");
            multi.sendCommand(DEBUG, "DIGEST-VALUE", "a", "b");
            multi.sadd("b", "x");
            multi.sendCommand(DEBUG, "DIGEST");
            return multi.exec().stream().map(DebugSubcommandsTest::text).toList().toString();
        });
        assertEquals(replies.get(0), replies.get(1));
        try (Jedis jedis = server.jedis()) {
            redis.clients.jedis.Transaction multi = jedis.multi();
            multi.sendCommand(DEBUG, "LOADAOF");
            multi.sendCommand(DEBUG, "RELOAD");
            List<Object> refused = multi.exec();
            assertEquals("ERR DEBUG LOADAOF is not allowed inside a transaction",
                    ((JedisDataException) refused.get(0)).getMessage());
            assertEquals("ERR DEBUG RELOAD is not allowed inside a transaction",
                    ((JedisDataException) refused.get(1)).getMessage());
        }
    }

    private static String text(Object reply) {
        if (reply instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (reply instanceof List<?> list) {
            return list.stream().map(DebugSubcommandsTest::text).toList().toString();
        }
        return String.valueOf(reply);
    }

    @Test
    void wrongArgumentsGetRedisErrors() {
        for (String[] args : List.of(new String[] {"DIGEST", "x"}, new String[] {"SET-ACTIVE-EXPIRE"},
                new String[] {"SET-ACTIVE-EXPIRE", "1", "2"}, new String[] {"CHANGE-REPL-ID", "x"},
                new String[] {"STRINGMATCH-TEST", "x"}, new String[] {"NO-SUCH-SUBCOMMAND"}, new String[] {"HELP", "x"})) {
            List<String> errors = both(jedis -> error(jedis, args));
            assertEquals(errors.get(0), errors.get(1), String.join(" ", args));
            assertTrue(errors.get(1).startsWith("ERR unknown subcommand or wrong number of arguments for '"),
                    errors.get(1));
        }
        List<String> arity = both(jedis -> error(jedis));
        assertEquals(arity.get(0), arity.get(1));
    }

    @Test
    void stringmatchTestFuzzesTheGlobMatcherAndAnswersAsRedis() {
        List<String> replies = both(jedis -> debug(jedis, "STRINGMATCH-TEST"));
        assertEquals(List.of("Apparently Redis did not crash: test passed",
                "Apparently Redis did not crash: test passed"), replies);
    }

    @Test
    void setActiveExpireReadsItsArgumentAsAtoi() throws Exception {
        try (Jedis jedis = server.jedis()) {
            for (String flag : List.of("0", "abc", "4294967296", " 0x1")) {
                assertEquals("OK", debug(jedis, "SET-ACTIVE-EXPIRE", flag));
                // with the active cycle off, a key past its time stays until touched (DBSIZE counts it), as in Redis
                jedis.set("short", "v", SetParams.setParams().px(1));
                Thread.sleep(300);
                assertEquals(1, jedis.dbSize(), flag);
                jedis.del("short");
            }
            assertEquals("OK", debug(jedis, "SET-ACTIVE-EXPIRE", "1"));
            jedis.set("short", "v", SetParams.setParams().px(1));
            Eventually.until("the active cycle removes the expired key", () -> jedis.dbSize() == 0);
        }
    }

    @Test
    void changeReplIdGivesANewIdAndClearsTheSecond() {
        try (Jedis jedis = server.jedis()) {
            Map<String, String> before = InfoFields.of(jedis.info("replication"));
            assertEquals("OK", debug(jedis, "CHANGE-REPL-ID"));
            Map<String, String> after = InfoFields.of(jedis.info("replication"));
            assertTrue(after.get("master_replid").matches("[0-9a-f]{40}"), after.toString());
            assertNotEquals(before.get("master_replid"), after.get("master_replid"));
            assertEquals("0".repeat(40), after.get("master_replid2"));
        }
        List<List<String>> fields = both(jedis -> InfoFields.of(jedis.info("replication")).keySet().stream()
                .filter(name -> name.startsWith("master_replid")).toList());
        assertEquals(fields.get(0), fields.get(1));
    }

    /** Each subcommand Redactor serves has Redis's HELP lines, in Redis's order. */
    @Test
    void helpHasRedisWordingForWhatIsServed() {
        List<String> theirs = help(redis.jedis());
        List<String> ours = help(server.jedis());
        assertEquals(theirs.get(0), ours.get(0));
        int at = 0;
        for (String line : ours) {
            int found = theirs.subList(at, theirs.size()).indexOf(line);
            assertTrue(found >= 0, "not in Redis's DEBUG HELP, or out of its order: " + line);
            at += found + 1;
        }
        for (String served : List.of("CHANGE-REPL-ID", "DIGEST", "DIGEST-VALUE <key> [<key> ...]", "LOADAOF",
                "RELOAD [option ...]", "SET-ACTIVE-EXPIRE <0|1>")) {
            assertTrue(ours.contains(served), served);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> help(Jedis jedis) {
        try (jedis) {
            List<Object> lines = (List<Object>) jedis.sendCommand(DEBUG, "HELP");
            return lines.stream().map(line -> new String((byte[]) line, StandardCharsets.UTF_8)).toList();
        }
    }

    /** With SET-DISABLE-DENY-SCRIPTS 1 a script may call a command flagged noscript (DEBUG here), and not with 0. */
    @Test
    void setDisableDenyScriptsLetsScriptsCallNoscriptCommands() {
        String script = "return redis.call('debug', 'protocol', 'bignum')";
        List<String> replies = both(jedis -> {
            List<String> seen = new ArrayList<>();
            seen.add(evalOrError(jedis, script));
            seen.add(debug(jedis, "SET-DISABLE-DENY-SCRIPTS", "1"));
            seen.add(evalOrError(jedis, script));
            seen.add(debug(jedis, "set-disable-deny-scripts", "0"));
            seen.add(evalOrError(jedis, script));
            seen.add(error(jedis, "SET-DISABLE-DENY-SCRIPTS"));
            return String.join("\n", seen);
        });
        assertEquals(replies.get(0), replies.get(1));
        assertTrue(replies.get(0).contains("1234567999999999999999999999999999999"), replies.get(0));
    }

    private static String evalOrError(Jedis jedis, String script) {
        try {
            return String.valueOf(jedis.eval(script));
        } catch (JedisDataException e) {
            return e.getMessage();
        }
    }

    private static <T> List<T> both(Function<Jedis, T> action) {
        try (Jedis theirs = redis.jedis(); Jedis ours = server.jedis()) {
            return List.of(action.apply(theirs), action.apply(ours));
        }
    }

    private static String debug(Jedis jedis, String... args) {
        return new String((byte[]) jedis.sendCommand(DEBUG, args), StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static List<String> debugList(Jedis jedis, String... args) {
        List<Object> replies = (List<Object>) jedis.sendCommand(DEBUG, args);
        return replies.stream().map(reply -> new String((byte[]) reply, StandardCharsets.UTF_8)).toList();
    }

    private static String error(Jedis jedis, String... args) {
        try {
            jedis.sendCommand(DEBUG, args);
            return "no error";
        } catch (JedisDataException e) {
            return e.getMessage();
        }
    }
}
