package io.redactor.e2e.durability;

import io.redactor.testing.DataSet;
import io.redactor.testing.EveryType;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DEBUG LOADAOF, which Redis's own tests use to check what the append-only file holds: the data set and the function
 * libraries emptied and replayed from the files, side by side with Redis 7.0.15 (same digests before and after), the
 * replay neither counted as changes nor logged again, and the file going on afterwards.
 */
class DebugLoadAofTest {
    private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;
    @TempDir
    Path redisDir;

    private TestRedactor start(String appendonly) {
        return TestRedactor.startIn(dir, Map.of("appendonly", appendonly, "appendfsync", "everysec",
                "enable-debug-command", "yes"));
    }

    @Test
    void theDataSetComesBackFromTheFilesAsInRedis() {
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "yes",
                "--enable-debug-command", "yes");
             Jedis theirs = redis.jedis();
             TestRedactor server = start("yes");
             Jedis ours = server.jedis()) {
            for (Jedis jedis : List.of(theirs, ours)) {
                EveryType.write(jedis, 3);
                jedis.set("volatile-string", "v", SetParams.setParams().pxAt(4_000_000_000_000L));
            }
            String digest = debug(theirs, "DIGEST");
            assertEquals(digest, debug(ours, "DIGEST"));
            DataSet before = DataSet.of(ours);
            assertEquals(DataSet.of(theirs), before, DataSet.of(theirs).differences(before));

            assertEquals("OK", debug(theirs, "LOADAOF"));
            assertEquals("OK", debug(ours, "LOADAOF"));
            assertEquals(digest, debug(theirs, "DIGEST"));
            assertEquals(digest, debug(ours, "DIGEST"));
            // what the replay gives back is what Redis's gives (groups' read counters unknown, as Redis replays)
            DataSet theirsAfter = DataSet.of(theirs);
            DataSet after = DataSet.of(ours);
            assertEquals(theirsAfter, after, theirsAfter.differences(after));
            assertEquals(before.size(), after.size());
            assertEquals("hi", ours.fcall("everytype_echo", List.of(), List.of("hi")));
            assertEquals(0, changes(ours));

            // the replay was not appended again: a second load gives the same, and later writes go on being logged
            ours.set("after", "1");
            assertEquals(1, changes(ours));
            assertEquals("OK", debug(ours, "LOADAOF", "extra", "arguments", "ignored"));
            assertEquals("1", ours.get("after"));
            assertEquals(before.size() + 1, DataSet.of(ours).size());
        }
        try (TestRedactor again = start("yes"); Jedis jedis = again.jedis()) {
            assertEquals("1", jedis.get("after"));
        }
    }

    @Test
    void withoutAnAppendOnlyFileNothingIsLost() {
        try (TestRedactor server = start("no"); Jedis jedis = server.jedis()) {
            jedis.set("k", "v");
            JedisDataException error = assertThrows(JedisDataException.class, () -> debug(jedis, "LOADAOF"));
            assertEquals("ERR No append only file to load: the AOF manifest names no file", error.getMessage());
            assertEquals("v", jedis.get("k"));
        }
    }

    @Test
    void aFileTurnedOffKeepsWhatItHeld() {
        try (TestRedactor server = start("yes"); Jedis jedis = server.jedis()) {
            jedis.set("logged", "1");
            jedis.configSet("appendonly", "no");
            jedis.set("unlogged", "2");
            assertEquals("OK", debug(jedis, "LOADAOF"));
            assertEquals("1", jedis.get("logged"));
            assertNull(jedis.get("unlogged"));
        }
    }

    /**
     * Redis's stream tests in external mode: CONFIG SET appendonly yes starts a rewrite, writes follow at once, then
     * DEBUG LOADAOF; it waits for the rewrite and loads what was written, where it once answered "in progress".
     */
    @Test
    void loadAofRightAfterTurningTheFileOnWaitsForItsFirstRewrite() throws Exception {
        for (int round = 0; round < 5; round++) {
            Path roundDir = java.nio.file.Files.createDirectories(dir.resolve("round-" + round));
            try (TestRedactor server = TestRedactor.startIn(roundDir, Map.of("appendonly", "no",
                    "save", "", "enable-debug-command", "yes"));
                 Jedis jedis = server.jedis()) {
                EveryType.write(jedis, 200);
                assertEquals("OK", jedis.configSet("appendonly", "yes"));
                for (int i = 0; i < 100; i++) {
                    jedis.xadd("mystream", redis.clients.jedis.StreamEntryID.NEW_ENTRY, Map.of("xitem", "v"));
                }
                DataSet before = DataSet.of(jedis);
                assertEquals("OK", debug(jedis, "LOADAOF"));
                assertEquals(before, DataSet.of(jedis), before.differences(DataSet.of(jedis)));
                assertEquals(100, jedis.xlen("mystream"));
            }
        }
    }

    private static long changes(Jedis jedis) {
        return InfoFields.number(jedis.info("persistence"), "rdb_changes_since_last_save");
    }

    private static String debug(Jedis jedis, String... args) {
        return new String((byte[]) jedis.sendCommand(DEBUG, args), StandardCharsets.UTF_8);
    }
}
