package io.redactor.api.server;

import com.typesafe.config.ConfigException;
import io.redactor.actors.node.config.ConfigParameter;
import io.redactor.actors.node.config.ConfigParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of the launcher's command line: random argument arrays (its flags, Redis parameters, made-up and
 * mangled flags, values of every shape, configuration files of random HOCON) end in options or in the two failures
 * Main reports cleanly, a UsageException or a ConfigException; nothing else is thrown.
 */
class LaunchOptionsFuzzTest {
    private static final long SEED = 7_380L;
    private static final String[] FLAGS = {"--port", "--bind", "--partitions", "--http-port", "--http-token",
        "--config", "--dir", "--help", "-h", "--nosuch", "-", "--", "", "port", "---port", "--PORT", "--Port",
        "--appendonly", "--save", "--maxmemory", "--bind ", "--dir\u0000", "--http.port", "--redactor.port"};
    private static final String[] VALUES = {"", "0", "1", "-1", "6379", "65535", "65536", "16384", "16385",
        "99999999999999999999", "1e3", "0x10", " 1", "1 ", "+5", "yes", "no", "127.0.0.1", "127.0.0.1 ::1", "*",
        "/tmp", "/nonexistent", "${HOME}", "${nosuch}", "a\"b", "{", "}", "[1,2]", "\u0000", "\n", "\u00e9", "--port",
        "--help", "redactor.port = 1"};
    private static final String[] HOCON = {"redactor { port = 7000 }", "redactor.port = abc", "redactor {",
        "redactor.partitions = 0", "redactor = [1, 2]", "include \"nosuch.conf\"", "a = ${nosuch}",
        "a = ${a}", "a = [", "\"unclosed", "redactor.redis.maxclients = {}", "akka.actor.provider = local",
        "redactor.bind = null", "a { b { c = 1 } }", "=", "::", "a.b.c.d = 1", "a : { include \"x\" }"};

    @Test
    void argumentsEndInOptionsOrAUsageOrConfigurationError(@TempDir Path dir) throws IOException {
        Random random = new Random(SEED);
        List<ConfigParameter> parameters = ConfigParameters.all();
        Path file = dir.resolve("fuzz.conf");
        int parsed = 0;
        int refused = 0;
        for (int i = 0; i < 600; i++) {
            List<String> args = new ArrayList<>();
            for (int n = random.nextInt(7); n > 0; n--) {
                int kind = random.nextInt(10);
                if (kind < 4) {
                    args.add(FLAGS[random.nextInt(FLAGS.length)]);
                } else if (kind < 6) {
                    args.add("--" + parameters.get(random.nextInt(parameters.size())).name());
                } else if (kind < 9) {
                    args.add(VALUES[random.nextInt(VALUES.length)]);
                } else {
                    args.add(garbage(random));
                }
            }
            if (random.nextInt(4) == 0) {
                Files.writeString(file, hocon(random), StandardCharsets.UTF_8);
                int at = random.nextInt(args.size() + 1);
                args.add(at, "--config");
                args.add(at + 1, file.toString());
            }
            String where = "seed " + SEED + " iteration " + i + ": " + show(args);
            try {
                LaunchOptions options = LaunchOptions.parse(args.toArray(new String[0]));
                parsed++;
                // what the server reads first is there, and of its type
                options.config().getInt("redactor.port");
                options.config().getInt("redactor.partitions");
                options.config().getInt("redactor.http.port");
                options.config().getString("redactor.bind");
                options.config().getConfig("redactor.redis");
            } catch (LaunchOptions.UsageException | ConfigException e) {
                refused++;
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
        }
        assertTrue(parsed > 20 && refused > 200, "parsed " + parsed + ", refused " + refused);
    }

    @Test
    void deeplyNestedOrHugeConfigurationFilesAreRefusedCleanly(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("deep.conf");
        for (String content : List.of("a = " + "[".repeat(100_000), "a " + "{ b ".repeat(50_000),
                "a = " + "{".repeat(100_000) + "}".repeat(100_000), "a = \"" + "x".repeat(5_000_000) + "\"",
                "a = " + "${b}".repeat(10_000))) {
            Files.writeString(file, content);
            try {
                LaunchOptions.parse(new String[] {"--config", file.toString()});
            } catch (LaunchOptions.UsageException | ConfigException e) {
                // refused cleanly
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("a file of " + content.substring(0, 20) + "... threw " + e, e);
            }
        }
    }

    private static String hocon(Random random) {
        StringBuilder out = new StringBuilder();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            String line = HOCON[random.nextInt(HOCON.length)];
            if (random.nextInt(4) == 0) {
                StringBuilder mutated = new StringBuilder(line);
                int at = random.nextInt(mutated.length() + 1);
                mutated.insert(at, "{}[]\"=:$,.#\n\\".charAt(random.nextInt(13)));
                line = mutated.toString();
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private static String garbage(Random random) {
        StringBuilder out = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            out.append((char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0x3000)));
        }
        return out.toString();
    }

    private static String show(List<String> args) {
        StringBuilder out = new StringBuilder();
        for (String arg : args) {
            out.append(" '");
            arg.chars().forEach(c -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c)
                    : String.format("\\u%04x", c)));
            out.append('\'');
        }
        return out.toString().strip();
    }
}
