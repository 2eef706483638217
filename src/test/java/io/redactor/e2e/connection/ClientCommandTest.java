package io.redactor.e2e.connection;

import io.redactor.e2e.server.HelpText;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CLIENT ID, SETNAME, GETNAME, INFO, LIST, KILL and HELP. */
class ClientCommandTest extends SharedServerTest {
    @Test
    void idsAreUniqueAndInfoDescribesTheCaller() {
        long id = jedis.clientId();
        long other = Long.parseLong(raw.call("CLIENT", "ID").substring(1).trim());
        assertNotEquals(id, other);
        jedis.select(4);
        jedis.clientSetname("me");
        Map<String, String> info = fields(jedis.clientInfo());
        assertEquals(Long.toString(id), info.get("id"));
        assertEquals("me", info.get("name"));
        assertEquals("4", info.get("db"));
        assertEquals("client|info", info.get("cmd"));
        assertEquals("default", info.get("user"));
        assertEquals("2", info.get("resp"));
        assertEquals("127.0.0.1:" + TestRedactor.shared().port(), info.get("laddr"));
        assertTrue(info.get("addr").matches("127\\.0\\.0\\.1:\\d+"), info.get("addr"));
    }

    @Test
    void infoHasRedisFieldsInRedisOrder() {
        try (Jedis redis = RealRedis.shared().jedis()) {
            assertEquals(List.copyOf(fields(redis.clientInfo()).keySet()),
                    List.copyOf(fields(jedis.clientInfo()).keySet()));
        }
        String reply = raw.call("CLIENT", "INFO");
        assertTrue(reply.startsWith("$") && reply.endsWith("\n\r\n"), "a bulk string ending in a newline: " + reply);
    }

    @Test
    void namesAreSetClearedAndValidated() {
        assertNull(jedis.clientGetname());
        assertEquals("OK", jedis.clientSetname("worker-1"));
        assertEquals("worker-1", jedis.clientGetname());
        assertEquals("OK", jedis.clientSetname(""));
        assertNull(jedis.clientGetname(), "an empty name removes it");
        String invalid = "-ERR Client names cannot contain spaces, newlines or special characters.\r\n";
        assertEquals(invalid, raw.call("CLIENT", "SETNAME", "two words"));
        assertEquals(invalid, raw.call("CLIENT", "SETNAME", "line\nbreak"));
        assertEquals(invalid, raw.call("CLIENT", "SETNAME", "caf\u00e9"));
        assertEquals("$-1\r\n", raw.call("CLIENT", "GETNAME"));
        assertEquals("-ERR wrong number of arguments for 'client|setname' command\r\n",
                raw.call("CLIENT", "SETNAME"));
    }

    @Test
    void listShowsEveryClientOrTheChosenOnes() {
        long id = jedis.clientId();
        jedis.clientSetname("lister");
        String all = jedis.clientList();
        assertTrue(all.contains("id=" + id + " ") && all.contains(" name=lister "), all);
        assertTrue(all.lines().count() >= 2, all);
        List<Long> ids = all.lines().map(line -> Long.parseLong(fields(line).get("id"))).toList();
        assertEquals(ids.stream().sorted().toList(), ids, "clients are listed in the order they connected");
        assertEquals(all.lines().count(), jedis.clientList(ClientType.NORMAL).lines().count());
        assertEquals("", jedis.clientList(ClientType.PUBSUB));
        assertEquals("", jedis.clientList(ClientType.REPLICA));
        String byId = jedis.clientList(id, 999_999_999L);
        assertEquals(1, byId.lines().count(), byId);
        assertTrue(byId.startsWith("id=" + id + " "), byId);
        assertEquals("-ERR Unknown client type 'robots'\r\n", raw.call("CLIENT", "LIST", "TYPE", "robots"));
        assertEquals("-ERR Invalid client ID\r\n", raw.call("CLIENT", "LIST", "ID", "x"));
        assertEquals("-ERR syntax error\r\n", raw.call("CLIENT", "LIST", "ID"));
        assertEquals("-ERR syntax error\r\n", raw.call("CLIENT", "LIST", "TYPE", "normal", "extra"));
    }

    @Test
    void killByAddressInTheOldForm() {
        try (RawClient victim = TestRedactor.shared().raw()) {
            String address = addressOf(victim);
            assertEquals("+OK\r\n", raw.call("CLIENT", "KILL", address));
            assertTrue(victim.isClosedByServer(5000));
            assertEquals("-ERR No such client\r\n", raw.call("CLIENT", "KILL", address));
        }
    }

    @Test
    void killByIdAddrAndSkipme() {
        try (RawClient a = TestRedactor.shared().raw(); RawClient b = TestRedactor.shared().raw()) {
            long aId = idOf(a);
            assertEquals(1, jedis.clientKill(ClientKillParams.clientKillParams().id(Long.toString(aId))));
            assertTrue(a.isClosedByServer(5000));
            awaitGone(aId);
            assertEquals(0, jedis.clientKill(ClientKillParams.clientKillParams().id(Long.toString(aId))));

            assertEquals(1, jedis.clientKill(ClientKillParams.clientKillParams().addr(addressOf(b))));
            assertTrue(b.isClosedByServer(5000));
        }
        long me = jedis.clientId();
        assertEquals(0, jedis.clientKill(ClientKillParams.clientKillParams().id(Long.toString(me))),
                "SKIPME yes by default");
        assertEquals("PONG", jedis.ping());
        assertEquals(":1\r\n", raw.call("CLIENT", "KILL", "ID", Long.toString(idOf(raw)), "SKIPME", "no"));
        assertTrue(raw.isClosedByServer(5000), "killing yourself closes after the reply");
    }

    @Test
    void killByTypeUserAndLocalAddressSparesTheCaller() {
        try (RawClient a = TestRedactor.shared().raw(); RawClient b = TestRedactor.shared().raw()) {
            a.call("PING");
            b.call("PING");
            String local = "127.0.0.1:" + TestRedactor.shared().port();
            // Other tests' connections may be open too: only count that ours went.
            assertTrue(jedis.clientKill(ClientKillParams.clientKillParams().laddr(local)) >= 3);
            assertTrue(a.isClosedByServer(5000));
            assertTrue(b.isClosedByServer(5000));
            assertTrue(raw.isClosedByServer(5000));
            assertEquals("PONG", jedis.ping(), "the caller survives (SKIPME yes)");
        }
        try (RawClient c = TestRedactor.shared().raw()) {
            c.call("PING");
            assertTrue(jedis.clientKill(ClientKillParams.clientKillParams().type(ClientType.NORMAL)) >= 1);
            assertTrue(c.isClosedByServer(5000));
            assertEquals(0, jedis.clientKill(ClientKillParams.clientKillParams().type(ClientType.PUBSUB)));
        }
        try (RawClient e = TestRedactor.shared().raw()) {
            e.call("PING");
            assertTrue(jedis.clientKill(ClientKillParams.clientKillParams().user("default")) >= 1);
            assertTrue(e.isClosedByServer(5000));
            assertEquals("PONG", jedis.ping());
        }
    }

    @Test
    void killErrors() {
        assertEquals("-ERR No such client\r\n", raw.call("CLIENT", "KILL", "1.2.3.4:5"));
        assertEquals("-ERR syntax error\r\n", raw.call("CLIENT", "KILL", "COLOR", "red"));
        assertEquals("-ERR syntax error\r\n", raw.call("CLIENT", "KILL", "TYPE", "normal", "SKIPME"));
        assertEquals("-ERR syntax error\r\n", raw.call("CLIENT", "KILL", "SKIPME", "maybe"));
        assertEquals("-ERR client-id should be greater than 0\r\n", raw.call("CLIENT", "KILL", "ID", "0"));
        assertEquals("-ERR client-id should be greater than 0\r\n", raw.call("CLIENT", "KILL", "ID", "x"));
        assertEquals("-ERR Unknown client type 'robots'\r\n", raw.call("CLIENT", "KILL", "TYPE", "robots"));
        assertEquals("-ERR No such user 'nobody'\r\n", raw.call("CLIENT", "KILL", "USER", "nobody"));
        assertEquals("-ERR wrong number of arguments for 'client|kill' command\r\n", raw.call("CLIENT", "KILL"));
        assertEquals("+PONG\r\n", raw.call("PING"));
    }

    @Test
    void helpIsRedisHelpForTheSubcommandsThatExist() {
        List<String> ours = HelpText.lines(raw, "CLIENT");
        try (RawClient redis = RealRedis.shared().raw()) {
            HelpText.assertRedisLinesInOrder(HelpText.lines(redis, "CLIENT"), ours);
        }
        for (String line : List.of("ID", "INFO", "GETNAME", "SETNAME <name>", "LIST [options ...]", "KILL <ip:port>")) {
            assertTrue(ours.contains(line), line + " missing from " + ours);
        }
        assertEquals("-ERR unknown subcommand 'nope'. Try CLIENT HELP.\r\n", raw.call("CLIENT", "nope"));
    }

    /** Waits until a killed client has left the server's list (its connection closes asynchronously). */
    private void awaitGone(long id) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!jedis.clientList(id).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "client " + id + " is still listed 5 s after being killed");
            Thread.onSpinWait();
        }
    }

    private static long idOf(RawClient client) {
        return Long.parseLong(client.call("CLIENT", "ID").substring(1).trim());
    }

    private static String addressOf(RawClient client) {
        String info = client.call("CLIENT", "INFO");
        return fields(info.substring(info.indexOf("\r\n") + 2)).get("addr");
    }

    private static Map<String, String> fields(String clientLine) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : clientLine.strip().split(" ")) {
            int equals = field.indexOf('=');
            fields.put(field.substring(0, equals), field.substring(equals + 1));
        }
        return fields;
    }
}
