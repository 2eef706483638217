package io.redactor.e2e.server;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * DEBUG PROTOCOL byte for byte as Redis 7.0.15 sends it, in RESP2 and RESP3: every type, the attribute and the push
 * each followed by a real reply, and the errors for an unknown type and a wrong argument count.
 */
class DebugProtocolTest extends DebugSideBySideTest {
    private static final List<String> TYPES = List.of("string", "integer", "double", "bignum", "null", "array", "set",
            "map", "attrib", "push", "verbatim", "true", "false", "STRING", "nosuchtype", "");

    @Test
    void everyTypeInBothProtocolsIsRedissByteForByte() {
        for (String protocol : List.of("2", "3")) {
            assertEquals(replies(redis.raw(), protocol), replies(server.raw(), protocol), "RESP" + protocol);
        }
    }

    @Test
    void wrongArgumentCountsAreRefusedAsRedisRefusesThem() {
        for (String[] command : List.of(new String[] {"DEBUG", "PROTOCOL"},
                new String[] {"DEBUG", "PROTOCOL", "string", "extra"})) {
            try (RawClient expected = redis.raw(); RawClient actual = server.raw()) {
                assertEquals(expected.call(command), actual.call(command), String.join(" ", command));
            }
        }
    }

    /**
     * Each type's whole answer (the real reply after an attribute or a push read too), then a PING to show nothing
     * else was left.
     */
    private static List<String> replies(RawClient client, String protocol) {
        List<String> replies = new ArrayList<>();
        try (client) {
            client.call("HELLO", protocol);
            for (String type : TYPES) {
                client.command("DEBUG", "PROTOCOL", type);
                String reply = client.readReplyText();
                if (reply.startsWith(">") || reply.startsWith("|")) {
                    reply += client.readReplyText();
                }
                replies.add(type + " -> " + reply);
            }
            replies.add(client.call("PING"));
        }
        return replies;
    }
}
