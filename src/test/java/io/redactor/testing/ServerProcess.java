package io.redactor.testing;

import redis.clients.jedis.Jedis;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Redactor server in a process of its own, started from the test run's classes as {@code bin/redactor} starts
 * one, for tests that must kill it as a crash would ({@code kill -9}) or stop it as an operator would (SIGTERM).
 * Its output goes to {@code redactor.log} in its directory.
 */
public final class ServerProcess implements AutoCloseable {
    private static final long START_TIMEOUT_MS = 120_000;
    private static final List<String> DEFAULT_JVM = List.of("-Xmx1g", "-XX:+UseParallelGC");
    /** The garbage collector and its settings as {@code bin/redactor} gives them, for tests that time pauses. */
    public static final List<String> BIN_REDACTOR_GC = binRedactorGc("1g");

    private final Process process;
    private final int port;
    private final int httpPort;
    private final Path log;

    private ServerProcess(Process process, int port, int httpPort, Path log) {
        this.process = process;
        this.port = port;
        this.httpPort = httpPort;
        this.log = log;
    }

    /** {@code bin/redactor}'s garbage collector settings with a heap of {@code maxHeap} ({@code -Xmx}'s syntax). */
    public static List<String> binRedactorGc(String maxHeap) {
        return List.of("-Xmx" + maxHeap, "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:G1ConcRefinementThreads=0",
                "-XX:+ExplicitGCInvokesConcurrent");
    }

    /**
     * Starts a server whose configuration and log are in {@code dir}, which is also its data directory unless
     * {@code redis} names another ({@code dir}), with Redis parameters {@code redis} (for example
     * {@code appendonly -> yes}); returns once it answers commands (its data loaded).
     */
    public static ServerProcess start(Path dir, Map<String, String> redis) {
        return start(dir, redis, DEFAULT_JVM);
    }

    /** {@link #start(Path, Map)} with these JVM options (heap, garbage collector) in place of the default ones. */
    public static ServerProcess start(Path dir, Map<String, String> redis, List<String> jvm) {
        ServerProcess server = spawn(dir, redis, 0, jvm);
        server.awaitReady();
        return server;
    }

    /**
     * Starts a server as {@link #start} does, with its REST API on {@link #httpPort()}, and returns as soon as its
     * Redis port accepts connections: it may still be loading its data.
     */
    public static ServerProcess launch(Path dir, Map<String, String> redis) {
        ServerProcess server = spawn(dir, redis, freePort(), DEFAULT_JVM);
        server.awaitListening();
        return server;
    }

    private static ServerProcess spawn(Path dir, Map<String, String> redis, int httpPort, List<String> jvm) {
        int port = freePort();
        Path config = dir.resolve("redactor-test.conf");
        StringBuilder text = new StringBuilder("redactor.redis {\n");
        if (!redis.containsKey("dir")) {
            text.append("  dir = \"").append(dir).append("\"\n");
        }
        redis.forEach((name, value) -> text.append("  \"").append(name).append("\" = \"").append(value)
                .append("\"\n"));
        text.append("}\nredactor.partitions = 16\n");
        Path log = dir.resolve("redactor.log");
        try {
            Files.writeString(config, text, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (arg.startsWith("--add-opens") || arg.startsWith("--enable-native-access")
                        || arg.startsWith("--sun-misc")) {
                    command.add(arg);
                }
            }
            command.addAll(jvm);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                    "io.redactor.api.server.Main", "--port", Integer.toString(port), "--http-port",
                    Integer.toString(httpPort),
                    "--config", config.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            return new ServerProcess(process, port, httpPort, log);
        } catch (IOException e) {
            throw new IllegalStateException("could not start a server process", e);
        }
    }

    public int port() {
        return port;
    }

    /** The REST API's port ({@link #launch} only; 0 when it is off). */
    public int httpPort() {
        return httpPort;
    }

    /** The server's process id, for tools that act on the process (prlimit, for one). */
    public long pid() {
        return process.pid();
    }

    /**
     * The heap the process holds right after a full collection: jcmd's class histogram makes one (GC.run would only
     * start a concurrent cycle under {@code -XX:+ExplicitGCInvokesConcurrent}), then GC.heap_info tells what is used.
     */
    public long liveHeapBytes() {
        jcmd("GC.class_histogram");
        Matcher used = Pattern.compile("heap\\s+total.*?, used (\\d+)K").matcher(jcmd("GC.heap_info"));
        if (!used.find()) {
            throw new IllegalStateException("no heap size in jcmd GC.heap_info");
        }
        return Long.parseLong(used.group(1)) << 10;
    }

    private String jcmd(String command) {
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid()), command).redirectErrorStream(true).start();
            String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!jcmd.waitFor(60, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + command + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Jedis jedis() {
        Jedis jedis = new Jedis("127.0.0.1", port, 30_000);
        jedis.connect();
        return jedis;
    }

    /** What the server printed. */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** SIGKILL: the process ends at once, as in a crash, with whatever is on the disk. */
    public void kill() {
        process.destroyForcibly();
        awaitExit();
    }

    /** SIGTERM: the server shuts down as it does on Ctrl-C. */
    public int terminate() {
        process.destroy();
        return awaitExit();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the process to end by itself (after SHUTDOWN) and returns its exit code. */
    public int awaitExit() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("the server process did not exit; its log:\n" + log());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }

    private void awaitReady() {
        awaitStarted(() -> {
            try (Jedis jedis = new Jedis("127.0.0.1", port, 2000)) {
                return "PONG".equals(jedis.ping()) && jedis.dbSize() >= 0;
            } catch (RuntimeException notYet) {
                return false; // not listening yet, or still loading (-LOADING)
            }
        });
    }

    private void awaitListening() {
        awaitStarted(() -> {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                return true;
            } catch (IOException notYet) {
                return false;
            }
        });
    }

    private void awaitStarted(BooleanSupplier started) {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server process exited with " + process.exitValue()
                        + "; its log:\n" + log());
            }
            if (started.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("the server process did not start in time; its log:\n" + log());
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
