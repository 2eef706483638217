package io.redactor.e2e.connection;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PING, ECHO, QUIT and RESET. */
class SessionCommandsTest {
    @Test
    void pingAndEcho() {
        try (Jedis jedis = TestRedactor.shared().jedis(); RawClient raw = TestRedactor.shared().raw()) {
            assertEquals("PONG", jedis.ping());
            assertEquals("hello", jedis.ping("hello"));
            byte[] binary = {0, (byte) 0xff, '\r', '\n'};
            assertArrayEquals(binary, jedis.echo(binary));
            assertEquals("$0\r\n\r\n", raw.call("ECHO", ""));
            assertEquals("-ERR wrong number of arguments for 'ping' command\r\n", raw.call("PING", "a", "b"));
            assertEquals("-ERR wrong number of arguments for 'echo' command\r\n", raw.call("ECHO"));
            assertEquals("-ERR wrong number of arguments for 'echo' command\r\n", raw.call("ECHO", "a", "b"));
        }
    }

    @Test
    void quitRepliesThenClosesAndRunsNothingAfterIt() {
        try (RawClient raw = TestRedactor.shared().raw(); Jedis jedis = TestRedactor.shared().jedis()) {
            jedis.del("after-quit");
            raw.send(concat(RawClient.encode(bytes("QUIT")), RawClient.encode(bytes("SET"), bytes("after-quit"),
                    bytes("1"))));
            assertEquals("+OK\r\n", raw.readReplyText());
            assertTrue(raw.isClosedByServer(5000));
            assertEquals("PONG", jedis.ping());
            assertTrue(!jedis.exists("after-quit"), "a command pipelined after QUIT does not run");
        }
    }

    @Test
    void quitTakesAnyArguments() {
        try (RawClient raw = TestRedactor.shared().raw()) {
            assertEquals("+OK\r\n", raw.call("QUIT", "now", "please"));
            assertTrue(raw.isClosedByServer(5000));
        }
    }

    @Test
    void resetRestoresANewConnectionState() {
        try (RawClient raw = TestRedactor.shared().raw()) {
            raw.call("SELECT", "5");
            raw.call("CLIENT", "SETNAME", "before-reset");
            raw.call("HELLO", "3");
            assertEquals("+RESET\r\n", raw.call("RESET"));
            assertEquals("$-1\r\n", raw.call("CLIENT", "GETNAME"), "name cleared, protocol back to RESP2");
            String info = raw.call("CLIENT", "INFO");
            assertTrue(info.contains(" db=0 ") && info.contains(" resp=2"), info);
            assertEquals("-ERR wrong number of arguments for 'reset' command\r\n", raw.call("RESET", "all"));
            assertEquals("+PONG\r\n", raw.call("PING"));
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(ISO_8859_1);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
