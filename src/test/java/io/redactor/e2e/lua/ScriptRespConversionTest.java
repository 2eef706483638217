package io.redactor.e2e.lua;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a script returns, byte for byte as Redis 7.0.15 sends it to RESP2 and RESP3 clients: the RESP3 types a script
 * reads with {@code redis.setresp(2)} or {@code redis.setresp(3)} and returns as they came, and the tables it builds
 * itself, a big number that is not a number among them (Redis's own "RESP2/3 protocol parsing" tests). A map or set
 * that went through a Lua table comes out in that table's iteration order, which Redis's Lua and Redactor's do not
 * share: those are compared entry for entry, in any order.
 */
class ScriptRespConversionTest extends DebugSideBySideTest {
    private static final List<String> SCRIPTS = List.of(
            "return {big_number='123\\r\\n123'}",
            "return {big_number='1234567999999999999999999999999999999'}",
            "return {big_number='not a number'}",
            "return {big_number=''}",
            "return {double=3.5}",
            "return {map={a=1}}",
            "return {set={a=true}}");
    private static final List<String> TYPES = List.of("bignum", "map", "set", "double", "null", "verbatim", "true",
            "false", "attrib", "string", "integer", "array");

    @Test
    void scriptRepliesInBothProtocolsAreRedissByteForByte() {
        for (String protocol : List.of("2", "3")) {
            assertEquals(replies(redis.raw(), protocol), replies(server.raw(), protocol), "RESP" + protocol);
        }
    }

    private static List<String> replies(RawClient client, String protocol) {
        List<String> replies = new ArrayList<>();
        try (client) {
            client.call("HELLO", protocol);
            client.call("DEBUG", "SET-DISABLE-DENY-SCRIPTS", "1");
            for (String script : SCRIPTS) {
                replies.add(script + " -> " + client.call("EVAL", script, "0"));
            }
            for (String resp : List.of("2", "3")) {
                for (String type : TYPES) {
                    String script = "redis.setresp(" + resp + "); return redis.call('debug', 'protocol', '" + type
                            + "')";
                    String reply = client.call("EVAL", script, "0");
                    boolean unordered = resp.equals("3") && (type.equals("map") || type.equals("set"));
                    replies.add(script + " -> " + (unordered ? inAnyOrder(reply, type.equals("map") ? 2 : 1) : reply));
                }
            }
            client.call("DEBUG", "SET-DISABLE-DENY-SCRIPTS", "0");
            replies.add(client.call("PING"));
        }
        return replies;
    }

    /** The reply's first line, then its entries ({@code linesPerEntry} lines each) sorted. */
    private static String inAnyOrder(String reply, int linesPerEntry) {
        String[] lines = reply.split("\n");
        List<String> entries = new ArrayList<>();
        for (int i = 1; i + linesPerEntry <= lines.length; i += linesPerEntry) {
            entries.add(String.join("\n", List.of(lines).subList(i, i + linesPerEntry)));
        }
        entries.sort(null);
        return lines[0] + "\n" + String.join("\n", entries);
    }
}
