package io.redactor.e2e.transactions;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * WATCH of keys that are logically expired (stored, past their time: active expiry is off on both servers), side by
 * side with Redis 7.0.15: for a key missing, live or expired in database 1 and in database 2 when watched (in one,
 * the other or both), then SWAPDB, FLUSHDB, FLUSHALL, changes of the other database before a swap and lazy expiry
 * after it, EXEC answers as Redis's (which remembers whether a watched key was already expired when watched) and
 * both databases hold as many stored keys.
 */
class WatchExpiredKeysSideBySideTest extends DebugSideBySideTest {
    private enum State { MISSING, LIVE, EXPIRED }

    private enum Watched { FIRST, SECOND, BOTH }

    /** Commands the other client runs between WATCH and EXEC; "SLEEP" waits until keys set with PX 1 expired. */
    private static final List<List<String[]>> OPERATIONS = List.of(
            steps(),
            steps(cmd("SWAPDB", "1", "2")),
            steps(cmd("SWAPDB", "2", "1")),
            steps(cmd("SWAPDB", "1", "2"), cmd("SWAPDB", "1", "2")),
            steps(cmd("SWAPDB", "0", "3")),
            steps(cmd("SELECT", "1"), cmd("FLUSHDB")),
            steps(cmd("SELECT", "2"), cmd("FLUSHDB", "ASYNC")),
            steps(cmd("FLUSHALL")),
            steps(cmd("FLUSHALL", "ASYNC")),
            steps(cmd("SELECT", "2"), cmd("SET", "x", "new"), cmd("SWAPDB", "1", "2")),
            steps(cmd("SELECT", "2"), cmd("SET", "x", "new", "PX", "1"), cmd("SLEEP"), cmd("SWAPDB", "1", "2")),
            steps(cmd("SELECT", "2"), cmd("DEL", "x"), cmd("SWAPDB", "1", "2")),
            steps(cmd("SELECT", "1"), cmd("EXISTS", "x"), cmd("SWAPDB", "1", "2")));

    private RawClient redisWatcher;
    private RawClient redisOther;
    private RawClient mineWatcher;
    private RawClient mineOther;

    @BeforeEach
    void connect() {
        redisWatcher = redis.raw();
        redisOther = redis.raw();
        mineWatcher = server.raw();
        mineOther = server.raw();
        for (RawClient client : List.of(redisOther, mineOther)) {
            assertEquals("+OK\r\n", client.call("DEBUG", "SET-ACTIVE-EXPIRE", "0"));
        }
    }

    @AfterEach
    void disconnect() {
        for (RawClient client : List.of(redisOther, mineOther)) {
            client.call("DEBUG", "SET-ACTIVE-EXPIRE", "1");
        }
        for (RawClient client : List.of(redisWatcher, redisOther, mineWatcher, mineOther)) {
            client.close();
        }
    }

    @Test
    void everyCombinationOfStaleLiveAndMissingKeysAnswersAsRedis() throws InterruptedException {
        List<String> differences = new ArrayList<>();
        int scenarios = 0;
        for (State first : State.values()) {
            for (State second : State.values()) {
                for (Watched watched : Watched.values()) {
                    for (int op = 0; op < OPERATIONS.size(); op++) {
                        for (boolean touchAfter : new boolean[] {false, true}) {
                            String name = first + "/" + second + " watch " + watched + " op " + op
                                    + (touchAfter ? " then EXISTS" : "");
                            String expected = run(redisWatcher, redisOther, first, second, watched,
                                    OPERATIONS.get(op), touchAfter);
                            String actual = run(mineWatcher, mineOther, first, second, watched,
                                    OPERATIONS.get(op), touchAfter);
                            scenarios++;
                            if (!expected.equals(actual)) {
                                differences.add(name + ": redis " + readable(expected) + " redactor "
                                        + readable(actual));
                            }
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), differences, differences.size() + " of " + scenarios + " scenarios differ");
    }

    /**
     * A key live when watched that expires before EXEC: EXEC fails unless a FLUSH or SWAPDB removed it first (Redis
     * checks the watched keys' expiry at EXEC). Tried again when a slow machine let the key expire before WATCH.
     */
    @Test
    void aKeyThatExpiresAfterWatchAnswersAsRedis() throws InterruptedException {
        List<List<String[]>> operations = List.of(
                steps(),
                steps(cmd("SWAPDB", "1", "2")),
                steps(cmd("SELECT", "1"), cmd("FLUSHDB")),
                steps(cmd("FLUSHALL")),
                steps(cmd("SELECT", "1"), cmd("EXISTS", "x")),
                steps(cmd("SELECT", "2"), cmd("SET", "x", "new", "PX", "1"), cmd("SLEEP"),
                        cmd("SWAPDB", "1", "2")));
        List<String> differences = new ArrayList<>();
        for (int op = 0; op < operations.size(); op++) {
            String expected = expiringAfterWatch(redisWatcher, redisOther, operations.get(op));
            String actual = expiringAfterWatch(mineWatcher, mineOther, operations.get(op));
            if (!expected.equals(actual)) {
                differences.add("op " + op + ": redis " + readable(expected) + " redactor " + readable(actual));
            }
        }
        assertEquals(List.of(), differences);
    }

    /**
     * RESTORE REPLACE removes a key past its time without expiring it, so a client that watched it stale still
     * sees it stale: Redis's touchWatchedKey then stops at that client, and neither it nor a client that watched the
     * restored key after it sees the next change.
     */
    @Test
    void restoreReplaceOverAStaleWatchedKeyAnswersAsRedis() throws InterruptedException {
        assertEquals(restoreOverStale(redisWatcher, redisOther, redis.raw()),
                restoreOverStale(mineWatcher, mineOther, server.raw()));
    }

    /**
     * A client that a SWAPDB marked keeps its watches in Redis (a key change would drop them): its watch of a key that
     * stays stale through the swap, then restored over, still stops the next change before a later watcher.
     */
    @Test
    void aClientMarkedBySwapdbKeepsItsStaleWatchAsRedis() throws InterruptedException {
        assertEquals(swapThenRestore(redisWatcher, redisOther, redis.raw()),
                swapThenRestore(mineWatcher, mineOther, server.raw()));
    }

    private static String swapThenRestore(RawClient watcher, RawClient other, RawClient secondWatcher)
            throws InterruptedException {
        try (secondWatcher) {
            other.call("FLUSHALL");
            other.call("SELECT", "2");
            other.call("SET", "x", "stale2", "PX", "1");
            other.call("SELECT", "1");
            other.call("SET", "x", "stale1", "PX", "1");
            other.call("SET", "y", "live");
            other.call("SET", "src", "v");
            byte[] payload = bulk(other.call("DUMP".getBytes(), "src".getBytes()));
            untilPxOneExpired();
            StringBuilder transcript = new StringBuilder();
            watcher.call("SELECT", "1");
            transcript.append(watcher.call("WATCH", "x", "y"));
            transcript.append(other.call("SWAPDB", "1", "2"));
            transcript.append(new String(other.call("RESTORE".getBytes(), "x".getBytes(), "0".getBytes(), payload,
                    "REPLACE".getBytes())));
            secondWatcher.call("SELECT", "1");
            transcript.append(secondWatcher.call("WATCH", "x"));
            transcript.append(other.call("SET", "x", "new"));
            return readable(transcript.append(exec(watcher)).append(exec(secondWatcher)).append(dbSizes(other))
                    .toString());
        }
    }

    private static String restoreOverStale(RawClient watcher, RawClient other, RawClient secondWatcher)
            throws InterruptedException {
        try (secondWatcher) {
            other.call("FLUSHALL");
            for (RawClient client : List.of(watcher, other, secondWatcher)) {
                client.call("SELECT", "1");
            }
            other.call("SET", "src", "v");
            byte[] payload = bulk(other.call("DUMP".getBytes(), "src".getBytes()));
            other.call("SET", "x", "stale", "PX", "1");
            untilPxOneExpired();
            StringBuilder transcript = new StringBuilder();
            transcript.append(watcher.call("WATCH", "x"));
            transcript.append(new String(other.call("RESTORE".getBytes(), "x".getBytes(), "0".getBytes(), payload,
                    "REPLACE".getBytes())));
            transcript.append(secondWatcher.call("WATCH", "x"));
            transcript.append(other.call("SET", "x", "new"));
            return readable(transcript.append(exec(watcher)).append(exec(secondWatcher)).append(dbSizes(other))
                    .toString());
        }
    }

    /** The contents of a bulk string reply. */
    private static byte[] bulk(byte[] reply) {
        int start = 0;
        while (reply[start] != '\n') {
            start++;
        }
        return Arrays.copyOfRange(reply, start + 1, reply.length - 2);
    }

    private static String run(RawClient watcher, RawClient other, State first, State second, Watched watched,
                              List<String[]> operation, boolean touchAfter) throws InterruptedException {
        other.call("FLUSHALL");
        watcher.call("UNWATCH");
        setUp(other, "1", first);
        setUp(other, "2", second);
        if (first == State.EXPIRED || second == State.EXPIRED) {
            untilPxOneExpired();
        }
        if (watched != Watched.SECOND) {
            watcher.call("SELECT", "1");
            watcher.call("WATCH", "x");
        }
        if (watched != Watched.FIRST) {
            watcher.call("SELECT", "2");
            watcher.call("WATCH", "x");
        }
        StringBuilder transcript = new StringBuilder();
        runAll(other, operation, transcript);
        if (touchAfter) {
            runAll(other, steps(cmd("SELECT", "1"), cmd("EXISTS", "x"), cmd("SELECT", "2"), cmd("EXISTS", "x")),
                    transcript);
        }
        return transcript.append(exec(watcher)).append(dbSizes(other)).toString();
    }

    private static String expiringAfterWatch(RawClient watcher, RawClient other, List<String[]> operation)
            throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            other.call("FLUSHALL");
            watcher.call("UNWATCH");
            other.call("SELECT", "1");
            long setAt = System.nanoTime();
            other.call("SET", "x", "v", "PX", "200");
            watcher.call("SELECT", "1");
            watcher.call("WATCH", "x");
            long watchedAfterMs = (System.nanoTime() - setAt) / 1_000_000;
            if (watchedAfterMs >= 150 && attempt < 5) {
                continue;
            }
            Thread.sleep(Math.max(0, 210 - (System.nanoTime() - setAt) / 1_000_000));
            StringBuilder transcript = new StringBuilder();
            runAll(other, operation, transcript);
            return transcript.append(exec(watcher)).append(dbSizes(other)).toString();
        }
    }

    private static void setUp(RawClient client, String db, State state) {
        client.call("SELECT", db);
        switch (state) {
            case MISSING -> {
            }
            case LIVE -> client.call("SET", "x", "live" + db);
            case EXPIRED -> client.call("SET", "x", "stale" + db, "PX", "1");
        }
    }

    private static void runAll(RawClient client, List<String[]> commands, StringBuilder transcript)
            throws InterruptedException {
        for (String[] command : commands) {
            if (command[0].equals("SLEEP")) {
                untilPxOneExpired();
            } else {
                transcript.append(client.call(command));
            }
        }
    }

    private static String exec(RawClient watcher) {
        watcher.call("MULTI");
        watcher.call("PING");
        return watcher.call("EXEC");
    }

    /** Stored keys, expired ones included, in databases 1 and 2. */
    private static String dbSizes(RawClient client) {
        client.call("SELECT", "1");
        String first = client.call("DBSIZE");
        client.call("SELECT", "2");
        return first + client.call("DBSIZE");
    }

    /** A key set with PX 1 is past its time once the millisecond clock moved on by 2. */
    private static void untilPxOneExpired() throws InterruptedException {
        Thread.sleep(3);
    }

    private static String readable(String replies) {
        return replies.replace("\r\n", " ");
    }

    private static List<String[]> steps(String[]... commands) {
        return Arrays.asList(commands);
    }

    private static String[] cmd(String... args) {
        return args;
    }
}
