package io.redactor.e2e.hashes;

import io.redactor.testing.RawClient;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.Marker;
import io.redactor.testing.corpus.ReplyForm;
import io.redactor.testing.corpus.RespBytes;
import io.redactor.testing.corpus.Differences;
import io.redactor.testing.corpus.SideBySide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;


/**
 * A seeded random stream of hash commands over a few keys and fields, run against a real Redis and Redactor,
 * comparing every reply. Orders Redis leaves unspecified ("hashtable" hashes) are compared sorted, HSCAN of a
 * table is iterated to its end, and random replies (HRANDFIELD) are checked by shape and by membership in the
 * hash. Low thresholds make hashes cross from "listpack" to "hashtable" often.
 */
class HashRandomizedDifferentialTest {
    private static final int COMMANDS = 3000;
    private static final String[] KEYS = {"rh:a", "rh:b", "rh:c", "rh:{x}d", "rh:str"};

    private final Differences failures = new Differences();
    private Random random;
    private RawClient redis;
    private RawClient ours;

    @ParameterizedTest(name = "seed {0}, entries {1}, value {2}")
    @CsvSource({"1, 512, 64", "2, 8, 16", "3, 3, 6", "4, 16, 64"})
    void randomCommandsAnswerLikeRedis(long seed, int maxEntries, int maxValue) {
        random = new Random(seed);
        Map<String, String> thresholds = Map.of("hash-max-listpack-entries", String.valueOf(maxEntries),
                "hash-max-listpack-value", String.valueOf(maxValue));
        SideBySide.play(List.of(KEYS), thresholds, client -> client.call("SET", KEYS[4], "not a hash"), (r, o) -> {
            redis = r;
            ours = o;
            for (int i = 0; i < COMMANDS && failures.few(); i++) {
                step(i);
            }
        });
        failures.assertNone();
    }

    private void step(int index) {
        String key = KEYS[random.nextInt(KEYS.length)];
        int choice = random.nextInt(100);
        if (choice < 22) {
            List<String> args = new ArrayList<>(List.of(random.nextInt(5) == 0 ? "HMSET" : "HSET", key));
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                args.add(field());
                args.add(value());
            }
            same(index, args);
        } else if (choice < 27) {
            same(index, List.of("HSETNX", key, field(), value()));
        } else if (choice < 37) {
            List<String> args = new ArrayList<>(List.of("HDEL", key));
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                args.add(field());
            }
            same(index, args);
        } else if (choice < 42) {
            same(index, List.of("HGET", key, field()));
        } else if (choice < 45) {
            same(index, List.of("HMGET", key, field(), field(), field()));
        } else if (choice < 48) {
            same(index, List.of("HEXISTS", key, field()));
        } else if (choice < 51) {
            same(index, List.of("HLEN", key));
        } else if (choice < 53) {
            same(index, List.of("HSTRLEN", key, field()));
        } else if (choice < 60) {
            same(index, List.of("HINCRBY", key, field(), String.valueOf(random.nextInt(2001) - 1000)));
        } else if (choice < 66) {
            String[] increments = {"1.5", "-0.25", "1e3", "0.1", "3", "-7", "2.5e-3", "x", "1e400"};
            same(index, List.of("HINCRBYFLOAT", key, field(), increments[random.nextInt(increments.length)]));
        } else if (choice < 74) {
            String[] commands = {"HGETALL", "HKEYS", "HVALS"};
            unordered(index, List.of(commands[random.nextInt(commands.length)], key));
        } else if (choice < 80) {
            hrandfield(index, key);
        } else if (choice < 85) {
            hscan(index, key);
        } else if (choice < 91) {
            same(index, List.of("OBJECT", "ENCODING", key));
        } else if (choice < 93) {
            same(index, List.of("DEL", key));
        } else if (choice < 95) {
            same(index, List.of("TYPE", key));
        } else if (choice < 97) {
            same(index, List.of("COPY", key, KEYS[random.nextInt(4)], "REPLACE"));
        } else {
            same(index, List.of("HELLO", random.nextBoolean() ? "2" : "3"), true);
        }
    }

    /** Fields from a small space; a few are long enough to exceed the value threshold. */
    private String field() {
        int n = random.nextInt(40);
        return n < 36 ? "f" + n : "long-field-" + "x".repeat(10 + 20 * (n - 36));
    }

    private String value() {
        return switch (random.nextInt(6)) {
            case 0 -> String.valueOf(random.nextInt(100));
            case 1 -> random.nextInt(10) + "." + random.nextInt(100);
            case 2 -> "";
            case 3 -> "v".repeat(1 + random.nextInt(40));
            case 4 -> "\u0000\r\n" + random.nextInt(5);
            default -> "value" + random.nextInt(1000);
        };
    }

    private void same(int index, List<String> command) {
        same(index, command, false);
    }

    private void same(int index, List<String> command, boolean anyInt) {
        check(index, command, Differential.difference(redis, ours, argv(command),
                anyInt ? EnumSet.of(Marker.ANYINT) : Set.of()));
    }

    /** HGETALL, HKEYS, HVALS: exact order for a "listpack" hash, sorted for a table. */
    private void unordered(int index, List<String> command) {
        Set<Marker> markers = !"hashtable".equals(encoding(command.get(1))) ? Set.of()
                : command.get(0).equals("HGETALL") ? EnumSet.of(Marker.PAIRS) : EnumSet.of(Marker.SORTED);
        check(index, command, Differential.difference(redis, ours, argv(command), markers));
    }

    private void hrandfield(int index, String key) {
        long[] counts = {1, 2, 3, 5, 50, -1, -4, -20, 0};
        long count = counts[random.nextInt(counts.length)];
        boolean withValues = random.nextBoolean();
        List<String> command = new ArrayList<>(List.of("HRANDFIELD", key, String.valueOf(count)));
        if (withValues) {
            command.add("WITHVALUES");
        }
        if (random.nextInt(8) == 0) {
            command = List.of("HRANDFIELD", key);
        }
        byte[] expected = redis.call(argv(command));
        byte[] actual = ours.call(argv(command));
        check(index, command, Differential.difference(ReplyForm.shape(expected), ReplyForm.shape(actual)));
        if (RespBytes.isAggregate(actual) && count != 0) {
            checkMembers(index, command, key, actual, withValues && command.size() == 4, count > 0);
        }
    }

    /** Every pick is a field (with its value) of the hash; positive counts pick distinct fields. */
    private void checkMembers(int index, List<String> command, String key, byte[] reply, boolean withValues,
                              boolean distinct) {
        Set<String> pairs = new HashSet<>();
        Set<String> fields = new HashSet<>();
        List<byte[]> all = RespBytes.elements(redis.call(argv(List.of("HGETALL", key))));
        for (int i = 0; i + 1 < all.size(); i += 2) {
            fields.add(RespBytes.show(all.get(i)));
            pairs.add(RespBytes.show(all.get(i)) + "=" + RespBytes.show(all.get(i + 1)));
        }
        List<String> picks = RespBytes.entries(reply, withValues);
        List<byte[]> elements = RespBytes.elements(reply);
        Set<String> universe = withValues || (!elements.isEmpty() && RespBytes.isAggregate(elements.get(0)))
                ? pairs : fields;
        for (String pick : picks) {
            if (!universe.contains(pick)) {
                failures.add("command " + index + ": " + command + " picked " + pick + " not in the hash");
            }
        }
        if (distinct && new HashSet<>(picks).size() != picks.size()) {
            failures.add("command " + index + ": " + command + " repeated a field: " + picks);
        }
    }

    /** HSCAN: a "listpack" hash answers in one exact reply; a table is iterated to the end on both sides. */
    private void hscan(int index, String key) {
        List<String> command = new ArrayList<>(List.of("HSCAN", key, "0"));
        if (random.nextBoolean()) {
            command.addAll(List.of("COUNT", String.valueOf(1 + random.nextInt(20))));
        }
        if (random.nextInt(3) == 0) {
            command.addAll(List.of("MATCH", "f1*"));
        }
        boolean table = "hashtable".equals(encoding(key));
        check(index, command, Differential.difference(redis, ours, argv(command),
                table ? EnumSet.of(Marker.SCAN) : Set.of()));
    }

    private String encoding(String key) {
        String reply = RespBytes.show(redis.call("OBJECT", "ENCODING", key).getBytes(StandardCharsets.ISO_8859_1));
        return reply.contains("hashtable") ? "hashtable" : reply.contains("listpack") ? "listpack" : "none";
    }

    /** Records a difference (null when the replies matched). */
    private void check(int index, List<String> command, String difference) {
        if (difference != null) {
            failures.add("command " + index + ": " + printable(command) + difference);
        }
    }

    private static String printable(List<String> command) {
        return RespBytes.show(String.join(" ", command).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[][] argv(List<String> command) {
        byte[][] argv = new byte[command.size()][];
        for (int i = 0; i < argv.length; i++) {
            argv[i] = command.get(i).getBytes(StandardCharsets.UTF_8);
        }
        return argv;
    }
}
