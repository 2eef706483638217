package io.redactor.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the Node.js client scripts of {@code src/test/node} (node-redis and the like), which bin/test installs with
 * {@code bin/install-node-clients}. A missing {@code node} or {@code node_modules} fails the test that needs them:
 * installing them is the suite's job, so their absence is a broken setup, not a reason to skip.
 */
public final class NodeScripts {
    /** The Node.js package of the client scripts, from the root module's directory (surefire's working directory). */
    public static final Path DIR = Path.of("src", "test", "node").toAbsolutePath();
    private static final String RESULT = "RESULT ";

    private NodeScripts() {
    }

    /**
     * Runs {@code node script args...} in {@link #DIR} and returns the JSON after {@code RESULT } on the line the
     * script printed it; fails with everything the script printed if it exits non-zero, prints no result or is
     * still running after {@code timeout} (then it is killed).
     */
    public static String result(String script, Duration timeout, String... args) {
        List<String> command = new ArrayList<>(List.of(node(), script));
        command.addAll(List.of(args));
        requireModules();
        try {
            Path output = Files.createTempFile("redactor-node", ".out");
            try {
                Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
                boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!exited) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
                String printed = Files.readString(output, StandardCharsets.UTF_8);
                if (!exited) {
                    throw new AssertionError(String.join(" ", command) + " still running after " + timeout
                            + ", killed; it printed:\n" + printed);
                }
                if (process.exitValue() != 0) {
                    throw new AssertionError(String.join(" ", command) + " exited with " + process.exitValue()
                            + "; it printed:\n" + printed);
                }
                return printed.lines().filter(line -> line.startsWith(RESULT))
                        .map(line -> line.substring(RESULT.length())).reduce((first, second) -> second)
                        .orElseThrow(() -> new AssertionError(String.join(" ", command)
                                + " printed no RESULT line:\n" + printed));
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new AssertionError("could not run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + String.join(" ", command), e);
        }
    }

    private static String node() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "node"))) {
                return Path.of(dir, "node").toString();
            }
        }
        throw new AssertionError("node is not on the PATH (" + path + "): run bin/test, or bin/install-node-clients, "
                + "which installs Node.js and the client packages of " + DIR);
    }

    private static void requireModules() {
        Path modules = DIR.resolve("node_modules");
        if (!Files.isDirectory(modules)) {
            throw new AssertionError(modules + " is missing: run bin/test, or bin/install-node-clients, which runs "
                    + "npm ci there");
        }
    }
}
