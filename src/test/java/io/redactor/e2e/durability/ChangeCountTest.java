package io.redactor.e2e.durability;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.Arguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The changes each write counts (Redis's {@code server.dirty}, seen as INFO persistence
 * {@code rdb_changes_since_last_save} and compared with the save points), side by side with Redis 7.0.15: a corpus
 * of every write command in several shapes (new key, existing key, no-op, several elements, some unchanged, errors,
 * scripts, transactions) runs on both, and after each step the growth of the count must be the same.
 */
class ChangeCountTest {
    private static final String CORPUS = "/dirty/write-commands.txt";

    @TempDir
    Path redisDir;
    @TempDir
    Path dir;

    @Test
    void everyWriteCountsTheChangesRedisCounts() throws IOException {
        List<Step> steps = steps();
        List<String> differences = new ArrayList<>();
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "no");
             TestRedactor server = TestRedactor.start(Map.of());
             RawClient theirs = redis.raw();
             RawClient ours = server.raw()) {
            for (Step step : steps) {
                long theirBefore = changes(theirs);
                long ourBefore = changes(ours);
                step.commands().forEach(argv -> theirs.call(argv));
                step.commands().forEach(argv -> ours.call(argv));
                long theirDelta = changes(theirs) - theirBefore;
                long ourDelta = changes(ours) - ourBefore;
                if (theirDelta != ourDelta) {
                    differences.add("line " + step.line() + " " + step.text() + ": Redis counted " + theirDelta
                            + ", Redactor " + ourDelta);
                }
            }
        }
        assertTrue(steps.size() > 250, "the corpus has " + steps.size() + " steps");
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    /**
     * A write that wakes a blocked client: Redis counts the write, and the served pop only for BLMPOP, BZPOPMIN,
     * BZMPOP and XREADGROUP (not for BLPOP, BRPOP, BLMOVE and BRPOPLPUSH).
     */
    @Test
    void servingBlockedClientsCountsAsInRedis() {
        List<String[][]> cases = List.of(
                new String[][] {{"BLPOP", "bl", "5"}, {"RPUSH", "bl", "a", "b", "c"}},
                new String[][] {{"BRPOP", "bl", "5"}, {"LPUSH", "bl", "a", "b"}},
                new String[][] {{"BLMOVE", "bm", "bm2", "LEFT", "RIGHT", "5"}, {"RPUSH", "bm", "x", "y"}},
                new String[][] {{"BRPOPLPUSH", "bm", "bm2", "5"}, {"RPUSH", "bm", "z"}},
                new String[][] {{"BLMPOP", "5", "1", "lm", "LEFT", "COUNT", "5"}, {"RPUSH", "lm", "a", "b", "c"}},
                new String[][] {{"BZPOPMIN", "zm", "5"}, {"ZADD", "zm", "1", "a", "2", "b"}},
                new String[][] {{"BZMPOP", "5", "1", "zm2", "MIN", "COUNT", "5"}, {"ZADD", "zm2", "1", "a", "2", "b"}},
                new String[][] {{"XREADGROUP", "GROUP", "g", "c", "BLOCK", "5000", "STREAMS", "xs", ">"},
                        {"XADD", "xs", "1-1", "f", "v"}});
        List<String> differences = new ArrayList<>();
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "no");
             TestRedactor server = TestRedactor.start(Map.of())) {
            for (String[][] pair : cases) {
                long theirs = servedChanges(redis.raw(), redis.raw(), pair);
                long ours = servedChanges(server.raw(), server.raw(), pair);
                if (theirs != ours) {
                    differences.add(String.join(" ", pair[0]) + " served by " + String.join(" ", pair[1])
                            + ": Redis counted " + theirs + ", Redactor " + ours);
                }
            }
        }
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    private static long servedChanges(RawClient blocked, RawClient writer, String[][] pair) {
        try (blocked; writer) {
            writer.call("XGROUP", "CREATE", "xs", "g", "$", "MKSTREAM");
            long before = changes(writer);
            blocked.command(pair[0]);
            Eventually.until("the client blocks", () -> writer.call("INFO", "clients").contains("blocked_clients:1"));
            writer.call(pair[1]);
            blocked.readReply();
            long delta = changes(writer) - before;
            writer.call("FLUSHALL");
            return delta;
        }
    }

    /** One SADD of three new members counts three changes, enough for the save point "1 3" to take a snapshot. */
    @Test
    void savePointsSeeEachElementAsAChange() throws Exception {
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of("save", "1 3"));
             RawClient client = server.raw()) {
            assertEquals(":3\r\n", client.call("SADD", "s", "a", "b", "c"));
            Eventually.until("a snapshot after one SADD of three members with save 1 3",
                    () -> Files.exists(dir.resolve("dump.rdb")) && changes(client) == 0);
        }
    }

    /**
     * Redis's unit/other: FLUSHALL saves at once when there are save points (the count starts again from zero, the
     * file on disk holds the emptied data set), and only counts the keys it removed when there are none.
     */
    @Test
    void flushallStartsTheCountAgainWhenThereAreSavePoints() {
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of("save", ""));
             RawClient client = server.raw()) {
            client.call("SET", "key", "value");
            client.call("FLUSHALL");
            assertEquals(2, changes(client));

            assertEquals("+OK\r\n", client.call("CONFIG", "SET", "save", "3600 1 300 100 60 10000"));
            client.call("SET", "key", "value");
            assertEquals("+OK\r\n", client.call("FLUSHALL"));
            assertEquals(0, changes(client));
            // a SAVE or BGSAVE right after does not find FLUSHALL's snapshot in its way
            assertEquals("+OK\r\n", client.call("SAVE"));
            client.call("SET", "key", "value");
            client.call("FLUSHALL");
            assertEquals("+Background saving started\r\n", client.call("BGSAVE"));
            Eventually.until("the snapshots end", () -> client.call("INFO", "persistence")
                    .contains("rdb_bgsave_in_progress:0"));
        }
        try (TestRedactor again = TestRedactor.startIn(dir, Map.of()); RawClient client = again.raw()) {
            assertEquals(":0\r\n", client.call("DBSIZE"));
        }
    }

    private static long changes(RawClient client) {
        String info = client.call("INFO", "persistence");
        return InfoFields.number(info.substring(info.indexOf("\r\n") + 2), "rdb_changes_since_last_save");
    }

    /** What is measured as one: a command, or MULTI ... EXEC. */
    private record Step(int line, String text, List<byte[][]> commands) {
    }

    private static List<Step> steps() throws IOException {
        List<Step> steps = new ArrayList<>();
        List<byte[][]> transaction = null;
        int transactionLine = 0;
        try (InputStream in = ChangeCountTest.class.getResourceAsStream(CORPUS);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                byte[][] argv = Arguments.split(text, number).toArray(byte[][]::new);
                String name = new String(argv[0], StandardCharsets.UTF_8);
                if (name.equalsIgnoreCase("multi")) {
                    transaction = new ArrayList<>();
                    transactionLine = number;
                }
                if (transaction == null) {
                    steps.add(new Step(number, text, List.<byte[][]>of(argv)));
                    continue;
                }
                transaction.add(argv);
                if (name.equalsIgnoreCase("exec")) {
                    steps.add(new Step(transactionLine, "MULTI ... EXEC", transaction));
                    transaction = null;
                }
            }
        }
        return steps;
    }
}
