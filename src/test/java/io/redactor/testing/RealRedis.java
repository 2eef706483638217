package io.redactor.testing;

import redis.clients.jedis.Jedis;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Redis 7 server, the reference Redactor is compared with, started by the tests from the
 * {@code redis-server} binary (bin/test installs it). Shared by the whole test run.
 */
public final class RealRedis implements AutoCloseable {
    private static RealRedis shared;

    private final Process process;
    private final int port;
    private final Path dir;
    private final boolean ownsDir;

    private RealRedis(Process process, int port, Path dir, boolean ownsDir) {
        this.process = process;
        this.port = port;
        this.dir = dir;
        this.ownsDir = ownsDir;
    }

    public static synchronized RealRedis shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> shared.close()));
        }
        return shared;
    }

    private static RealRedis start() {
        try {
            return start(Files.createTempDirectory("redactor-real-redis"), true, "--save", "", "--appendonly", "no");
        } catch (IOException e) {
            throw new IllegalStateException("could not make a directory for redis-server", e);
        }
    }

    /**
     * A private Redis whose data directory is {@code dir} (which it loads from, and which stays when it stops),
     * with more arguments for redis-server ({@code "--appendonly", "yes"}).
     */
    public static RealRedis startIn(Path dir, String... args) {
        return start(dir, false, args);
    }

    private static RealRedis start(Path dir, boolean ownsDir, String... args) {
        String binary = findBinary();
        try {
            int port = freePort();
            List<String> command = new java.util.ArrayList<>(List.of(binary, "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--dir", dir.toString(), "--daemonize", "no"));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile()))
                    .start();
            RealRedis redis = new RealRedis(process, port, dir, ownsDir);
            redis.awaitReady();
            return redis;
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + binary, e);
        }
    }

    /** Its data directory. */
    public Path dir() {
        return dir;
    }

    private static String findBinary() {
        for (String candidate : List.of("/usr/bin/redis-server", "/usr/local/bin/redis-server")) {
            if (new File(candidate).canExecute()) {
                return candidate;
            }
        }
        throw new IllegalStateException("redis-server is not installed: run bin/test (or bin/install-redis), which "
                + "installs the Redis 7 reference server these tests compare Redactor with");
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited with " + process.exitValue() + "; see "
                        + dir.resolve("redis.log"));
            }
            try (Jedis jedis = new Jedis("127.0.0.1", port)) {
                if ("PONG".equals(jedis.ping())) {
                    return;
                }
            } catch (RuntimeException e) {
                sleep();
            }
        }
        throw new IllegalStateException("redis-server did not answer on port " + port);
    }

    public int port() {
        return port;
    }

    public Jedis jedis() {
        return new Jedis("127.0.0.1", port, 30_000);
    }

    public RawClient raw() {
        return new RawClient("127.0.0.1", port);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!ownsDir) {
            return;
        }
        File[] files = dir.toFile().listFiles();
        if (files != null) {
            for (File file : files) {
                file.delete();
            }
        }
        dir.toFile().delete();
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
