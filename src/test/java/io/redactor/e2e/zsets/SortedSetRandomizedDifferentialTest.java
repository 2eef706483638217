package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;
import io.redactor.testing.corpus.RespBytes;
import io.redactor.testing.corpus.Differences;
import io.redactor.testing.corpus.SideBySide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;


/**
 * A seeded random stream of sorted set commands over a few keys (in different partitions) and a small member
 * space, run against a real Redis and Redactor, every reply compared byte for byte, except where Redis leaves
 * the answer to chance: ZSCAN of a skiplist set is iterated to its end and compared as a set of pairs, and
 * ZRANDMEMBER is checked by shape and by membership. Low thresholds make sets cross from "listpack" to
 * "skiplist" often.
 *
 * <p>Lexicographic ranges are only asked of one key whose members all score 0: over mixed scores Redis's answer
 * for a skiplist depends on the random levels of its nodes.
 */
class SortedSetRandomizedDifferentialTest {
    private static final int COMMANDS = 3000;
    private static final String[] SETS = {"rz:a", "rz:b", "rz:{x}c", "rz:{y}d"};
    private static final String LEX = "rz:lex";
    private static final String STRING = "rz:str";
    private static final String PLAIN_SET = "rz:set";
    private static final String[] ALL_KEYS = {SETS[0], SETS[1], SETS[2], SETS[3], LEX, STRING, PLAIN_SET};
    private static final String[] SCORES = {"0", "1", "2", "3", "-1", "1.5", "0.1", "-0", "inf", "-inf", "1e3",
            "2.5e-3", "7", "100"};
    private static final String[] OPTIONS = {"NX", "XX", "GT", "LT", "CH", "INCR"};

    private final Differences failures = new Differences();
    private Random random;
    private RawClient redis;
    private RawClient ours;

    @ParameterizedTest(name = "seed {0}, entries {1}, value {2}")
    @CsvSource({"1, 128, 64", "2, 6, 8", "3, 3, 4", "4, 16, 64", "5, 0, 64"})
    void randomCommandsAnswerLikeRedis(long seed, int maxEntries, int maxValue) {
        random = new Random(seed);
        Map<String, String> thresholds = Map.of("zset-max-listpack-entries", String.valueOf(maxEntries),
                "zset-max-listpack-value", String.valueOf(maxValue));
        SideBySide.play(List.of(ALL_KEYS), thresholds, client -> {
            client.call("SET", STRING, "not a zset");
            client.call("SADD", PLAIN_SET, "m1", "m2", "m7", "x");
        }, (r, o) -> {
            redis = r;
            ours = o;
            for (int i = 0; i < COMMANDS && failures.few(); i++) {
                step(i);
            }
        });
        failures.assertNone();
    }

    private void step(int index) {
        String key = pick(SETS);
        int choice = random.nextInt(100);
        if (choice < 18) {
            int target = random.nextInt(12);
            zadd(index, target < 3 ? LEX : target == 3 ? pick(ALL_KEYS) : key);
        } else if (choice < 22) {
            same(index, List.of("ZINCRBY", key, score(), member()));
        } else if (choice < 27) {
            List<String> command = new ArrayList<>(List.of("ZREM", random.nextInt(6) == 0 ? LEX : key));
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                command.add(member());
            }
            same(index, command);
        } else if (choice < 33) {
            reads(index, random.nextInt(15) == 0 ? pick(ALL_KEYS) : key);
        } else if (choice < 45) {
            ranges(index, key);
        } else if (choice < 50) {
            lex(index);
        } else if (choice < 53) {
            zrangestore(index);
        } else if (choice < 58) {
            removeRanges(index, key);
        } else if (choice < 64) {
            pops(index, key);
        } else if (choice < 72) {
            setOperation(index);
        } else if (choice < 76) {
            zrandmember(index, key);
        } else if (choice < 81) {
            zscan(index, key);
        } else if (choice < 88) {
            same(index, List.of("OBJECT", "ENCODING", pick(ALL_KEYS)));
        } else if (choice < 90) {
            same(index, List.of("DEL", key));
        } else if (choice < 92) {
            same(index, List.of("TYPE", key));
        } else if (choice < 94) {
            same(index, List.of("COPY", key, pick(SETS), "REPLACE"));
        } else if (choice < 97) {
            same(index, List.of("ZCARD", key));
        } else {
            same(index, List.of("HELLO", random.nextBoolean() ? "2" : "3"), true);
        }
    }

    /** Members from a small space; a few exceed the value thresholds, one is binary, one is empty. */
    private String member() {
        int n = random.nextInt(30);
        if (n < 24) {
            return "m" + n;
        }
        return switch (n) {
            case 24 -> "";
            case 25 -> "bin\u0000\r\n\u00ff";
            case 26 -> "long-" + "x".repeat(5);
            case 27 -> "longer-" + "y".repeat(20);
            default -> "longest-" + "z".repeat(70);
        };
    }

    private String score() {
        return random.nextInt(20) == 0 ? pick(new String[] {"nan", "x", "1e400", "(1"}) : pick(SCORES);
    }

    private String pick(String[] from) {
        return from[random.nextInt(from.length)];
    }

    private void zadd(int index, String key) {
        List<String> command = new ArrayList<>(List.of("ZADD", key));
        if (random.nextBoolean()) {
            for (String option : OPTIONS) {
                if (random.nextInt(5) == 0) {
                    command.add(option);
                }
            }
        }
        boolean lex = key.equals(LEX);
        int pairs = command.contains("INCR") && random.nextInt(5) != 0 ? 1 : 1 + random.nextInt(4);
        for (int n = 0; n < pairs; n++) {
            command.add(lex ? "0" : score());
            command.add(member());
        }
        same(index, command);
    }

    private void reads(int index, String key) {
        switch (random.nextInt(5)) {
            case 0 -> same(index, List.of("ZSCORE", key, member()));
            case 1 -> same(index, List.of("ZMSCORE", key, member(), member(), member()));
            case 2 -> same(index, List.of(random.nextBoolean() ? "ZRANK" : "ZREVRANK", key, member()));
            case 3 -> {
                List<String> bounds = scoreBounds(false);
                same(index, List.of("ZCOUNT", key, bounds.get(0), bounds.get(1)));
            }
            default -> same(index, List.of("ZCARD", key));
        }
    }

    private String scoreBound() {
        String bound = pick(new String[] {"-inf", "+inf", "0", "1", "1.5", "2", "3", "7", "100", "-1"});
        return random.nextInt(3) == 0 && !bound.endsWith("inf") ? "(" + bound : bound;
    }

    /**
     * Two score bounds, mostly in the order the command wants ({@code descending} for the REV forms) so that
     * ranges are seldom empty.
     */
    private List<String> scoreBounds(boolean descending) {
        String a = scoreBound();
        String b = scoreBound();
        if (random.nextInt(4) != 0 && (value(a) > value(b)) != descending) {
            return List.of(b, a);
        }
        return List.of(a, b);
    }

    private static double value(String bound) {
        return Double.parseDouble(bound.replace("(", "").replace("+inf", "Infinity").replace("-inf", "-Infinity"));
    }

    private String lexBound() {
        int n = random.nextInt(10);
        if (n == 0) {
            return "-";
        }
        if (n == 1) {
            return "+";
        }
        return (random.nextBoolean() ? "[" : "(") + "m" + random.nextInt(25);
    }

    private String index() {
        return String.valueOf(random.nextInt(17) - 8);
    }

    private void ranges(int index, String key) {
        List<String> command = new ArrayList<>();
        boolean rev = random.nextInt(3) == 0;
        switch (random.nextInt(4)) {
            case 0 -> command.addAll(List.of(rev ? "ZREVRANGE" : "ZRANGE", key, index(), index()));
            case 1 -> {
                command.addAll(List.of(rev ? "ZREVRANGEBYSCORE" : "ZRANGEBYSCORE", key));
                command.addAll(scoreBounds(rev));
            }
            default -> {
                command.addAll(List.of("ZRANGE", key));
                boolean byScore = random.nextBoolean();
                command.addAll(byScore ? scoreBounds(rev) : List.of(index(), index()));
                if (byScore) {
                    command.add("BYSCORE");
                }
                if (rev) {
                    command.add("REV");
                }
            }
        }
        if (random.nextInt(3) == 0) {
            command.addAll(List.of("LIMIT", String.valueOf(random.nextInt(5) - 1), String.valueOf(random.nextInt(6)
                    - 1)));
        }
        if (random.nextBoolean()) {
            command.add("WITHSCORES");
        }
        same(index, command);
    }

    private void lex(int index) {
        boolean rev = random.nextBoolean();
        List<String> command = switch (random.nextInt(4)) {
            case 0 -> new ArrayList<>(List.of("ZLEXCOUNT", LEX, lexBound(), lexBound()));
            case 1 -> new ArrayList<>(List.of("ZREMRANGEBYLEX", LEX, lexBound(), lexBound()));
            case 2 -> new ArrayList<>(List.of(rev ? "ZREVRANGEBYLEX" : "ZRANGEBYLEX", LEX, lexBound(), lexBound()));
            default -> new ArrayList<>(rev ? List.of("ZRANGE", LEX, lexBound(), lexBound(), "BYLEX", "REV")
                    : List.of("ZRANGE", LEX, lexBound(), lexBound(), "BYLEX"));
        };
        if (!command.get(0).endsWith("COUNT") && !command.get(0).startsWith("ZREM") && random.nextInt(3) == 0) {
            command.addAll(List.of("LIMIT", String.valueOf(random.nextInt(4)), String.valueOf(random.nextInt(5)
                    - 1)));
        }
        same(index, command);
    }

    private void zrangestore(int index) {
        String source = random.nextInt(4) == 0 ? LEX : pick(SETS);
        List<String> command = new ArrayList<>(List.of("ZRANGESTORE", pick(SETS), source));
        switch (random.nextInt(3)) {
            case 0 -> command.addAll(List.of(index(), index()));
            case 1 -> {
                command.addAll(scoreBounds(false));
                command.add("BYSCORE");
            }
            default -> {
                if (!source.equals(LEX)) {
                    command.addAll(List.of(index(), index()));
                } else {
                    command.addAll(List.of(lexBound(), lexBound(), "BYLEX"));
                }
            }
        }
        if (random.nextInt(3) == 0) {
            command.add("REV");
        }
        if (command.contains("BYSCORE") || command.contains("BYLEX") && random.nextBoolean()) {
            command.addAll(List.of("LIMIT", String.valueOf(random.nextInt(3)), String.valueOf(random.nextInt(5))));
        }
        same(index, command);
    }

    private void removeRanges(int index, String key) {
        if (random.nextBoolean()) {
            same(index, List.of("ZREMRANGEBYRANK", key, index(), index()));
        } else {
            List<String> bounds = scoreBounds(false);
            same(index, List.of("ZREMRANGEBYSCORE", key, bounds.get(0), bounds.get(1)));
        }
    }

    private void pops(int index, String key) {
        switch (random.nextInt(3)) {
            case 0 -> same(index, List.of(random.nextBoolean() ? "ZPOPMIN" : "ZPOPMAX", key));
            case 1 -> same(index, List.of(random.nextBoolean() ? "ZPOPMIN" : "ZPOPMAX", random.nextInt(5) == 0 ? LEX
                    : key, String.valueOf(random.nextInt(5))));
            default -> {
                List<String> command = new ArrayList<>(List.of("ZMPOP", "2", pick(ALL_KEYS), key,
                        random.nextBoolean() ? "MIN" : "MAX"));
                if (random.nextBoolean()) {
                    command.addAll(List.of("COUNT", String.valueOf(1 + random.nextInt(4))));
                }
                same(index, command);
            }
        }
    }

    private void setOperation(int index) {
        String[] operations = {"ZUNION", "ZINTER", "ZDIFF", "ZUNIONSTORE", "ZINTERSTORE", "ZDIFFSTORE", "ZINTERCARD"};
        String operation = pick(operations);
        List<String> command = new ArrayList<>(List.of(operation));
        if (operation.endsWith("STORE")) {
            command.add(pick(SETS));
        }
        int n = 1 + random.nextInt(3);
        command.add(String.valueOf(n));
        for (int i = 0; i < n; i++) {
            command.add(random.nextInt(6) == 0 ? pick(new String[] {PLAIN_SET, STRING, LEX}) : pick(SETS));
        }
        boolean weighted = !operation.startsWith("ZDIFF") && !operation.equals("ZINTERCARD");
        if (weighted && random.nextBoolean()) {
            command.add("WEIGHTS");
            for (int i = 0; i < n; i++) {
                command.add(pick(new String[] {"1", "2", "0", "-1", "0.5", "inf"}));
            }
        }
        if (weighted && random.nextInt(3) == 0) {
            command.addAll(List.of("AGGREGATE", pick(new String[] {"SUM", "MIN", "MAX"})));
        }
        if (operation.equals("ZINTERCARD") && random.nextBoolean()) {
            command.addAll(List.of("LIMIT", String.valueOf(random.nextInt(3))));
        }
        if (!operation.endsWith("STORE") && !operation.equals("ZINTERCARD") && random.nextBoolean()) {
            command.add("WITHSCORES");
        }
        same(index, command);
    }

    private void zrandmember(int index, String key) {
        long[] counts = {1, 2, 3, 5, 50, -1, -4, -20, 0};
        long count = counts[random.nextInt(counts.length)];
        boolean withScores = random.nextBoolean();
        List<String> command = new ArrayList<>(List.of("ZRANDMEMBER", key, String.valueOf(count)));
        if (withScores) {
            command.add("WITHSCORES");
        }
        byte[] expected = redis.call(argv(command));
        byte[] actual = ours.call(argv(command));
        if (count >= 50 || count == 0 || !RespBytes.isAggregate(expected)) {
            check(index, command, RespBytes.show(expected), RespBytes.show(actual));
            return;
        }
        check(index, command, shape(expected), shape(actual));
        if (RespBytes.isAggregate(actual)) {
            checkPicks(index, command, key, actual, withScores, count > 0);
        }
    }

    /** The reply's type and length, and for pairs the shape of the first. */
    private static String shape(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return RespBytes.show(reply);
        }
        List<byte[]> elements = RespBytes.elements(reply);
        String first = elements.isEmpty() ? "" : String.valueOf((char) elements.get(0)[0]);
        return (char) reply[0] + "" + elements.size() + first;
    }

    /** Every pick is a member with its score; positive counts pick distinct members. */
    private void checkPicks(int index, List<String> command, String key, byte[] reply, boolean withScores,
                            boolean distinct) {
        Set<String> entries = new HashSet<>(RespBytes.entries(
                ours.call(argv(List.of("ZRANGE", key, "0", "-1", "WITHSCORES"))), true));
        Set<String> members = new HashSet<>();
        entries.forEach(e -> members.add(e.substring(0, e.lastIndexOf('='))));
        List<String> picks = RespBytes.entries(reply, withScores);
        Set<String> universe = withScores ? entries : members;
        for (String pick : picks) {
            if (!universe.contains(pick)) {
                failures.add("command " + index + ": " + printable(command) + " picked " + pick + " not in the set");
            }
        }
        if (distinct && new HashSet<>(picks).size() != picks.size()) {
            failures.add("command " + index + ": " + printable(command) + " repeated a member: " + picks);
        }
    }

    /** ZSCAN: a listpack set answers in one exact reply; a skiplist set is iterated to the end on both sides. */
    private void zscan(int index, String key) {
        List<String> command = new ArrayList<>(List.of("ZSCAN", key, "0"));
        if (random.nextBoolean()) {
            command.addAll(List.of("COUNT", String.valueOf(1 + random.nextInt(20))));
        }
        if (random.nextInt(3) == 0) {
            command.addAll(List.of("MATCH", "m1*"));
        }
        if (!new String(redis.call(argv(List.of("OBJECT", "ENCODING", key))), StandardCharsets.ISO_8859_1)
                .contains("skiplist")) {
            same(index, command);
            return;
        }
        check(index, command, scanAll(redis, command), scanAll(ours, command));
    }

    private static String scanAll(RawClient client, List<String> command) {
        byte[][] argv = argv(command);
        Set<String> seen = new TreeSet<>();
        for (int calls = 0; calls < 10_000; calls++) {
            List<byte[]> parts = RespBytes.elements(client.call(argv));
            List<byte[]> items = RespBytes.elements(parts.get(1));
            for (int i = 0; i + 1 < items.size(); i += 2) {
                seen.add(RespBytes.show(items.get(i)) + "=" + RespBytes.show(items.get(i + 1)));
            }
            byte[] cursor = RespBytes.bulk(parts.get(0));
            if (cursor.length == 1 && cursor[0] == '0') {
                return seen.toString();
            }
            argv[2] = cursor;
        }
        return "no end";
    }

    private void same(int index, List<String> command) {
        same(index, command, false);
    }

    private void same(int index, List<String> command, boolean anyInt) {
        byte[] expected = redis.call(argv(command));
        byte[] actual = ours.call(argv(command));
        if (anyInt) {
            expected = RespBytes.maskIntegers(expected);
            actual = RespBytes.maskIntegers(actual);
        }
        check(index, command, RespBytes.show(expected), RespBytes.show(actual));
    }

    private void check(int index, List<String> command, String expected, String actual) {
        if (!expected.equals(actual)) {
            failures.add("command " + index + ": " + printable(command) + "\n    redis:    " + expected
                    + "\n    redactor: " + actual);
        }
    }

    private static String printable(List<String> command) {
        return RespBytes.show(String.join(" ", command).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[][] argv(List<String> command) {
        byte[][] argv = new byte[command.size()][];
        for (int i = 0; i < argv.length; i++) {
            argv[i] = command.get(i).getBytes(StandardCharsets.ISO_8859_1);
        }
        return argv;
    }
}
