package io.redactor.actors.monitor;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MONITOR's line format and redaction, as Redis 7.0's replicationFeedMonitors and sdscatrepr write them. */
class MonitorLineTest {
    @Test
    void timeDatabaseOriginAndQuotedArguments() {
        assertEquals("1700000000.000042 [3 127.0.0.1:50000] \"set\" \"k\" \"v\"",
                MonitorLine.format(1_700_000_000_000_042L, 3, "127.0.0.1:50000", args("set", "k", "v")));
        assertEquals("5.123456 [0 lua]", MonitorLine.format(5_123_456L, 0, "lua", new byte[0][]));
    }

    @Test
    void bytesAreEscapedAsSdscatrepr() {
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        StringBuilder quoted = new StringBuilder();
        MonitorLine.quote(quoted, all);
        String text = quoted.toString();
        assertEquals('"', text.charAt(0));
        assertTrue(text.startsWith("\"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\a\\b\\t\\n\\x0b\\x0c\\r\\x0e"), text);
        assertTrue(text.contains(" !\\\"#$%&'()*+,-./0123456789"), text);
        assertTrue(text.contains("XYZ[\\\\]^_`abc"), text);
        assertTrue(text.contains("|}~\\x7f\\x80\\x81\\x82"), text);
        assertTrue(text.endsWith("\\xfe\\xff\""), text);
    }

    @Test
    void authAndHelloAuthAreRedacted() {
        assertArrayEquals(args("auth", "(redacted)"), Redaction.apply("auth", args("auth", "secret")));
        assertArrayEquals(args("auth", "(redacted)", "(redacted)"),
                Redaction.apply("auth", args("auth", "user", "secret")));
        assertArrayEquals(args("hello", "3", "SETNAME", "n", "AUTH", "(redacted)", "(redacted)"),
                Redaction.apply("hello", args("hello", "3", "SETNAME", "n", "AUTH", "u", "p")));
        byte[][] badVersion = args("hello", "4", "AUTH", "u", "p");
        assertSame(badVersion, Redaction.apply("hello", badVersion), "no redaction when HELLO stops at its version");
        byte[][] stopsAtUnknown = args("hello", "3", "NOPE", "AUTH", "u", "p");
        assertSame(stopsAtUnknown, Redaction.apply("hello", stopsAtUnknown));
        byte[][] set = args("set", "auth", "x");
        assertSame(set, Redaction.apply("set", set));
    }

    private static byte[][] args(String... values) {
        byte[][] args = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            args[i] = values[i].getBytes(StandardCharsets.ISO_8859_1);
        }
        return args;
    }
}
