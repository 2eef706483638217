package io.redactor.e2e.sets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.Marker;
import io.redactor.testing.corpus.ReplyForm;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded random stream of set commands over a few keys and a small member space, run against a real Redis
 * 7.0 and Redactor, comparing every reply: exactly, or sorted where the order is unspecified. Random replies
 * (SPOP, SRANDMEMBER) are checked for their shape and against the set they came from; after an SPOP the popped
 * members of Redactor are put back and Redis's taken out, so both servers hold the same sets again. The first
 * half runs in RESP2 with a tiny set-max-intset-entries (many conversions), the second in RESP3 with 512 (the
 * limit only ever grows, so putting members back never converts a set Redis kept as an intset).
 */
class SetRandomizedDifferentialTest {
    private static final long SEED = 0x5E75_2026L;
    private static final int OPERATIONS = 4000;
    private static final String[] KEYS = {"rk0", "rk1", "rk2", "rk3", "rk4", "rk5"};
    private static final String[] MEMBERS = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "-3", "100",
            "9223372036854775807", "a", "b", "c", "d", "", "\u0000", "-0", "01", "\u00ff\u0001"};
    private static final String[] PATTERNS = {"*", "1*", "?", "[a-c]", "*0*", "\u0000*"};

    private final Random random = new Random(SEED);
    private final List<String> mismatches = new ArrayList<>();

    @Test
    void randomCommandsAnswerLikeRedis() {
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            try {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("FLUSHALL");
                    client.call("CONFIG", "SET", "set-max-intset-entries", "6");
                }
                for (int op = 0; op < OPERATIONS && mismatches.size() < 20; op++) {
                    if (op == OPERATIONS / 2) {
                        for (RawClient client : List.of(redis, ours)) {
                            client.call("HELLO", "3");
                            client.call("CONFIG", "SET", "set-max-intset-entries", "512");
                        }
                    }
                    step(op, redis, ours);
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("HELLO", "2");
                    client.call("CONFIG", "SET", "set-max-intset-entries", "512");
                    client.call("FLUSHALL");
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " mismatches (seed " + SEED + "):\n"
                + String.join("\n", mismatches));
    }

    private String key() {
        return KEYS[random.nextInt(KEYS.length)];
    }

    private String member() {
        return MEMBERS[random.nextInt(MEMBERS.length)];
    }

    private List<String> members(int atLeast, int atMost) {
        List<String> members = new ArrayList<>();
        int n = atLeast + random.nextInt(atMost - atLeast + 1);
        for (int i = 0; i < n; i++) {
            members.add(member());
        }
        return members;
    }

    private List<String> keys(int atLeast, int atMost) {
        List<String> keys = new ArrayList<>();
        int n = atLeast + random.nextInt(atMost - atLeast + 1);
        for (int i = 0; i < n; i++) {
            keys.add(random.nextInt(20) == 0 ? "rstr" : key());
        }
        return keys;
    }

    private static List<String> command(String name, List<String> first, List<String> rest) {
        List<String> command = new ArrayList<>();
        command.add(name);
        command.addAll(first);
        command.addAll(rest);
        return command;
    }

    private void step(int op, RawClient redis, RawClient ours) {
        int choice = random.nextInt(100);
        if (choice < 22) {
            exact(op, redis, ours, command("SADD", List.of(key()), members(1, 4)));
        } else if (choice < 30) {
            exact(op, redis, ours, command("SREM", List.of(key()), members(1, 3)));
        } else if (choice < 34) {
            exact(op, redis, ours, List.of("SISMEMBER", key(), member()));
        } else if (choice < 37) {
            exact(op, redis, ours, command("SMISMEMBER", List.of(key()), members(1, 4)));
        } else if (choice < 40) {
            exact(op, redis, ours, List.of("SCARD", key()));
        } else if (choice < 45) {
            sorted(op, redis, ours, List.of("SMEMBERS", key()));
        } else if (choice < 50) {
            exact(op, redis, ours, List.of("SMOVE", key(), key(), member()));
        } else if (choice < 54) {
            sorted(op, redis, ours, command("SINTER", keys(1, 3), List.of()));
        } else if (choice < 57) {
            sorted(op, redis, ours, command("SUNION", keys(1, 3), List.of()));
        } else if (choice < 60) {
            sorted(op, redis, ours, command("SDIFF", keys(1, 3), List.of()));
        } else if (choice < 63) {
            List<String> keys = keys(1, 3);
            List<String> limit = random.nextBoolean() ? List.of() : List.of("LIMIT", Integer.toString(random.nextInt(4)));
            exact(op, redis, ours, command("SINTERCARD", List.of(Integer.toString(keys.size())),
                    command(keys.get(0), keys.subList(1, keys.size()), limit)));
        } else if (choice < 69) {
            String name = List.of("SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE").get(random.nextInt(3));
            exact(op, redis, ours, command(name, List.of(key()), keys(1, 3)));
        } else if (choice < 76) {
            exact(op, redis, ours, List.of("OBJECT", "ENCODING", key()));
        } else if (choice < 80) {
            scan(op, redis, ours, key());
        } else if (choice < 87) {
            pop(op, redis, ours, key());
        } else if (choice < 94) {
            randomMembers(op, redis, ours, key());
        } else if (choice < 96) {
            exact(op, redis, ours, List.of("DEL", key()));
        } else if (choice < 97) {
            exact(op, redis, ours, List.of("SET", "rstr", "v"));
        } else {
            exact(op, redis, ours, List.of("TYPE", key()));
        }
    }

    private static byte[][] args(List<String> command) {
        byte[][] args = new byte[command.size()][];
        for (int i = 0; i < args.length; i++) {
            args[i] = command.get(i).getBytes(StandardCharsets.ISO_8859_1);
        }
        return args;
    }

    private void exact(int op, RawClient redis, RawClient ours, List<String> command) {
        check(op, command, Differential.difference(redis, ours, args(command), Set.of()));
    }

    private void sorted(int op, RawClient redis, RawClient ours, List<String> command) {
        check(op, command, Differential.difference(redis, ours, args(command), EnumSet.of(Marker.SORTED)));
    }

    /** Records a difference (null when the replies matched). */
    private void check(int op, List<String> command, String difference) {
        if (difference != null) {
            mismatches.add("op " + op + ": "
                    + RespBytes.show(String.join(" ", command).getBytes(StandardCharsets.ISO_8859_1)) + difference);
        }
    }

    private void scan(int op, RawClient redis, RawClient ours, String key) {
        List<String> command = new ArrayList<>(List.of("SSCAN", key, "0"));
        if (random.nextBoolean()) {
            command.addAll(List.of("COUNT", Integer.toString(1 + random.nextInt(5))));
        }
        if (random.nextBoolean()) {
            command.addAll(List.of("MATCH", PATTERNS[random.nextInt(PATTERNS.length)]));
        }
        check(op, command, Differential.difference(redis, ours, args(command), EnumSet.of(Marker.SCAN)));
    }

    /** The members of the set at {@code key} on Redis (equal on both servers), or null for another type. */
    private static Set<String> contents(RawClient redis, String key) {
        byte[] reply = redis.call(args(List.of("SMEMBERS", key)));
        if (!RespBytes.isAggregate(reply)) {
            return null;
        }
        Set<String> members = new HashSet<>();
        RespBytes.elements(reply).forEach(member -> members.add(RespBytes.text(member)));
        return members;
    }

    private static List<String> popped(byte[] reply) {
        List<String> members = new ArrayList<>();
        if (RespBytes.isAggregate(reply)) {
            RespBytes.elements(reply).forEach(member -> members.add(RespBytes.text(member)));
        } else if (reply[0] == '$' && reply[1] != '-') {
            members.add(RespBytes.text(reply));
        }
        return members;
    }

    private void pop(int op, RawClient redis, RawClient ours, String key) {
        List<String> command = new ArrayList<>(List.of("SPOP", key));
        if (random.nextInt(3) > 0) {
            command.add(Integer.toString(random.nextInt(5) - (random.nextInt(10) == 0 ? 2 : 0)));
        }
        Set<String> before = contents(redis, key);
        byte[] expected = redis.call(args(command));
        byte[] actual = ours.call(args(command));
        String difference = Differential.difference(ReplyForm.shape(expected), ReplyForm.shape(actual));
        check(op, command, difference);
        if (RespBytes.isError(expected) || difference != null) {
            return;
        }
        List<String> redisPopped = popped(expected);
        List<String> ourPopped = popped(actual);
        if (new HashSet<>(ourPopped).size() != ourPopped.size() || before == null || !before.containsAll(ourPopped)) {
            check(op, command, Differential.difference(
                    "distinct members of " + new TreeSet<>(before == null ? Set.of() : before), "popped " + ourPopped));
            return;
        }
        // Put back what Redactor popped and take out what Redis popped: the sets are equal again.
        List<String> putBack = new ArrayList<>(ourPopped);
        putBack.removeAll(redisPopped);
        List<String> takeOut = new ArrayList<>(redisPopped);
        takeOut.removeAll(ourPopped);
        if (!putBack.isEmpty()) {
            ours.call(args(command("SADD", List.of(key), putBack)));
            ours.call(args(command("SREM", List.of(key), takeOut)));
        }
    }

    private void randomMembers(int op, RawClient redis, RawClient ours, String key) {
        List<String> command = new ArrayList<>(List.of("SRANDMEMBER", key));
        long count = 0;
        if (random.nextInt(4) > 0) {
            count = random.nextInt(12) - 4;
            command.add(Long.toString(count));
        }
        Set<String> before = contents(redis, key);
        byte[] expected = redis.call(args(command));
        byte[] actual = ours.call(args(command));
        check(op, command, Differential.difference(ReplyForm.shape(expected), ReplyForm.shape(actual)));
        List<String> picked = popped(actual);
        if (before != null && !before.containsAll(picked)) {
            check(op, command, Differential.difference("members of " + new TreeSet<>(before), "picked " + picked));
        }
        if (count > 0 && new HashSet<>(picked).size() != picked.size()) {
            check(op, command, Differential.difference("distinct members", "picked " + picked));
        }
        if (count > 0 && before != null && count >= before.size()) {
            check(op, command, Differential.difference(ReplyForm.sorted(expected), ReplyForm.sorted(actual)));
        }
    }
}
