package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.e2e.pubsub.RecordingSubscriber.Message;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code client-output-buffer-limit pubsub}: a subscriber that never reads is disconnected once its pending output
 * passes the hard limit, and the others keep receiving everything. Same scenario on Redis 7.0 and on Redactor.
 */
class SlowSubscriberTest {
    private static final int MESSAGE_BYTES = 64 * 1024;
    /** Far more than the kernel's socket buffers (a few MB here) plus the 1 MB limit. */
    private static final int MAX_MESSAGES = 1_000;
    /** The fast subscriber is waited for every this many messages, so that its own output stays far below 1 MB. */
    private static final int WINDOW = 4;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void aSubscriberThatNeverReadsIsDisconnectedWithoutHarmingOthers(Servers server) throws IOException {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get()) {
            String original = admin.configGet("client-output-buffer-limit").get("client-output-buffer-limit");
            admin.configSet("client-output-buffer-limit", "pubsub 1mb 0 0");
            try (Socket slow = neverReadingSubscriber(server.port().getAsInt(), "s:flood");
                 RecordingSubscriber fast = RecordingSubscriber.toChannels(server.jedis().get(), "s:flood")) {
                Eventually.equal("NUMSUB", Map.of("s:flood", 2L), () -> admin.pubsubNumSub("s:flood"));
                String padding = "x".repeat(MESSAGE_BYTES);
                int published = 0;
                long reached = 2;
                while (reached == 2) {
                    assertTrue(published < MAX_MESSAGES, "still subscribed after " + published + " messages");
                    reached = admin.publish("s:flood", published + ":" + padding);
                    published++;
                    if (published % WINDOW == 0) {
                        fast.awaitMessages(published);
                    }
                }
                assertEquals(1, reached, "only the fast subscriber is left");
                assertEquals(Map.of("s:flood", 1L), admin.pubsubNumSub("s:flood"));
                assertTrue(closedByServer(slow), "the slow subscriber's connection is closed");

                for (int i = 0; i < 3; i++) {
                    assertEquals(1, admin.publish("s:flood", published++ + ":" + padding));
                }
                List<Message> received = fast.awaitMessages(published);
                assertEquals(published, received.size());
                for (int n = 0; n < published; n++) {
                    assertEquals(n + ":" + padding, received.get(n).payload(), "message " + n);
                }
            } finally {
                admin.configSet("client-output-buffer-limit", original);
            }
        }
    }

    /** A raw connection with a small receive buffer that subscribes and then never reads anything. */
    private static Socket neverReadingSubscriber(int port, String channel) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.getOutputStream().write(("*2\r\n$9\r\nSUBSCRIBE\r\n$" + channel.length() + "\r\n" + channel + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** Reads (and drops) whatever was delivered until end of stream: true if the server closed within 10 s. */
    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[64 * 1024];
        try {
            while (true) {
                if (in.read(buffer) < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
