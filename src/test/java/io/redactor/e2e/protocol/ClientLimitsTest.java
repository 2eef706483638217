package io.redactor.e2e.protocol;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * maxclients, idle timeout and query buffer limits: Redis's semantics on a private server (the output buffer limit:
 * InputLimitsTest, beside Redis).
 */
class ClientLimitsTest {
    private static TestRedactor server;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void refusesClientsBeyondMaxclients() {
        try (Jedis admin = server.jedis()) {
            admin.configSet("maxclients", "3");
            List<RawClient> others = new ArrayList<>();
            try {
                others.add(server.raw());
                others.add(server.raw());
                assertEquals("+PONG\r\n", others.get(1).call("PING"));
                try (RawClient refused = server.raw()) {
                    assertEquals("-ERR max number of clients reached\r\n", refused.readReplyText());
                    assertTrue(refused.isClosedByServer(2000));
                }
            } finally {
                others.forEach(RawClient::close);
                admin.configSet("maxclients", "10000");
            }
            assertTrue(admin.info("stats").contains("rejected_connections:1"));
        }
    }

    @Test
    void closesClientsIdleLongerThanTimeout() {
        try (RawClient idle = server.raw()) {
            assertEquals("+PONG\r\n", idle.call("PING"));
            try (Jedis admin = server.jedis()) {
                admin.configSet("timeout", "1");
            }
            try {
                long start = System.nanoTime();
                assertTrue(idle.isClosedByServer(5000), "the idle client was closed");
                long seconds = (System.nanoTime() - start) / 1_000_000_000;
                assertTrue(seconds >= 1 && seconds <= 4, "closed after about a second: " + seconds);
            } finally {
                // A fresh connection: the one that set the timeout has been idle too.
                try (Jedis admin = server.jedis()) {
                    admin.configSet("timeout", "0");
                }
            }
        }
    }

    @Test
    void dropsClientsOverTheQueryBufferLimit() {
        withOneMegabyteQueryBuffer(flooder -> sendUntilDropped(flooder,
                ("*2\r\n$3\r\nSET\r\n$" + (3 << 20) + "\r\n").getBytes(StandardCharsets.US_ASCII), new byte[2 << 20]));
    }

    @Test
    void millionsOfEmptyArgumentsCountAgainstTheQueryBufferLimit() {
        // 6 bytes each on the wire, far more in memory: 200,000 of them are 1.2 MB sent, 7.6 MB held.
        withOneMegabyteQueryBuffer(flooder -> sendUntilDropped(flooder,
                "*2147483647\r\n".getBytes(StandardCharsets.US_ASCII),
                "$0\r\n\r\n".repeat(200_000).getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void aTransactionQueueIsBoundedByTheQueryBufferLimit() {
        withOneMegabyteQueryBuffer(queuer -> {
            assertEquals("+OK\r\n", queuer.call("MULTI"));
            String value = "v".repeat(64 * 1024);
            boolean closed = false;
            for (int i = 0; i < 64 && !closed; i++) {
                try {
                    assertEquals("+QUEUED\r\n", queuer.call("SET", "multi:" + i, value));
                } catch (RuntimeException closedByServer) {
                    closed = true;
                }
            }
            assertTrue(closed || queuer.isClosedByServer(5000), "4 MB queued past a 1 MB limit: the client is dropped");
            try (Jedis admin = server.jedis()) {
                assertEquals(0, admin.exists("multi:0") ? 1 : 0, "nothing of the transaction ran");
            }
        });
    }

    /** Runs {@code test} with a client of its own while client-query-buffer-limit is 1 MB; the server serves after. */
    private static void withOneMegabyteQueryBuffer(java.util.function.Consumer<RawClient> test) {
        try (Jedis admin = server.jedis(); RawClient client = server.raw()) {
            admin.configSet("client-query-buffer-limit", "1mb");
            try {
                test.accept(client);
            } finally {
                admin.configSet("client-query-buffer-limit", "1gb");
            }
            assertEquals("PONG", admin.ping());
        }
    }

    /** Sends the parts, which the server must drop the client for, without a reply (as Redis does). */
    private static void sendUntilDropped(RawClient client, byte[]... parts) {
        try {
            for (byte[] part : parts) {
                client.send(part);
            }
        } catch (java.io.UncheckedIOException closedWhileSending) {
            // The server may drop the client before it has sent everything: that is the point.
        }
        assertTrue(client.isClosedByServer(5000), "closed without a reply");
    }
}
