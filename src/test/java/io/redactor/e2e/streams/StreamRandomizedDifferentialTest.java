package io.redactor.e2e.streams;

import io.redactor.testing.RawClient;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.Marker;
import io.redactor.testing.corpus.Differences;
import io.redactor.testing.corpus.SideBySide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;


/**
 * A seeded random stream of stream commands over a few keys (in different partitions), run against a real Redis and
 * Redactor, comparing every reply. IDs are explicit (mostly increasing, sometimes stale, sometimes {@code ms-*}),
 * so that replies do not depend on the clock; replies holding idle times are compared with integers masked. Small
 * node limits make streams of many nodes, which trimming removes and XDEL empties; DUMP compares their bytes while a
 * stream has no consumers (whose times differ).
 */
class StreamRandomizedDifferentialTest {
    private static final int COMMANDS = 3000;
    private static final String[] KEYS = {"rs:a", "rs:b", "rs:c", "rs:{x}d", "rs:str"};
    private static final String[] GROUPS = {"g1", "g2", "g3"};
    private static final String[] CONSUMERS = {"alice", "bob", "carol", "dave"};

    private final Differences failures = new Differences();
    private final Map<String, Long> top = new HashMap<>();
    private Random random;
    private RawClient redis;
    private RawClient ours;

    @ParameterizedTest(name = "seed {0}, node entries {1}, node bytes {2}")
    @CsvSource({"1, 100, 4096", "2, 3, 4096", "3, 5, 120", "4, 0, 200", "5, 7, 0"})
    void randomCommandsAnswerLikeRedis(long seed, int nodeEntries, int nodeBytes) {
        random = new Random(seed);
        Map<String, String> limits = Map.of("stream-node-max-entries", String.valueOf(nodeEntries),
                "stream-node-max-bytes", String.valueOf(nodeBytes));
        SideBySide.play(List.of(KEYS), limits, client -> client.call("SET", KEYS[4], "not a stream"), (r, o) -> {
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
        if (choice < 25) {
            same(index, xadd(key));
        } else if (choice < 30) {
            same(index, List.of("XDEL", key, knownId(key), knownId(key)));
        } else if (choice < 34) {
            same(index, trim(new ArrayList<>(List.of("XTRIM", key)), key));
        } else if (choice < 42) {
            range(index, key);
        } else if (choice < 44) {
            same(index, List.of("XLEN", key));
        } else if (choice < 48) {
            List<String> read = new ArrayList<>(List.of("XREAD"));
            count(read);
            read.addAll(List.of("STREAMS", key, KEYS[random.nextInt(4)], knownId(key), "$"));
            same(index, read);
        } else if (choice < 54) {
            group(index, key);
        } else if (choice < 64) {
            readGroup(index, key);
        } else if (choice < 68) {
            same(index, List.of("XACK", key, groupName(), knownId(key), knownId(key)));
        } else if (choice < 72) {
            pending(index, key);
        } else if (choice < 76) {
            List<String> claim = new ArrayList<>(List.of("XCLAIM", key, groupName(), consumer(),
                    random.nextInt(4) == 0 ? "100000000" : "0", knownId(key), knownId(key)));
            if (random.nextBoolean()) {
                claim.addAll(List.of("TIME", String.valueOf(1_600_000_000_000L + random.nextInt(1000))));
            }
            if (random.nextBoolean()) {
                claim.add(random.nextBoolean() ? "JUSTID" : "FORCE");
            }
            if (random.nextInt(4) == 0) {
                claim.addAll(List.of("RETRYCOUNT", String.valueOf(random.nextInt(5))));
            }
            same(index, claim);
        } else if (choice < 79) {
            List<String> claim = new ArrayList<>(List.of("XAUTOCLAIM", key, groupName(), consumer(), "0",
                    random.nextBoolean() ? "0" : knownId(key)));
            if (random.nextBoolean()) {
                claim.addAll(List.of("COUNT", String.valueOf(1 + random.nextInt(4))));
            }
            if (random.nextBoolean()) {
                claim.add("JUSTID");
            }
            same(index, claim);
        } else if (choice < 86) {
            info(index, key);
        } else if (choice < 88) {
            same(index, List.of("XSETID", key, (top(key) + random.nextInt(3)) + "-" + random.nextInt(3)));
        } else if (choice < 92) {
            dump(index, key);
        } else if (choice < 94) {
            same(index, List.of("OBJECT", "ENCODING", key));
        } else if (choice < 95) {
            same(index, List.of("DEL", key));
        } else if (choice < 97) {
            same(index, List.of("COPY", key, KEYS[random.nextInt(4)], "REPLACE"));
        } else if (choice < 98) {
            same(index, List.of("TYPE", key));
        } else {
            same(index, List.of("HELLO", random.nextBoolean() ? "2" : "3"), true);
        }
    }

    private List<String> xadd(String key) {
        List<String> args = new ArrayList<>(List.of("XADD", key));
        if (random.nextInt(10) == 0) {
            args.add("NOMKSTREAM");
        }
        if (random.nextInt(6) == 0) {
            trim(args, key);
        }
        int idKind = random.nextInt(20);
        long ms = top(key) + (idKind < 14 ? random.nextInt(3) : 0);
        String id = switch (idKind) {
            case 14, 15 -> ms + "-*";
            case 16 -> (ms > 2 ? ms - 2 : 0) + "-" + random.nextInt(3);
            case 17 -> String.valueOf(ms + 1);
            default -> ms + "-" + random.nextInt(4);
        };
        top.put(key, ms);
        args.add(id);
        String[] fields = {"f", "g", "name", "12"};
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            args.add(random.nextInt(3) == 0 ? fields[random.nextInt(fields.length)] : fields[n % 2]);
            args.add(value());
        }
        return args;
    }

    /** A trimming strategy: MAXLEN or MINID, exact or approximate, sometimes with LIMIT. */
    private List<String> trim(List<String> args, String key) {
        boolean maxlen = random.nextBoolean();
        args.add(maxlen ? "MAXLEN" : "MINID");
        boolean approximate = random.nextBoolean();
        if (approximate || random.nextBoolean()) {
            args.add(approximate ? "~" : "=");
        }
        long threshold = maxlen ? random.nextInt(40) : Math.max(0, top(key) - random.nextInt(30));
        args.add(String.valueOf(threshold));
        if (approximate && random.nextInt(3) == 0) {
            args.addAll(List.of("LIMIT", String.valueOf(random.nextInt(20))));
        }
        return args;
    }

    private void range(int index, String key) {
        boolean reverse = random.nextBoolean();
        String low = random.nextInt(5) == 0 ? "-" : bound(key);
        String high = random.nextInt(5) == 0 ? "+" : bound(key);
        List<String> args = new ArrayList<>(List.of(reverse ? "XREVRANGE" : "XRANGE", key,
                reverse ? high : low, reverse ? low : high));
        count(args);
        same(index, args);
    }

    private String bound(String key) {
        String id = random.nextBoolean() ? knownId(key) : String.valueOf(random.nextInt((int) top(key) + 2));
        return random.nextInt(4) == 0 ? "(" + id : id;
    }

    private void count(List<String> args) {
        if (random.nextBoolean()) {
            args.addAll(List.of("COUNT", String.valueOf(random.nextInt(6))));
        }
    }

    private void group(int index, String key) {
        switch (random.nextInt(6)) {
            case 0 -> {
                List<String> args = new ArrayList<>(List.of("XGROUP", "CREATE", key, groupName(),
                        random.nextBoolean() ? "$" : knownId(key)));
                if (random.nextBoolean()) {
                    args.add("MKSTREAM");
                }
                if (random.nextInt(3) == 0) {
                    args.addAll(List.of("ENTRIESREAD", String.valueOf(random.nextInt(10) - 1)));
                }
                same(index, args);
            }
            case 1 -> same(index, List.of("XGROUP", "SETID", key, groupName(), random.nextBoolean() ? "$"
                    : knownId(key), "ENTRIESREAD", String.valueOf(random.nextInt(10) - 1)));
            case 2 -> same(index, List.of("XGROUP", "DESTROY", key, groupName()));
            case 3 -> same(index, List.of("XGROUP", "CREATECONSUMER", key, groupName(), consumer()));
            case 4 -> same(index, List.of("XGROUP", "DELCONSUMER", key, groupName(), consumer()));
            default -> same(index, List.of("XGROUP", "SETID", key, groupName(), "0"));
        }
    }

    private void readGroup(int index, String key) {
        List<String> args = new ArrayList<>(List.of("XREADGROUP", "GROUP", groupName(), consumer()));
        count(args);
        if (random.nextInt(4) == 0) {
            args.add("NOACK");
        }
        List<String> keys = new ArrayList<>(List.of(key));
        if (random.nextInt(4) == 0) {
            keys.add(KEYS[random.nextInt(4)]);
        }
        args.add("STREAMS");
        args.addAll(keys);
        for (String ignored : keys) {
            args.add(random.nextInt(4) == 0 ? knownId(key) : ">");
        }
        same(index, args);
    }

    private void pending(int index, String key) {
        if (random.nextBoolean()) {
            same(index, List.of("XPENDING", key, groupName()));
            return;
        }
        List<String> args = new ArrayList<>(List.of("XPENDING", key, groupName()));
        if (random.nextInt(3) == 0) {
            args.addAll(List.of("IDLE", "0"));
        }
        args.addAll(List.of(bound(key), random.nextBoolean() ? "+" : bound(key), String.valueOf(random.nextInt(8))));
        if (random.nextBoolean()) {
            args.add(consumer());
        }
        same(index, args, true);
    }

    private void info(int index, String key) {
        switch (random.nextInt(4)) {
            case 0 -> same(index, List.of("XINFO", "STREAM", key));
            case 1 -> same(index, List.of("XINFO", "GROUPS", key));
            case 2 -> same(index, List.of("XINFO", "CONSUMERS", key, groupName()), true);
            default -> same(index, List.of("XINFO", "STREAM", key, "FULL", "COUNT",
                    String.valueOf(random.nextInt(4))), true);
        }
    }

    /** DUMP compares bytes while the stream has no consumers, whose seen and delivery times differ. */
    private void dump(int index, String key) {
        String full = new String(redis.call(argv(List.of("XINFO", "STREAM", key, "FULL", "COUNT", "1"))),
                StandardCharsets.ISO_8859_1);
        if (!full.contains("seen-time")) {
            same(index, List.of("DUMP", key));
        }
    }

    private long top(String key) {
        return top.getOrDefault(key, 1L);
    }

    /** An ID near the key's entries: the last ms used and those before it, with small sequences. */
    private String knownId(String key) {
        long ms = Math.max(0, top(key) - random.nextInt(8));
        return random.nextInt(3) == 0 ? String.valueOf(ms) : ms + "-" + random.nextInt(4);
    }

    private String groupName() {
        return GROUPS[random.nextInt(GROUPS.length)];
    }

    private String consumer() {
        return CONSUMERS[random.nextInt(CONSUMERS.length)];
    }

    private String value() {
        return switch (random.nextInt(6)) {
            case 0 -> String.valueOf(random.nextInt(1000) - 500);
            case 1 -> "";
            case 2 -> "v".repeat(1 + random.nextInt(60));
            case 3 -> "\u0000\r\n" + random.nextInt(5);
            case 4 -> String.valueOf(random.nextLong());
            default -> "value" + random.nextInt(1000);
        };
    }

    private void same(int index, List<String> command) {
        same(index, command, false);
    }

    private void same(int index, List<String> command, boolean anyInt) {
        String difference = Differential.difference(redis, ours, argv(command),
                anyInt ? EnumSet.of(Marker.ANYINT) : Set.of());
        if (difference != null) {
            failures.add("command " + index + ": " + String.join(" ", command) + "\n" + difference);
        }
    }

    private static byte[][] argv(List<String> command) {
        byte[][] argv = new byte[command.size()][];
        for (int i = 0; i < argv.length; i++) {
            argv[i] = command.get(i).getBytes(StandardCharsets.UTF_8);
        }
        return argv;
    }
}
