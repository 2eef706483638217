package io.redactor.e2e.server;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** SHUTDOWN, on a private server: no reply, every connection closed, the port no longer listening. */
class ShutdownTest {
    @Test
    void shutdownClosesTheConnectionWithoutReplyAndStopsListening() {
        TestRedactor server = TestRedactor.start(Map.of());
        int port = server.port();
        try (RawClient client = server.raw(); RawClient bystander = server.raw()) {
            assertEquals("+PONG\r\n", bystander.call("PING"));
            assertEquals("-ERR syntax error\r\n", client.call("SHUTDOWN", "LATER"));
            assertEquals("-ERR syntax error\r\n", client.call("SHUTDOWN", "SAVE", "NOSAVE"));
            assertEquals("-ERR syntax error\r\n", client.call("SHUTDOWN", "ABORT", "NOW"));
            assertEquals("-ERR syntax error\r\n", client.call("SHUTDOWN", "NOSAVE", "ABORT"));
            assertEquals("-ERR No shutdown in progress.\r\n", client.call("SHUTDOWN", "ABORT"));
            assertEquals("+PONG\r\n", client.call("PING"), "errors leave the server running");

            client.send("PING\r\nSHUTDOWN NOSAVE NOW\r\n");
            assertEquals("+PONG\r\n", client.readReplyText(), "what came before SHUTDOWN is answered");
            assertTrue(client.isClosedByServer(10_000), "the client gets no reply, only the end of the stream");
            assertTrue(bystander.isClosedByServer(10_000), "other clients are disconnected too");
        }
        awaitPortClosed(port);
    }

    private static void awaitPortClosed(int port) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!accepts(port)) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        fail("port " + port + " still accepts connections 10 s after SHUTDOWN");
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
