package io.redactor.e2e.bitmaps;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A seeded random stream of bitmap commands, mixed with the string commands that see the same bytes, over a few keys
 * (in different partitions, one of them a hash), run against a real Redis and Redactor, every reply compared. Ranges,
 * offsets, widths and values are drawn around the edges: negative indexes, bits at byte boundaries, the limits of
 * each integer width, and bad arguments.
 */
class BitmapRandomizedDifferentialTest {
    private static final int COMMANDS = 4000;
    private static final String[] KEYS = {"rb:a", "rb:b", "rb:{x}c", "rb:d", "rb:hash"};
    private static final long[] EDGES = {0, 1, -1, 7, 8, 127, 128, -128, -129, 255, 256, 32767, -32768, 65535,
            Integer.MAX_VALUE, Integer.MIN_VALUE, 4294967295L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1};

    private final List<String> failures = new ArrayList<>();
    private Random random;
    private RawClient redis;
    private RawClient ours;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void randomCommandsAnswerLikeRedis(long seed) {
        random = new Random(seed);
        try (RawClient r = RealRedis.shared().raw(); RawClient o = TestRedactor.shared().raw()) {
            redis = r;
            ours = o;
            try {
                for (RawClient client : List.of(redis, ours)) {
                    client.call(del());
                    client.call("HSET", KEYS[4], "f", "v");
                }
                for (int i = 0; i < COMMANDS && failures.size() < 20; i++) {
                    step(i);
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call(del());
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " differences:\n" + String.join("\n", failures));
        }
    }

    private String[] del() {
        List<String> command = new ArrayList<>(List.of("DEL"));
        command.addAll(List.of(KEYS));
        return command.toArray(new String[0]);
    }

    private void step(int index) {
        String key = KEYS[random.nextInt(KEYS.length)];
        int choice = random.nextInt(100);
        if (choice < 20) {
            same(index, List.of("SETBIT", key, offset(), bit()));
        } else if (choice < 27) {
            same(index, List.of("GETBIT", key, offset()));
        } else if (choice < 37) {
            List<String> command = new ArrayList<>(List.of("BITCOUNT", key));
            if (random.nextInt(4) != 0) {
                command.addAll(List.of(index(), index()));
                if (random.nextBoolean()) {
                    command.add(unit());
                }
            }
            same(index, command);
        } else if (choice < 47) {
            List<String> command = new ArrayList<>(List.of("BITPOS", key, bit()));
            int extra = random.nextInt(4);
            if (extra >= 1) {
                command.add(index());
            }
            if (extra >= 2) {
                command.add(index());
            }
            if (extra == 3) {
                command.add(unit());
            }
            same(index, command);
        } else if (choice < 55) {
            String[] operations = {"AND", "OR", "XOR", "NOT", "and", "nand"};
            String operation = operations[random.nextInt(operations.length)];
            List<String> command = new ArrayList<>(List.of("BITOP", operation, KEYS[random.nextInt(KEYS.length)]));
            int sources = operation.equalsIgnoreCase("not") && random.nextInt(5) != 0 ? 1 : 1 + random.nextInt(3);
            for (int i = 0; i < sources; i++) {
                command.add(random.nextInt(6) == 0 ? "rb:missing" : KEYS[random.nextInt(KEYS.length)]);
            }
            same(index, command);
        } else if (choice < 72) {
            same(index, bitfield(key, random.nextInt(8) == 0 ? "BITFIELD_RO" : "BITFIELD"));
        } else if (choice < 78) {
            same(index, List.of("GET", key));
        } else if (choice < 82) {
            String[] values = {"", "a", "foobar", "12", "-7", "\u0000\u00ff", "x".repeat(50), "3.25"};
            same(index, List.of("SET", key, values[random.nextInt(values.length)]));
        } else if (choice < 85) {
            same(index, List.of("APPEND", key, "\u0001x"));
        } else if (choice < 88) {
            same(index, List.of("SETRANGE", key, String.valueOf(random.nextInt(40)), "\u0080z"));
        } else if (choice < 92) {
            same(index, List.of("STRLEN", key));
        } else if (choice < 97) {
            same(index, List.of("OBJECT", "ENCODING", key));
        } else {
            same(index, List.of("DEL", key));
        }
    }

    /** A bit offset: mostly within a few hundred bits, sometimes far, sometimes not one at all. */
    private String offset() {
        return switch (random.nextInt(12)) {
            case 0 -> String.valueOf(random.nextInt(5000));
            case 1 -> String.valueOf(-random.nextInt(3) - 1);
            case 2 -> "x";
            default -> String.valueOf(random.nextInt(300));
        };
    }

    /** 0 or 1, now and then 2. */
    private String bit() {
        return random.nextInt(12) == 0 ? "2" : String.valueOf(random.nextInt(2));
    }

    /** A range index: small, negative, far out, or not a number. */
    private String index() {
        return switch (random.nextInt(10)) {
            case 0 -> String.valueOf(-random.nextInt(40));
            case 1 -> String.valueOf(random.nextInt(400));
            case 2 -> random.nextBoolean() ? "9223372036854775807" : "-9223372036854775808";
            case 3 -> random.nextInt(4) == 0 ? "y" : "-1";
            default -> String.valueOf(random.nextInt(40));
        };
    }

    private String unit() {
        String[] units = {"BIT", "BYTE", "bit", "byte", "BITS"};
        return units[random.nextInt(units.length)];
    }

    private List<String> bitfield(String key, String name) {
        List<String> command = new ArrayList<>(List.of(name, key));
        for (int n = random.nextInt(4); n >= 0; n--) {
            int kind = random.nextInt(10);
            if (kind < 2) {
                String[] overflows = {"WRAP", "SAT", "FAIL", "fail", "BAD"};
                command.addAll(List.of("OVERFLOW", overflows[random.nextInt(overflows.length)]));
                continue;
            }
            String type = type();
            String offset = random.nextInt(5) == 0 ? "#" + random.nextInt(20) : String.valueOf(random.nextInt(200));
            if (kind < 5) {
                command.addAll(List.of("GET", type, offset));
            } else {
                command.addAll(List.of(kind < 7 ? "SET" : "INCRBY", type, offset, value()));
            }
        }
        if (random.nextInt(30) == 0) {
            command.remove(command.size() - 1);
        }
        return command;
    }

    private String type() {
        if (random.nextInt(30) == 0) {
            String[] bad = {"u64", "i65", "i0", "x8", "u", "I8"};
            return bad[random.nextInt(bad.length)];
        }
        boolean signed = random.nextBoolean();
        int widest = signed ? 64 : 63;
        int bits = random.nextInt(4) == 0 ? widest - random.nextInt(3) : 1 + random.nextInt(widest);
        return (signed ? "i" : "u") + bits;
    }

    private String value() {
        return switch (random.nextInt(4)) {
            case 0 -> String.valueOf(EDGES[random.nextInt(EDGES.length)]);
            case 1 -> String.valueOf(random.nextLong());
            default -> String.valueOf(random.nextInt(2001) - 1000);
        };
    }

    private void same(int index, List<String> command) {
        String difference = Differential.difference(redis, ours, argv(command), Set.of());
        if (difference != null) {
            failures.add("command " + index + ": "
                    + RespBytes.show(String.join(" ", command).getBytes(StandardCharsets.UTF_8)) + difference);
        }
    }

    private static byte[][] argv(List<String> command) {
        byte[][] argv = new byte[command.size()][];
        for (int i = 0; i < argv.length; i++) {
            argv[i] = command.get(i).getBytes(StandardCharsets.ISO_8859_1);
        }
        return argv;
    }
}
