package io.redactor.api.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The training run {@code bin/redactor} makes before it records its start-up cache (JDK 25's AOT cache, which keeps
 * the method profiles of the run that recorded it): a server on a free loopback port, with nothing persisted, gets a
 * few seconds of the commands a server meets first (strings, counters, multi-key commands, hashes, lists, sorted
 * sets, scripts) from several clients over the Redis protocol, then saves a data set of mixed types and is started
 * again from that file a few times, so that the RDB loader is profiled too. A server started later from the cache
 * compiles those paths at once instead of after thousands of slow requests or keys.
 */
public final class Training {
    private static final int CLIENTS = 8;
    private static final Duration DURATION = Duration.ofSeconds(6);
    private static final int PIPELINE = 8;
    private static final int SAVED_KEYS = 200_000;
    private static final int LOADS = 3;
    /** The collection types of the saved data set, and the command that makes each. */
    private static final String[] COLLECTIONS = {"list", "hash", "set", "zset"};
    private static final String[] ADDS = {"RPUSH", "HSET", "SADD", "ZADD"};

    private Training() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("redactor-training");
        var config = RedactorConfig.load(ConfigFactory.parseMap(Map.of(
                "redactor.port", 0,
                "redactor.http.port", 0,
                "redactor.redis.save", "",
                "redactor.redis.appendonly", "no",
                "redactor.redis.dir", dir.toString())));
        try {
            RedactorServer server = start(config);
            try {
                run(server.port(), CLIENTS, DURATION);
                writeMixedKeys(server.port(), SAVED_KEYS);
                send(server.port(), new String[] {"SAVE"});
            } finally {
                stop(server);
            }
            for (int i = 0; i < LOADS; i++) {
                stop(start(config));
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> path.toFile().delete());
            }
        }
        System.exit(0);
    }

    private static RedactorServer start(Config config) throws Exception {
        return RedactorServer.start(config, null, "redactor").toCompletableFuture().get(120, TimeUnit.SECONDS);
    }

    private static void stop(RedactorServer server) throws Exception {
        server.stop().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    /**
     * Writes {@code keys} keys of mixed types as {@code bench/mixed-keys.py} does: 40% strings of 100 bytes, then
     * lists, hashes, sets and sorted sets of 10 elements each, named {@code mixed:<type>:<n>}.
     */
    public static void writeMixedKeys(int port, int keys) {
        int strings = keys * 40 / 100;
        String value = "v".repeat(100);
        List<String[]> commands = new ArrayList<>();
        for (int i = 0; i < keys; i++) {
            if (i < strings) {
                commands.add(new String[] {"SET", "mixed:string:" + i, value});
            } else {
                commands.add(collectionCommand(i - strings));
            }
            if (commands.size() == 1000 || i == keys - 1) {
                send(port, commands.toArray(String[][]::new));
                commands.clear();
            }
        }
    }

    private static String[] collectionCommand(int n) {
        int kind = n % 4;
        String name = COLLECTIONS[kind];
        List<String> command = new ArrayList<>(List.of(ADDS[kind], "mixed:" + name + ":" + n));
        for (int j = 0; j < 10; j++) {
            switch (name) {
                case "hash" -> command.add("f" + j);
                case "zset" -> command.add(Double.toString(j * 1.5));
                default -> { }
            }
            command.add("e" + n + "-" + j);
        }
        return command.toArray(String[]::new);
    }

    /** Sends {@code commands} pipelined on one connection and reads their replies; fails on an error reply. */
    private static void send(int port, String[]... commands) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (String[] command : commands) {
                write(out, command);
            }
            out.flush();
            for (int i = 0; i < commands.length; i++) {
                readReply(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException("sending training commands failed", e);
        }
    }

    /**
     * Sends the training commands to the server at {@code port} from {@code clients} connections for
     * {@code duration}; fails if the server refuses one of them.
     */
    public static void run(int port, int clients, Duration duration) throws InterruptedException {
        long deadline = System.nanoTime() + duration.toNanos();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            threads.add(Thread.ofPlatform().name("training-" + i).start(() -> {
                try {
                    train(port, client, deadline);
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("training failed", failures.getFirst());
        }
    }

    private static void train(int port, int client, long deadline) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setTcpNoDelay(true);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String prefix = "training:" + client + ":";
            for (long n = 0; System.nanoTime() < deadline; n++) {
                String key = prefix + (n % 1000);
                List<String[]> batch = List.of(
                        new String[] {"SET", key, "value-" + n},
                        new String[] {"GET", key},
                        new String[] {"INCR", prefix + "counter"},
                        new String[] {"MSET", key, "a", prefix + "other", "b"},
                        new String[] {"MGET", key, prefix + "other", prefix + "missing"},
                        new String[] {"HSET", prefix + "hash", "field" + (n % 10), "v"},
                        new String[] {"HGET", prefix + "hash", "field1"},
                        new String[] {"LPUSH", prefix + "list", "x"},
                        new String[] {"RPOP", prefix + "list"},
                        new String[] {"ZADD", prefix + "zset", Long.toString(n % 100), "m" + (n % 50)},
                        new String[] {"EVAL", "return 0", "0"},
                        new String[] {"EVAL", "return redis.call('incr', KEYS[1])", "1", prefix + "counter"},
                        new String[] {"DEL", prefix + "other"},
                        new String[] {"PING"});
                for (int i = 0; i < batch.size(); i += PIPELINE) {
                    int end = Math.min(batch.size(), i + PIPELINE);
                    for (int j = i; j < end; j++) {
                        write(out, batch.get(j));
                    }
                    out.flush();
                    for (int j = i; j < end; j++) {
                        readReply(in);
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("training client " + client + " failed", e);
        }
    }

    private static void write(OutputStream out, String[] command) throws IOException {
        StringBuilder resp = new StringBuilder().append('*').append(command.length).append("\r\n");
        for (String arg : command) {
            byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
            resp.append('$').append(bytes.length).append("\r\n").append(arg).append("\r\n");
        }
        out.write(resp.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Reads one RESP2 reply (replies to the commands above: no attributes, no pushes). */
    private static void readReply(InputStream in) throws IOException {
        int type = in.read();
        String line = readLine(in);
        switch (type) {
            case '+', ':' -> { }
            case '-' -> throw new IOException("the server refused a training command: " + line);
            case '$' -> {
                long length = Long.parseLong(line);
                if (length >= 0) {
                    in.skipNBytes(length + 2);
                }
            }
            case '*' -> {
                long count = Long.parseLong(line);
                for (long i = 0; i < count; i++) {
                    readReply(in);
                }
            }
            default -> throw new IOException("unexpected reply type " + type);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new IOException("the server closed the connection");
            }
            line.append((char) c);
        }
        in.read();
        return line.toString();
    }
}
