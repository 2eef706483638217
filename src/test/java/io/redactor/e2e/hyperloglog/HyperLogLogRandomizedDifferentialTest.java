package io.redactor.e2e.hyperloglog;

import io.redactor.testing.RawClient;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.RespBytes;
import io.redactor.testing.corpus.Differences;
import io.redactor.testing.corpus.SideBySide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;


/**
 * A seeded random stream of HyperLogLog commands over a few keys, run against a real Redis and Redactor, comparing
 * every reply and, through GET, every byte of the strings: PFADD of few or many elements, PFCOUNT of one key and of
 * several, PFMERGE, PFDEBUG, and strings that are Redis's own bytes damaged at random (a byte changed, cut short,
 * lengthened, the cache marked stale) and SET back into both, so that the corrupt forms meet every command. A small
 * hll-sparse-max-bytes makes sparse strings turn dense often.
 */
class HyperLogLogRandomizedDifferentialTest {
    private static final int COMMANDS = 1500;
    private static final String[] KEYS = {"rhll:a", "rhll:b", "rhll:c", "rhll:{x}d", "rhll:str"};
    private static final String SPARSE_MAX = "hll-sparse-max-bytes";

    private final Differences failures = new Differences();
    private Random random;
    private RawClient redis;
    private RawClient ours;

    @ParameterizedTest(name = "seed {0}, hll-sparse-max-bytes {1}")
    @CsvSource({"1, 3000", "2, 200", "3, 40", "4, 12000"})
    void randomCommandsAnswerLikeRedis(long seed, int sparseMaxBytes) {
        random = new Random(seed);
        SideBySide.play(List.of(KEYS), Map.of(SPARSE_MAX, String.valueOf(sparseMaxBytes)),
                client -> client.call("SET", KEYS[4], "not a hyperloglog"), (r, o) -> {
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
        if (choice < 35) {
            List<byte[]> command = command("PFADD", key);
            int count = random.nextInt(10) == 0 ? 200 + random.nextInt(2000) : random.nextInt(6);
            for (int n = 0; n < count; n++) {
                command.add(element());
            }
            same(index, command);
        } else if (choice < 45) {
            same(index, command("PFCOUNT", key));
        } else if (choice < 51) {
            same(index, command("PFCOUNT", key, otherKey(), otherKey()));
        } else if (choice < 57) {
            List<byte[]> command = command("PFMERGE", key);
            for (int n = random.nextInt(3); n > 0; n--) {
                command.add(bytes(otherKey()));
            }
            same(index, command);
        } else if (choice < 67) {
            same(index, command("GET", key));
        } else if (choice < 73) {
            String[] subcommands = {"ENCODING", "DECODE", "TODENSE", "GETREG"};
            same(index, command("PFDEBUG", subcommands[random.nextInt(subcommands.length)], key));
        } else if (choice < 83) {
            damage(index, key);
        } else if (choice < 87) {
            same(index, command("OBJECT", "ENCODING", key));
        } else if (choice < 90) {
            same(index, command("DEL", key));
        } else if (choice < 92) {
            same(index, command("APPEND", key, random.nextBoolean() ? "\u0000" : "x"));
        } else if (choice < 95) {
            same(index, command("COPY", key, otherKey(), "REPLACE"));
        } else {
            same(index, command("SET", key, random.nextBoolean() ? "not a hyperloglog" : "HYLL"));
        }
        if (random.nextInt(4) == 0) {
            same(index, command("GET", key));
        }
    }

    /** Elements from a space small enough to repeat, now and then binary or long. */
    private byte[] element() {
        return switch (random.nextInt(10)) {
            case 0 -> {
                byte[] binary = new byte[random.nextInt(20)];
                random.nextBytes(binary);
                yield binary;
            }
            case 1 -> bytes("long-element-" + "x".repeat(random.nextInt(100)) + random.nextInt(100));
            default -> bytes("e" + random.nextInt(5000));
        };
    }

    /** Redis's string at the key, damaged at random, SET into both servers; then a command meets it. */
    private void damage(int index, String key) {
        byte[] reply = redis.call(bytes("GET"), bytes(key));
        byte[] value = reply[0] == '$' && reply[1] != '-' ? RespBytes.bulk(reply) : new byte[0];
        if (value.length < 16) {
            return;
        }
        int body = value.length - 16;
        switch (random.nextInt(6)) {
            case 0 -> value[body == 0 ? 15 : 16 + random.nextInt(body)] ^= (byte) (1 << random.nextInt(8));
            case 1 -> value = Arrays.copyOf(value, 16 + random.nextInt(body + 1));
            case 2 -> {
                value = Arrays.copyOf(value, value.length + 1);
                value[value.length - 1] = (byte) random.nextInt(256);
            }
            case 3 -> value[15] |= (byte) 0x80;
            case 4 -> value[body == 0 ? 15 : 16 + random.nextInt(body)] = (byte) random.nextInt(256);
            default -> value[4] = (byte) random.nextInt(3);
        }
        same(index, List.of(bytes("SET"), bytes(key), value));
        String[] next = {"PFADD", "PFCOUNT", "PFMERGE", "PFDEBUG"};
        switch (next[random.nextInt(next.length)]) {
            case "PFADD" -> same(index, command("PFADD", key, "a", "b", "c", "e" + random.nextInt(5000)));
            case "PFCOUNT" -> same(index, command("PFCOUNT", key));
            case "PFMERGE" -> same(index, command("PFMERGE", otherKey(), key));
            default -> same(index, command("PFDEBUG", random.nextBoolean() ? "DECODE" : "TODENSE", key));
        }
        same(index, command("GET", key));
    }

    private String otherKey() {
        return random.nextInt(6) == 0 ? "rhll:missing" : KEYS[random.nextInt(KEYS.length)];
    }

    private void same(int index, List<byte[]> command) {
        byte[][] argv = command.toArray(new byte[0][]);
        String difference = Differential.difference(redis, ours, argv, Set.of());
        if (difference != null) {
            StringBuilder text = new StringBuilder();
            for (byte[] arg : command.subList(0, Math.min(3, command.size()))) {
                text.append(RespBytes.show(arg)).append(' ');
            }
            failures.add("command " + index + ": " + text + (command.size() > 3 ? "... " : "") + difference);
        }
    }

    private static List<byte[]> command(String... words) {
        List<byte[]> command = new ArrayList<>();
        for (String word : words) {
            command.add(bytes(word));
        }
        return command;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
