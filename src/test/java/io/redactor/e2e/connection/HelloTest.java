package io.redactor.e2e.connection;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HELLO: protocol switch, AUTH for the default user, SETNAME, and its errors (which change nothing). */
class HelloTest {
    private static final String WRONGPASS = "-WRONGPASS invalid username-password pair or user is disabled.\r\n";

    private RawClient ours;
    private RawClient redis;

    @BeforeEach
    void connect() {
        ours = TestRedactor.shared().raw();
        redis = RealRedis.shared().raw();
    }

    @AfterEach
    void close() {
        ours.close();
        redis.close();
    }

    @Test
    void repliesAreRedisRepliesButForTheClientId() {
        for (String[] hello : new String[][] {{"HELLO"}, {"HELLO", "3"}, {"HELLO"}, {"HELLO", "2"},
                {"HELLO", "3", "AUTH", "default", "any-password"}, {"HELLO", "2", "SETNAME", "n1"},
                {"HELLO", "3", "AUTH", "default", "x", "SETNAME", "n2"}, {"hello", "2"}}) {
            assertEquals(withoutId(redis, redis.call(hello)), withoutId(ours, ours.call(hello)),
                    String.join(" ", hello));
        }
    }

    @Test
    void helloThreeSwitchesEveryLaterReplyToResp3() {
        assertEquals("$-1\r\n", ours.call("GET", "hello:missing"));
        assertTrue(ours.call("HELLO", "3").startsWith("%7\r\n"));
        assertEquals("_\r\n", ours.call("GET", "hello:missing"));
        assertTrue(ours.call("CLIENT", "INFO").contains(" resp=3"));
        assertTrue(ours.call("HELLO", "2").startsWith("*14\r\n"));
        assertEquals("$-1\r\n", ours.call("GET", "hello:missing"));
    }

    @Test
    void authAndSetname() {
        assertTrue(ours.call("HELLO", "2", "AUTH", "default", "whatever", "SETNAME", "greeter").startsWith("*14"));
        assertEquals("$7\r\ngreeter\r\n", ours.call("CLIENT", "GETNAME"));
        assertEquals(WRONGPASS, ours.call("HELLO", "3", "AUTH", "someone", "secret", "SETNAME", "other"));
        assertEquals("$7\r\ngreeter\r\n", ours.call("CLIENT", "GETNAME"), "a failed HELLO sets no name");
        assertEquals("$-1\r\n", ours.call("GET", "hello:missing"), "and keeps the protocol");
    }

    @Test
    void errorsLeaveTheConnectionAsItWas() {
        for (String version : new String[] {"1", "4", "-1", "0"}) {
            assertEquals("-NOPROTO unsupported protocol version\r\n", ours.call("HELLO", version), version);
        }
        for (String version : new String[] {"x", "3.0", "99999999999999999999", ""}) {
            assertEquals("-ERR Protocol version is not an integer or out of range\r\n", ours.call("HELLO", version));
        }
        assertEquals("-ERR Syntax error in HELLO option 'VERBOSE'\r\n", ours.call("HELLO", "3", "VERBOSE"));
        assertEquals("-ERR Syntax error in HELLO option 'AUTH'\r\n", ours.call("HELLO", "3", "AUTH", "default"));
        assertEquals("-ERR Syntax error in HELLO option 'SETNAME'\r\n", ours.call("HELLO", "3", "SETNAME"));
        assertEquals("-ERR Client names cannot contain spaces, newlines or special characters.\r\n",
                ours.call("HELLO", "3", "SETNAME", "two words"));
        assertEquals("$-1\r\n", ours.call("GET", "hello:missing"), "still RESP2");
        assertEquals("$-1\r\n", ours.call("CLIENT", "GETNAME"));
    }

    /** The reply with the value after "id" replaced by the connection's CLIENT ID placeholder. */
    private static String withoutId(RawClient client, String reply) {
        if (reply.startsWith("-")) {
            return reply;
        }
        String id = client.call("CLIENT", "ID").trim();
        String masked = reply.replace("$2\r\nid\r\n" + id + "\r\n", "$2\r\nid\r\n:<id>\r\n");
        assertTrue(!masked.equals(reply), "no id " + id + " in " + reply);
        return masked;
    }
}
