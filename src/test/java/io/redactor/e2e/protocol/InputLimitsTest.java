package io.redactor.e2e.protocol;

import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a hostile client can make the server hold is bounded: the command being received, the commands received
 * and not answered, the MULTI queue (each by client-query-buffer-limit, counted as the JVM holds the arguments),
 * and the number of commands waiting (max-pending-commands). Over a limit the client is dropped without a reply,
 * as Redis drops one over its query buffer limit; below it, a client that sends faster than it is served is slowed
 * down (TCP backpressure), never dropped. Where Redis has a reply, Redactor's is compared with it.
 */
class InputLimitsTest {
    private static final int LIMIT = 1 << 20;
    private static TestRedactor server;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of(
                "redactor.redis.client-query-buffer-limit", "1mb",
                "redactor.resp.max-pending-commands", "16"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * {@code *2147483647} and then empty arguments for ever: six bytes each on the wire, but 24 on the heap (an
     * empty array and its slot). Counting only their data let such a client grow the server's heap without bound;
     * counted as the JVM holds them, it is dropped after about 1 MB / 24 of them. (Redis 7.0 keeps reading them,
     * its argv growing, until maxmemory-clients, if set, evicts the client.)
     */
    @Test
    void emptyArgumentsUnderAHugeCountAreCountedAsTheHeapHoldsThem() {
        try (RawClient flooder = server.raw()) {
            // 300,000 empty arguments (1.8 MB): about 1 MB / 24 = 43,690 of them go over the limit
            byte[] empties = "$0\r\n\r\n".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
            try {
                flooder.send("*2147483647\r\n");
                for (int i = 0; i < 30; i++) {
                    flooder.send(empties);
                }
            } catch (UncheckedIOException closedWhileSending) {
                // dropped while we were still sending: what we want
            }
            assertTrue(flooder.isClosedByServer(5000), "dropped without a reply");
        }
        assertHealthy();
    }

    /**
     * An argument-heavy command is counted with its arguments' overhead too: at the smallest limit (1 MB) a command
     * of 50,000 one-byte arguments (350 KB on the wire, about 1.6 MB on the heap) is dropped, where Redis, which
     * counts only the query buffer's bytes, runs it. The largest inline command (64 KB, 32,000 arguments) still
     * fits and is answered as Redis answers it.
     */
    @Test
    void argumentOverheadCountsAgainstTheLimitEvenForOneCommand() {
        StringBuilder many = new StringBuilder("*50001\r\n$3\r\nDEL\r\n");
        many.append("$1\r\na\r\n".repeat(50_000));
        try (RawClient ours = server.raw(); RawClient theirs = RealRedis.shared().raw()) {
            sendIgnoringClose(ours, many.toString().getBytes(StandardCharsets.US_ASCII));
            theirs.send(many.toString());
            assertEquals(":0\r\n", theirs.readReplyText());
            assertTrue(ours.isClosedByServer(5000), "dropped without a reply");
        }
        String inline = "DEL" + " a".repeat(32_000) + "\r\n";
        try (RawClient ours = server.raw(); RawClient theirs = RealRedis.shared().raw()) {
            ours.send(inline);
            theirs.send(inline);
            assertEquals(theirs.readReplyText(), ours.readReplyText());
            assertEquals("+PONG\r\n", ours.call("PING"));
        }
    }

    /**
     * Commands queued in MULTI count against client-query-buffer-limit: past it the client is dropped and the
     * transaction never runs. (Redis 7.0 bounds the MULTI queue only by maxmemory, refusing queued commands with
     * -OOM when over it, and by maxmemory-clients.)
     */
    @Test
    void aMultiQueueOverTheLimitDropsTheClient() {
        byte[] value = new byte[8 * 1024];
        java.util.Arrays.fill(value, (byte) 'v');
        try (RawClient client = server.raw()) {
            assertEquals("+OK\r\n", client.call("MULTI"));
            int queued = 0;
            try {
                for (int i = 0; i < 200; i++) {
                    client.command("SET".getBytes(), ("multi:limit:" + i).getBytes(), value);
                    assertEquals("+QUEUED\r\n", client.readReplyText());
                    queued++;
                }
            } catch (UncheckedIOException dropped) {
                // the connection was closed: no reply to the command over the limit
            }
            assertTrue(client.isClosedByServer(5000), "dropped");
            // 1 MB / (8 KB and the arguments' overhead)
            assertTrue(queued >= 120 && queued <= 128, "queued " + queued + " commands before being dropped");
        }
        try (Jedis jedis = server.jedis()) {
            assertFalse(jedis.exists("multi:limit:0"), "the transaction never ran");
        }
        try (RawClient client = server.raw()) {
            assertEquals("+OK\r\n", client.call("MULTI"));
            for (int i = 0; i < 100; i++) {
                client.command("SET".getBytes(), ("multi:fits:" + i).getBytes(), value);
                assertEquals("+QUEUED\r\n", client.readReplyText());
            }
            byte[] exec = client.call("EXEC".getBytes());
            assertTrue(new String(exec, StandardCharsets.US_ASCII).startsWith("*100\r\n+OK\r\n"));
        }
        try (Jedis jedis = server.jedis()) {
            assertTrue(jedis.exists("multi:fits:99"));
        }
    }

    /**
     * Behind a blocked command, a client's pipelined commands stop being read once max-pending-commands wait: the
     * server takes in about one read's worth (64 KB), not the 23 MB sent. (Redis keeps reading into the blocked
     * client's query buffer until client-query-buffer-limit drops it.)
     */
    @Test
    void pipelinedCommandsBehindABlockedOneAreNotRead() throws Exception {
        try (Jedis admin = server.jedis(); RawClient blocked = server.raw()) {
            blocked.command("BLPOP", "limits:queue", "0");
            assertPipelineStalls(admin, blocked, () -> admin.lpush("limits:queue", "x"), 1);
        }
    }

    /**
     * Commands sent to a partition that is busy (a script holding it) are in flight, not waiting here: they too
     * count as pending, so reading stops after max-pending-commands of them instead of piling them in its mailbox.
     */
    @Test
    void pipelinedCommandsToABusyPartitionAreNotRead() throws Exception {
        try (Jedis admin = server.jedis(); RawClient pipelining = server.raw(); Jedis scripting = server.jedis()) {
            CompletableFuture<Object> script = CompletableFuture.supplyAsync(() -> scripting.eval(
                    "redis.call('set', KEYS[1], 'held') local t0 = redis.call('time') "
                            + "repeat local t = redis.call('time') "
                            + "until (t[1] - t0[1]) * 1000000 + (t[2] - t0[2]) > 2500000 return 'done'",
                    1, "{busy}held"), InputLimitsTest::inThread);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!admin.clientList().contains("cmd=eval")) {
                assertTrue(System.nanoTime() < deadline, "the script started");
                Thread.sleep(5);
            }
            Thread.sleep(200);
            assertFalse(script.isDone(), "the script holds its partition for 2.5 s");
            assertPipelineStalls(admin, pipelining, () -> {
                try {
                    assertEquals("done", script.get(10, TimeUnit.SECONDS));
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }, 0);
        }
    }

    /**
     * Sends a million GETs behind whatever holds {@code client}'s commands; checks that the server read about a
     * read's worth of them while held, then {@code release}s it and reads the replies of the {@code earlier}
     * commands and of every GET.
     */
    private void assertPipelineStalls(Jedis admin, RawClient client, Runnable release, int earlier)
            throws Exception {
        int commands = 1_000_000;
        byte[] get = RawClient.encode("GET".getBytes(), "{busy}other".getBytes());
        long before = InfoFields.number(admin.info("stats"), "total_net_input_bytes");
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            // 1,000 commands a write: the writer blocks once the server stops reading and the socket buffers fill
            byte[] chunk = new byte[get.length * 1000];
            for (int i = 0; i < 1000; i++) {
                System.arraycopy(get, 0, chunk, i * get.length, get.length);
            }
            for (int i = 0; i < commands / 1000; i++) {
                client.send(chunk);
            }
        }, InputLimitsTest::inThread);
        Thread.sleep(1000);
        assertFalse(writer.isDone(), "the server stopped reading");
        long taken = InfoFields.number(admin.info("stats"), "total_net_input_bytes") - before;
        assertTrue(taken < 2L << 20, "the server took in " + taken + " bytes of a stalled pipeline");
        release.run();
        for (int i = 0; i < earlier; i++) {
            client.readReply();
        }
        for (int i = 0; i < commands; i++) {
            assertEquals("$-1\r\n", client.readReplyText());
        }
        writer.get(30, TimeUnit.SECONDS);
    }

    /**
     * Large commands waiting behind a blocked one are bounded by bytes too: reading pauses once they hold half of
     * client-query-buffer-limit, so a client sending 3 MB of SETs behind a BLPOP is slowed, not dropped. (Redis
     * keeps reading them into the blocked client's query buffer and drops it past 1 MB.)
     */
    @Test
    void largeCommandsBehindABlockedOneSlowTheClientDown() throws Exception {
        byte[] value = new byte[100 * 1024];
        java.util.Arrays.fill(value, (byte) 'w');
        try (Jedis admin = server.jedis(); RawClient client = server.raw()) {
            client.command("BLPOP", "limits:bytes", "0");
            long before = InfoFields.number(admin.info("stats"), "total_net_input_bytes");
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 30; i++) {
                    client.command("SET".getBytes(), ("limits:big:" + i).getBytes(), value);
                }
            }, InputLimitsTest::inThread);
            Thread.sleep(500);
            long taken = InfoFields.number(admin.info("stats"), "total_net_input_bytes") - before;
            assertTrue(taken < LIMIT, "the server took in " + taken + " bytes while the client was blocked");
            admin.lpush("limits:bytes", "x");
            assertEquals("*2\r\n$12\r\nlimits:bytes\r\n$1\r\nx\r\n", client.readReplyText());
            for (int i = 0; i < 30; i++) {
                assertEquals("+OK\r\n", client.readReplyText());
            }
            writer.get(10, TimeUnit.SECONDS);
            assertEquals(100 * 1024, admin.strlen("limits:big:29"));
        }
    }

    /**
     * A client that pipelines and never reads its replies holds its replies, not its commands: the output buffer
     * limits bound them, and it is dropped as Redis drops it.
     */
    @Test
    void aClientThatNeverReadsIsDroppedAtTheOutputLimitLikeRedis() throws Exception {
        try (Jedis ours = server.jedis(); Jedis theirs = RealRedis.shared().jedis()) {
            String value = "r".repeat(100 * 1024);
            for (Jedis jedis : new Jedis[] {ours, theirs}) {
                jedis.set("limits:reply", value);
                jedis.configSet("client-output-buffer-limit", "normal 1mb 0 0");
            }
            try {
                long oursRead = readUntilClosed(server.port());
                long theirsRead = readUntilClosed(RealRedis.shared().port());
                long all = 200L * (value.length() + 12);
                assertTrue(oursRead < all, "Redactor dropped the client after " + oursRead + " bytes");
                assertTrue(theirsRead < all, "Redis dropped the client after " + theirsRead + " bytes");
            } finally {
                for (Jedis jedis : new Jedis[] {ours, theirs}) {
                    jedis.configSet("client-output-buffer-limit", "normal 0 0 0");
                    jedis.del("limits:reply");
                }
            }
            assertEquals("PONG", ours.ping());
        }
    }

    /** Pipelines 200 GETs of the 100 KB value without reading, then reads what comes until the server closes. */
    private static long readUntilClosed(int port) throws IOException, InterruptedException {
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            ByteArrayOutputStream commands = new ByteArrayOutputStream();
            for (int i = 0; i < 200; i++) {
                commands.writeBytes(RawClient.encode("GET".getBytes(), "limits:reply".getBytes()));
            }
            out.write(commands.toByteArray());
            out.flush();
            Thread.sleep(1000);
            InputStream in = socket.getInputStream();
            long read = 0;
            byte[] buffer = new byte[1 << 16];
            try {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    read += n;
                }
            } catch (java.net.SocketException reset) {
                // closed with replies unread: a reset
            }
            return read;
        }
    }

    /** Blocking work on a thread of its own (the common pool may have a single thread). */
    private static void inThread(Runnable task) {
        Thread.ofPlatform().daemon(true).start(task);
    }

    private static void sendIgnoringClose(RawClient client, byte[] bytes) {
        try {
            client.send(bytes);
        } catch (UncheckedIOException closed) {
            // dropped while sending
        }
    }

    private static void assertHealthy() {
        try (Jedis jedis = server.jedis()) {
            assertEquals("PONG", jedis.ping());
        }
    }
}
