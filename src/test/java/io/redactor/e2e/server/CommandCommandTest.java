package io.redactor.e2e.server;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.CommandListFilterByParams;
import redis.clients.jedis.resps.CommandDocument;
import redis.clients.jedis.util.KeyValue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** COMMAND and its subcommands; COMMAND INFO of the keyspace, server and connection commands is Redis's. */
class CommandCommandTest extends SharedServerTest {
    /** The commands of these three families that have no subcommands. */
    private static final List<String> PLAIN = List.of("del", "unlink", "exists", "touch", "type", "expire", "pexpire",
            "expireat", "pexpireat", "ttl", "pttl", "expiretime", "pexpiretime", "persist", "rename", "renamenx",
            "copy", "move", "keys", "scan", "randomkey", "dbsize", "flushdb", "flushall", "swapdb", "info", "time",
            "shutdown", "ping", "echo", "select", "hello", "quit", "reset");
    private static final List<String> SUBCOMMANDS = List.of("object|encoding", "object|freq", "object|idletime",
            "object|refcount", "object|help", "config|get", "config|set", "config|resetstat", "config|help",
            "command|count", "command|info", "command|docs", "command|getkeys", "command|getkeysandflags",
            "command|list", "command|help", "client|id", "client|setname", "client|getname", "client|info",
            "client|list", "client|kill", "client|help");

    @Test
    void commandInfoOfEveryKeyspaceServerAndConnectionCommandIsRedisOne() {
        try (RawClient redis = RealRedis.shared().raw()) {
            for (String name : PLAIN) {
                assertEquals(redis.call("COMMAND", "INFO", name), raw.call("COMMAND", "INFO", name), name);
            }
            for (String name : SUBCOMMANDS) {
                assertEquals(redis.call("COMMAND", "INFO", name), raw.call("COMMAND", "INFO", name), name);
            }
        }
    }

    @Test
    void countInfoAndListAgreeOnTheTable() {
        long count = jedis.commandCount();
        List<String> list = jedis.commandList();
        assertTrue(count >= PLAIN.size() + 4, "COMMAND COUNT " + count);
        assertEquals(count, list.stream().filter(name -> !name.contains("|")).count());
        assertTrue(list.containsAll(PLAIN) && list.containsAll(SUBCOMMANDS), list.toString());
        String all = raw.call("COMMAND");
        assertEquals("*" + count + "\r\n", all.substring(0, all.indexOf("\r\n") + 2));
        assertEquals(Set.of("get"), jedis.commandInfo("get").keySet());
        assertEquals("*1\r\n$-1\r\n", raw.call("COMMAND", "INFO", "nosuch"));
    }

    @Test
    void docsAreAMapPerCommand() {
        Map<String, CommandDocument> docs = jedis.commandDocs("get", "rename", "nosuch", "config");
        assertEquals(Set.of("get", "rename", "config"), docs.keySet());
        try (RawClient resp3 = TestRedactor.shared().raw()) {
            resp3.call("HELLO", "3");
            String reply = resp3.call("COMMAND", "DOCS", "get", "object");
            assertTrue(reply.startsWith("%2\r\n$3\r\nget\r\n%"), reply);
            assertTrue(reply.contains("$6\r\nobject\r\n%"), reply);
            assertEquals("%0\r\n", resp3.call("COMMAND", "DOCS", "nosuch"));
        }
        String all = raw.call("COMMAND", "DOCS");
        assertEquals("*" + 2 * jedis.commandCount() + "\r\n", all.substring(0, all.indexOf("\r\n") + 2));
    }

    @Test
    void getkeysFindsKeysByKeySpecs() {
        assertEquals(List.of("a", "b", "c"), jedis.commandGetKeys("del", "a", "b", "c"));
        assertEquals(List.of("src", "dst"), jedis.commandGetKeys("copy", "src", "dst", "DB", "1", "REPLACE"));
        assertEquals(List.of("k1", "k2"), jedis.commandGetKeys("mset", "k1", "v1", "k2", "v2"));
        assertEquals(List.of("k"), jedis.commandGetKeys("object", "encoding", "k"));
        assertEquals(List.of("k"), jedis.commandGetKeys("SET", "k", "v", "EX", "10"));
    }

    @Test
    void getkeysandflagsReportsEachKeyFlags() {
        List<KeyValue<String, List<String>>> rename = jedis.commandGetKeysAndFlags("rename", "a", "b");
        assertEquals("a", rename.get(0).getKey());
        assertEquals(Set.of("RW", "access", "delete"), new HashSet<>(rename.get(0).getValue()));
        assertEquals("b", rename.get(1).getKey());
        assertEquals(Set.of("OW", "update"), new HashSet<>(rename.get(1).getValue()));
        assertEquals(Set.of("OW", "update"),
                new HashSet<>(jedis.commandGetKeysAndFlags("set", "k", "v").get(0).getValue()));
        assertEquals(Set.of("RW", "access", "update"),
                new HashSet<>(jedis.commandGetKeysAndFlags("set", "k", "v", "GET").get(0).getValue()));
    }

    @Test
    void getkeysErrors() {
        assertEquals("-ERR Invalid command specified\r\n", raw.call("COMMAND", "GETKEYS", "nosuch", "a"));
        assertEquals("-ERR The command has no key arguments\r\n", raw.call("COMMAND", "GETKEYS", "ping", "x"));
        assertEquals("-ERR Invalid number of arguments specified for command\r\n",
                raw.call("COMMAND", "GETKEYS", "get", "a", "b"));
        assertEquals("-ERR wrong number of arguments for 'command|getkeys' command\r\n",
                raw.call("COMMAND", "GETKEYS", "get"));
        assertEquals("-ERR Invalid command specified\r\n", raw.call("COMMAND", "GETKEYSANDFLAGS", "nosuch", "a"));
    }

    @Test
    void listFilters() {
        List<String> keyspace = jedis.commandListFilterBy(CommandListFilterByParams.commandListFilterByParams()
                .filterByAclCat("keyspace"));
        assertTrue(keyspace.containsAll(List.of("del", "scan", "object|encoding", "flushall")), keyspace.toString());
        assertTrue(!keyspace.contains("get") && !keyspace.contains("ping"), keyspace.toString());
        assertEquals(Set.of("expire", "pexpire", "expireat", "pexpireat", "expiretime", "pexpiretime"),
                new HashSet<>(jedis.commandListFilterBy(CommandListFilterByParams.commandListFilterByParams()
                        .filterByPattern("*exp*"))));
        assertEquals(Set.of("config|get", "config|set", "config|resetstat", "config|rewrite", "config|help"),
                new HashSet<>(jedis.commandListFilterBy(CommandListFilterByParams.commandListFilterByParams()
                        .filterByPattern("config|*"))));
        assertEquals(List.of(), jedis.commandListFilterBy(CommandListFilterByParams.commandListFilterByParams()
                .filterByModule("anymodule")));
        assertEquals("-ERR syntax error\r\n", raw.call("COMMAND", "LIST", "FILTERBY", "color", "red"));
        assertEquals("-ERR syntax error\r\n", raw.call("COMMAND", "LIST", "FILTERBY", "aclcat"));
    }

    @Test
    void helpIsRedisHelp() {
        try (RawClient redis = RealRedis.shared().raw()) {
            assertEquals(HelpText.lines(redis, "COMMAND"), HelpText.lines(raw, "COMMAND"));
        }
        assertEquals("-ERR unknown subcommand 'nope'. Try COMMAND HELP.\r\n", raw.call("COMMAND", "nope"));
    }
}
