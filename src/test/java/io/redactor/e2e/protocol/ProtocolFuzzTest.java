package io.redactor.e2e.protocol;

import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile clients in numbers: 16 connections send at least 100,000 frames between them (random bytes, truncated
 * frames, negative and huge lengths, deep nesting, counts of 2^31-1 followed by floods of empty arguments, 1 MB
 * inline lines, zero bytes, valid commands among them), reconnecting whenever the server drops them. Meanwhile one
 * client PINGs every 20 ms and must never wait for a stall (judged when the machine was not already overloaded
 * by other work), and another writes keys with acknowledged
 * SETs, every one of which must be there afterwards. The server is a process of its own with the launcher's
 * collector settings, so that the attack's own threads and garbage are not the server's. The frames come from
 * seeded generators: a failure names the seed that reproduces it.
 */
class ProtocolFuzzTest {
    private static final long SEED = 20261128L;
    /** Threads sending, each over {@link #CONNECTIONS_PER_ATTACKER} connections in turn. */
    private static final int ATTACKERS = 2;
    private static final int CONNECTIONS_PER_ATTACKER = 8;
    private static final int FRAMES = 100_000;
    /**
     * A stall, not the security issue's 100 ms target: on a 2-core machine shared with the attack the slowest PING
     * varied from 56 to 200 ms between runs (BENCHMARKS.md, "Hostile input"), so this bound fails on a stall
     * without failing on the machine's scheduling noise.
     */
    private static final long PING_DEADLINE_MS = 500;
    /** Each attacker rests a millisecond after this many frames: about 8,000 frames a second between the two. */
    private static final int FRAMES_BETWEEN_RESTS = 4;

    @Test
    void hostileFramesNeitherStallNorLoseData() throws Exception {
        Path dir = Files.createTempDirectory("redactor-fuzz");
        try (ServerProcess server = ServerProcess.start(dir, Map.of(
                "client-query-buffer-limit", "1mb",
                "proto-max-bulk-len", "1mb", "save", ""), ServerProcess.LAUNCHER_GC)) {
            warmUp(server.port());
            double loadBefore = loadAverage();
            AtomicBoolean attacking = new AtomicBoolean(true);
            AtomicLong frames = new AtomicLong();
            AtomicLong dropped = new AtomicLong();
            ExecutorService threads = Executors.newFixedThreadPool(ATTACKERS + 2);
            List<Future<?>> attackers = new ArrayList<>();
            for (int i = 0; i < ATTACKERS; i++) {
                long seed = SEED + i;
                attackers.add(threads.submit(() -> {
                    attack(server.port(), new Random(seed), frames, dropped, FRAMES / ATTACKERS);
                    return null;
                }));
            }
            Future<Long> worstPing = threads.submit(() -> pingWhile(server.port(), attacking));
            Future<Integer> written = threads.submit(() -> writeWhile(server, attacking));
            for (Future<?> attacker : attackers) {
                attacker.get(5, TimeUnit.MINUTES);
            }
            attacking.set(false);
            long worst = worstPing.get(1, TimeUnit.MINUTES);
            int keys = written.get(1, TimeUnit.MINUTES);
            threads.shutdownNow();
            System.out.printf("fuzz: %d frames, %d connections dropped, %d acknowledged writes, slowest PING %d ms%n",
                    frames.get(), dropped.get(), keys, worst);

            assertTrue(frames.get() >= FRAMES, "frames sent: " + frames.get());
            if (loadBefore <= 2 * Runtime.getRuntime().availableProcessors()) {
                assertTrue(worst <= PING_DEADLINE_MS, "a PING took " + worst + " ms during the attack (seed " + SEED
                        + ", load average " + loadBefore + " before it)");
            } else {
                // Other work already had the cores: a slow PING would say nothing about the server.
                System.out.printf("fuzz: PING latency not judged, load average %.1f before the attack%n", loadBefore);
            }
            try (Jedis jedis = server.jedis()) {
                assertEquals("PONG", jedis.ping());
                for (int i = 0; i < keys; i++) {
                    assertEquals(String.valueOf(i), jedis.get("fuzz:data:" + i), "acknowledged write " + i + " lost");
                }
                assertTrue(keys > 0 && dropped.get() > 0, "keys " + keys + ", connections dropped " + dropped.get());
            }
        }
    }

    /** The one-minute load average, or 0 where the platform does not tell. */
    private static double loadAverage() {
        return Math.max(0, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** Twenty thousand frames of every kind first, so that the JIT's start-up work is not mistaken for a stall. */
    private static void warmUp(int port) throws IOException, InterruptedException {
        attack(port, new Random(SEED - 1), new AtomicLong(), new AtomicLong(), 20_000);
    }

    /**
     * Sends {@code count} hostile frames over its connections in turn, reconnecting one whenever the server has
     * closed it. One thread drives several connections and never waits for replies (it reads what has arrived),
     * resting a moment now and then: flat out, the attacking threads take the cores from the server on a 2-core
     * machine (BENCHMARKS.md, "Hostile input").
     */
    private static void attack(int port, Random random, AtomicLong frames, AtomicLong dropped, int count)
            throws IOException, InterruptedException {
        Socket[] sockets = new Socket[CONNECTIONS_PER_ATTACKER];
        for (int i = 0; i < sockets.length; i++) {
            sockets[i] = connect(port);
        }
        int sent = 0;
        while (sent < count) {
            int i = sent % sockets.length;
            byte[] frame = HostileFrames.next(random);
            try {
                drain(sockets[i]);
                sockets[i].getOutputStream().write(frame);
                sent++;
                frames.incrementAndGet();
                if (sent % FRAMES_BETWEEN_RESTS == 0) {
                    Thread.sleep(1);
                }
            } catch (IOException closed) {
                dropped.incrementAndGet();
                sockets[i].close();
                sockets[i] = connect(port);
            }
        }
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoLinger(true, 0);
        return socket;
    }

    /** Reads and drops what the server has sent so far, without waiting for more. */
    private static void drain(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (in.available() > 0) {
            if (in.read(buffer) < 0) {
                throw new IOException("closed by the server");
            }
        }
    }

    /** PINGs every 20 ms while the attack lasts; the slowest answer, in ms. */
    private static long pingWhile(int port, AtomicBoolean attacking) throws Exception {
        long worst = 0;
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            byte[] pong = new byte[7];
            while (attacking.get()) {
                long start = System.nanoTime();
                out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
                assertEquals(7, in.readNBytes(pong, 0, 7));
                assertEquals("+PONG\r\n", new String(pong, StandardCharsets.US_ASCII));
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                worst = Math.max(worst, took);
                Thread.sleep(20);
            }
        }
        return worst;
    }

    /** Acknowledged SETs, one a millisecond, while the attack lasts; how many were acknowledged. */
    private static int writeWhile(ServerProcess server, AtomicBoolean attacking) throws InterruptedException {
        int written = 0;
        try (Jedis jedis = server.jedis()) {
            while (attacking.get()) {
                assertEquals("OK", jedis.set("fuzz:data:" + written, String.valueOf(written)));
                written++;
                Thread.sleep(1);
            }
        }
        return written;
    }
}
