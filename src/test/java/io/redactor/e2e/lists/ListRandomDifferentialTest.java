package io.redactor.e2e.lists;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded random stream of list commands over a few keys, sent in pipelined batches to a real Redis and to
 * Redactor, every reply compared byte for byte. Elements range from empty to larger than a list page, so lists
 * cross page boundaries, grow, shrink and disappear again.
 */
class ListRandomDifferentialTest {
    private static final int COMMANDS = 4000;
    private static final int BATCH = 40;
    private static final String[] KEYS = {"rl:a", "rl:b", "rl:{c}", "rl:d"};
    private static final String STRING_KEY = "rl:s";

    @ParameterizedTest(name = "seed {0}, RESP{1}")
    @CsvSource({"1, 2", "2, 3", "3, 2"})
    void randomCommandsAnswerLikeRedis(long seed, int protocol) {
        Random random = new Random(seed);
        List<String> mismatches = new ArrayList<>();
        int longestList = 0;
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            for (RawClient client : List.of(redis, ours)) {
                client.call("HELLO", Integer.toString(protocol));
                clean(client);
                client.call("SET", STRING_KEY, "text");
            }
            try {
                for (int sent = 0; sent < COMMANDS && mismatches.size() < 10; sent += BATCH) {
                    List<byte[][]> batch = new ArrayList<>();
                    for (int i = 0; i < BATCH; i++) {
                        batch.add(command(random));
                    }
                    batch.add(args("LRANGE", KEYS[random.nextInt(KEYS.length)], "0", "-1"));
                    for (byte[][] command : batch) {
                        redis.command(command);
                        ours.command(command);
                    }
                    for (byte[][] command : batch) {
                        byte[] redisReply = redis.readReply();
                        if (command[0][1] == 'R' && RespBytes.isAggregate(redisReply)) {
                            longestList = Math.max(longestList, RespBytes.elements(redisReply).size());
                        }
                        String expected = RespBytes.show(redisReply);
                        String actual = RespBytes.show(ours.readReply());
                        if (!expected.equals(actual)) {
                            mismatches.add(text(command) + "\n    redis:    " + clip(expected)
                                    + "\n    redactor: " + clip(actual));
                        }
                    }
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    clean(client);
                    client.call("HELLO", "2");
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " replies differ:\n" + String.join("\n", mismatches));
        // the stream must have grown some list over several pages for the comparison to mean much
        assertTrue(longestList > 300, "the longest list had only " + longestList + " elements");
    }

    private static void clean(RawClient client) {
        List<String> all = new ArrayList<>(List.of(KEYS));
        all.add(0, "DEL");
        all.add(STRING_KEY);
        client.call(all.toArray(String[]::new));
    }

    private static byte[][] command(Random random) {
        String key = key(random);
        int op = random.nextInt(100);
        if (op < 22) {
            return withElements(random, random.nextBoolean() ? "LPUSH" : "RPUSH", key, 1 + random.nextInt(8));
        }
        if (op < 26) {
            return withElements(random, random.nextBoolean() ? "LPUSHX" : "RPUSHX", key, 1 + random.nextInt(2));
        }
        if (op < 34) {
            String pop = random.nextBoolean() ? "LPOP" : "RPOP";
            return random.nextBoolean() ? args(pop, key) : args(pop, key, Integer.toString(random.nextInt(5)));
        }
        if (op < 37) {
            return args("LLEN", key);
        }
        if (op < 43) {
            return args("LRANGE", key, index(random), index(random));
        }
        if (op < 48) {
            return args("LINDEX", key, index(random));
        }
        if (op < 53) {
            return append(args("LSET", key, index(random)), element(random));
        }
        if (op < 59) {
            return append(args("LINSERT", key, random.nextBoolean() ? "BEFORE" : "AFTER"), element(random),
                    element(random));
        }
        if (op < 63) {
            return append(args("LREM", key, Integer.toString(random.nextInt(7) - 3)), element(random));
        }
        if (op < 65) {
            return args("LTRIM", key, Integer.toString(random.nextInt(3)), Integer.toString(-1 - random.nextInt(3)));
        }
        if (op < 73) {
            return lpos(random, key);
        }
        if (op < 82) {
            return args("LMOVE", key, key(random), side(random), side(random));
        }
        if (op < 85) {
            return args("RPOPLPUSH", key, key(random));
        }
        if (op < 93) {
            int n = 1 + random.nextInt(3);
            List<String> parts = new ArrayList<>(List.of("LMPOP", Integer.toString(n)));
            for (int i = 0; i < n; i++) {
                parts.add(key(random));
            }
            parts.add(side(random));
            if (random.nextBoolean()) {
                parts.add("COUNT");
                parts.add(Integer.toString(1 + random.nextInt(6)));
            }
            return args(parts.toArray(String[]::new));
        }
        if (op < 95) {
            return random.nextInt(4) == 0 ? args("DEL", key) : args("LLEN", key);
        }
        if (op < 97) {
            return args("OBJECT", "ENCODING", key);
        }
        return args("TYPE", key);
    }

    private static byte[][] lpos(Random random, String key) {
        byte[][] command = append(args("LPOS", key), element(random));
        if (random.nextBoolean()) {
            int rank = random.nextInt(7) - 3;
            command = append(command, bytes("RANK"), bytes(Integer.toString(rank == 0 ? 1 : rank)));
        }
        if (random.nextBoolean()) {
            command = append(command, bytes("COUNT"), bytes(Integer.toString(random.nextInt(4))));
        }
        if (random.nextInt(3) == 0) {
            command = append(command, bytes("MAXLEN"), bytes(Integer.toString(random.nextInt(20))));
        }
        return command;
    }

    private static String key(Random random) {
        return random.nextInt(25) == 0 ? STRING_KEY : KEYS[random.nextInt(KEYS.length)];
    }

    private static String side(Random random) {
        return random.nextBoolean() ? "LEFT" : "RIGHT";
    }

    private static String index(Random random) {
        int bound = random.nextInt(4) == 0 ? 400 : 12;
        return Integer.toString(random.nextInt(2 * bound) - bound);
    }

    /** Mostly a few short elements that repeat (so LREM, LPOS, LINSERT find them), some long, a few huge. */
    private static byte[] element(Random random) {
        int kind = random.nextInt(100);
        if (kind < 70) {
            return bytes(new String[] {"a", "b", "c", "", "1", "-7", "\u0000\u00ff"}[random.nextInt(7)]);
        }
        int length = kind < 97 ? 40 + random.nextInt(400) : 8000 + random.nextInt(12_000);
        byte[] element = new byte[length];
        Arrays.fill(element, (byte) ('a' + random.nextInt(3)));
        element[0] = (byte) random.nextInt(256);
        return element;
    }

    private static byte[][] withElements(Random random, String name, String key, int count) {
        byte[][] command = args(name, key);
        for (int i = 0; i < count; i++) {
            command = append(command, element(random));
        }
        return command;
    }

    private static byte[][] args(String... parts) {
        byte[][] args = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            args[i] = bytes(parts[i]);
        }
        return args;
    }

    private static byte[][] append(byte[][] command, byte[]... more) {
        byte[][] longer = Arrays.copyOf(command, command.length + more.length);
        System.arraycopy(more, 0, longer, command.length, more.length);
        return longer;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[][] command) {
        StringBuilder text = new StringBuilder();
        for (byte[] arg : command) {
            text.append(clip(RespBytes.show(arg))).append(' ');
        }
        return text.toString().strip();
    }

    private static String clip(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "...(" + text.length() + " chars)" : text;
    }
}
