package io.redactor.actors.node.config;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Random CONFIG SET arguments for fuzz tests, seeded: names of Redactor's parameters (in any case, some of them
 * mutated or made up), and values of every shape the types take (numbers at and past their limits, memory units,
 * percentages, booleans, enum words, lists, the parameter's own default mutated) or of none.
 */
public final class ConfigFuzz {
    private static final String[] VALUES = {"", "0", "1", "-1", "yes", "no", "YES", "No", "true", "2", "10", "100",
        "1k", "1kb", "1K", "1m", "1mb", "1gb", "1g", "5GB", "1tb", "1b", "k", "1x", "1.5", "1e3", "0x10", " 1", "1 ",
        "+5", "01", "-0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "2147483647", "2147483648", "4294967295", "4294967296", "18446744073709551615",
        "99999999999999999999999", "100%", "50%", "-1%", "101%", "%", "nan", "inf", "-inf", "1e400", "allkeys-lru",
        "noeviction", "volatile-ttl", "everysec", "always", "never", "local", "KEA", "Ex", "AKE$lshzxetdmn", "z",
        "3600 1 300 100", "60 10000", "1 2 3", "1", "\"\"", "normal 0 0 0", "normal 0 0 0 slave 256mb 64mb 60",
        "pubsub 32mb 8mb 60", "replica 1 2 3", "nosuch 1 2 3", "0 200 800", "0 -1000 2000", "50 99 99.9", "0 100.1",
        "save", "nosave now", "save nosave", "default", "force", "notice", "warning", "debug", "verbose", "nothing",
        "sync", "async", "no-local", "yes local", "\u0000", "\r\n", "a b", "*", "?", "{}", "\u00e9"};

    private final Random random;
    private final List<ConfigParameter> parameters;

    public ConfigFuzz(long seed, List<ConfigParameter> parameters) {
        this.random = new Random(seed);
        this.parameters = parameters;
    }

    public Random random() {
        return random;
    }

    /** The arguments after CONFIG SET: usually one name and value, sometimes more, a name twice, or an odd count. */
    public List<byte[]> arguments() {
        List<byte[]> args = new ArrayList<>();
        int pairs = random.nextInt(10) == 0 ? 2 + random.nextInt(2) : 1;
        for (int i = 0; i < pairs; i++) {
            ConfigParameter parameter = parameters.get(random.nextInt(parameters.size()));
            args.add(bytes(name(parameter)));
            args.add(bytes(value(parameter)));
        }
        if (pairs > 1 && random.nextInt(5) == 0) {
            args.add(args.get(0).clone());
            args.add(bytes(value(parameters.get(0))));
        }
        if (random.nextInt(50) == 0) {
            args.remove(args.size() - 1);
        }
        return args;
    }

    public String name(ConfigParameter parameter) {
        int kind = random.nextInt(20);
        List<String> names = parameter.names();
        String name = names.get(random.nextInt(names.size()));
        if (kind == 0) {
            return name.toUpperCase(Locale.ROOT);
        }
        if (kind == 1) {
            return mutate(name);
        }
        if (kind == 2) {
            return pick(new String[] {"", "nosuch", "maxmemory ", "max*", "\u0000", "redactor.port", "save\u0000x"});
        }
        return name;
    }

    public String value(ConfigParameter parameter) {
        int kind = random.nextInt(10);
        if (kind < 4) {
            return pick(VALUES);
        }
        if (kind < 7) {
            return mutate(parameter.defaultValue());
        }
        if (kind < 9) {
            return parameter.defaultValue();
        }
        return Long.toString(random.nextLong() >> random.nextInt(64));
    }

    /** A few characters replaced, inserted, removed, or the text cut short. */
    public String mutate(String text) {
        StringBuilder out = new StringBuilder(text);
        for (int n = 1 + random.nextInt(2); n > 0; n--) {
            int at = out.isEmpty() ? 0 : random.nextInt(out.length() + 1);
            char c = "0123456789-+ kmgbKMGB%.eyn,\"'\u0000x".charAt(random.nextInt(31));
            switch (random.nextInt(4)) {
                case 0 -> out.insert(at, c);
                case 1 -> {
                    if (at < out.length()) {
                        out.deleteCharAt(at);
                    }
                }
                case 2 -> out.setLength(at);
                default -> {
                    if (at < out.length()) {
                        out.setCharAt(at, c);
                    }
                }
            }
        }
        return out.toString();
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    public static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The arguments as a message shows them. */
    public static String show(List<byte[]> args) {
        List<String> shown = new ArrayList<>();
        for (byte[] arg : args) {
            StringBuilder out = new StringBuilder("'");
            for (byte b : arg) {
                int c = b & 0xff;
                out.append(c >= 0x20 && c < 0x7f && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
            }
            shown.add(out.append('\'').toString());
        }
        return String.join(" ", shown);
    }
}
