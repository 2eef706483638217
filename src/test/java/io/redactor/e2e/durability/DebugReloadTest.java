package io.redactor.e2e.durability;

import io.redactor.testing.DataSet;
import io.redactor.testing.EveryType;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DEBUG RELOAD, the round trip through the RDB file that Redis's own tests use to check persistence: the data set
 * and the function libraries come back as they were, and its options behave as Redis's do.
 */
class DebugReloadTest {
    private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    private TestRedactor start(String debug) {
        return TestRedactor.start(Map.of("redactor.redis.dir", dir.toString(),
                "redactor.redis.enable-debug-command", debug));
    }

    private static String debug(Jedis jedis, String... args) {
        Object reply = jedis.sendCommand(DEBUG, args);
        return new String((byte[]) reply, StandardCharsets.UTF_8);
    }

    @Test
    void reloadGivesBackEveryTypeAndTheLibraries() {
        try (TestRedactor server = start("yes"); Jedis jedis = server.jedis()) {
            EveryType.write(jedis, 5);
            DataSet before = DataSet.of(jedis);
            assertEquals("OK", debug(jedis, "RELOAD"));
            DataSet after = DataSet.of(jedis);
            assertEquals(before, after, before.differences(after));
            assertEquals("hi", jedis.fcall("everytype_echo", List.of(), List.of("hi")));
            assertTrue(jedis.info("persistence").contains("rdb_changes_since_last_save:0"));
        }
    }

    @Test
    void nosaveNoflushAndMergeDoAsRedisSays() {
        try (TestRedactor server = start("yes"); Jedis jedis = server.jedis()) {
            jedis.set("saved", "1");
            jedis.functionLoad(EveryType.LIBRARY);
            assertEquals("OK", jedis.save());
            jedis.set("saved", "changed");
            jedis.set("unsaved", "2");

            JedisDataException duplicate = assertThrows(JedisDataException.class,
                    () -> debug(jedis, "RELOAD", "NOFLUSH", "NOSAVE"));
            assertEquals("ERR Error trying to load the RDB dump", duplicate.getMessage());

            assertEquals("OK", debug(jedis, "RELOAD", "NOFLUSH", "MERGE", "NOSAVE"));
            assertEquals("1", jedis.get("saved"));
            assertEquals("2", jedis.get("unsaved"));

            jedis.set("saved", "changed again");
            assertEquals("OK", debug(jedis, "RELOAD", "NOSAVE"));
            assertEquals("1", jedis.get("saved"));
            assertNull(jedis.get("unsaved"));
            assertEquals("hi", jedis.fcall("everytype_echo", List.of(), List.of("hi")));

            assertEquals("ERR DEBUG RELOAD only supports the MERGE, NOFLUSH and NOSAVE options.",
                    assertThrows(JedisDataException.class, () -> debug(jedis, "RELOAD", "FAST")).getMessage());
            assertEquals("ERR unknown subcommand or wrong number of arguments for 'nothing'. Try DEBUG HELP.",
                    assertThrows(JedisDataException.class, () -> debug(jedis, "nothing")).getMessage());
        }
    }

    @Test
    void debugIsRefusedUnlessEnabled() {
        try (TestRedactor server = start("no"); Jedis jedis = server.jedis()) {
            jedis.set("k", "v");
            JedisDataException refused = assertThrows(JedisDataException.class, () -> debug(jedis, "RELOAD"));
            assertTrue(refused.getMessage().startsWith("ERR DEBUG command not allowed. If the enable-debug-command "
                    + "option is set to \"local\""), refused.getMessage());
            assertEquals("v", jedis.get("k"));
        }
        try (TestRedactor server = start("local"); Jedis jedis = server.jedis()) {
            assertEquals("OK", debug(jedis, "RELOAD"));
        }
    }
}
