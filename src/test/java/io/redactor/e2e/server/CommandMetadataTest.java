package io.redactor.e2e.server;

import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * COMMAND and its subcommands against Redis 7.0, byte for byte in RESP2 and RESP3: the metadata clients read
 * (COMMAND INFO key specs, COMMAND DOCS for redis-cli's hints) and the replies of COUNT, LIST and GETKEYS.
 *
 * <p>Redis lists subcommands in hash order, so those are compared as sets; and Redis may have subcommands we do not
 * implement, so a container's subcommands are compared for the ones we have.
 */
class CommandMetadataTest {
    /** Every command and subcommand of our table by full name ("get", "config|get"). */
    private static final Map<String, CommandSpec> OURS = new LinkedHashMap<>();

    private static RawClient redis2;
    private static RawClient redis3;
    private static RawClient redactor2;
    private static RawClient redactor3;

    @BeforeAll
    static void connect() {
        for (CommandSpec spec : CommandFamilies.all()) {
            OURS.put(spec.fullName(), spec);
            spec.subcommands().values().forEach(sub -> OURS.put(sub.fullName(), sub));
        }
        redis2 = RealRedis.shared().raw();
        redactor2 = TestRedactor.shared().raw();
        redis3 = resp3(RealRedis.shared().raw());
        redactor3 = resp3(TestRedactor.shared().raw());
    }

    @AfterAll
    static void disconnect() {
        Stream.of(redis2, redis3, redactor2, redactor3).forEach(RawClient::close);
    }

    private static RawClient resp3(RawClient client) {
        client.call("HELLO", "3");
        return client;
    }

    /** Every command and subcommand Redis has too (extensions have Redactor's own metadata). */
    static Stream<String> commandNames() {
        return CommandFamilies.all().stream()
                .flatMap(spec -> Stream.concat(Stream.of(spec), spec.subcommands().values().stream()))
                .filter(spec -> !spec.isExtension())
                .map(CommandSpec::fullName);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandNames")
    void commandInfoIsRedis(String name) {
        assertSameInfo(redis2, redactor2, name, "RESP2");
        assertSameInfo(redis3, redactor3, name, "RESP3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandNames")
    void commandDocsIsRedis(String name) {
        assertSameDocs(redis2, redactor2, name, "RESP2");
        assertSameDocs(redis3, redactor3, name, "RESP3");
    }

    private static void assertSameInfo(RawClient redis, RawClient redactor, String name, String protocol) {
        RespTree expected = infoOfOurSubcommands(RespTree.parse(redis.call(bytes("COMMAND", "INFO", name))));
        RespTree actual = infoOfOurSubcommands(RespTree.parse(redactor.call(bytes("COMMAND", "INFO", name))));
        assertEquals(expected.toString(), actual.toString(), protocol + " COMMAND INFO " + name);
    }

    private static void assertSameDocs(RawClient redis, RawClient redactor, String name, String protocol) {
        RespTree expected = docsOfOurSubcommands(RespTree.parse(redis.call(bytes("COMMAND", "DOCS", name))));
        RespTree actual = docsOfOurSubcommands(RespTree.parse(redactor.call(bytes("COMMAND", "DOCS", name))));
        assertEquals(expected.toString(), actual.toString(), protocol + " COMMAND DOCS " + name);
    }

    private static boolean sharedWithRedis(String name) {
        CommandSpec spec = OURS.get(name);
        return spec != null && !spec.isExtension();
    }

    /** A COMMAND INFO reply with each entry's subcommands (its 10th element) reduced to ours and sorted. */
    private static RespTree infoOfOurSubcommands(RespTree reply) {
        RespTree result = reply;
        for (int i = 0; i < reply.children().size(); i++) {
            RespTree entry = reply.child(i);
            if (entry.isAggregate() && entry.children().size() == 10 && entry.child(9).isAggregate()) {
                RespTree subcommands = entry.child(9).sortedElements(sub -> sharedWithRedis(sub.child(0).text()));
                result = result.withChild(i, entry.withChild(9, subcommands));
            }
        }
        return result;
    }

    /** A COMMAND DOCS reply (name, docs, ...) with each "subcommands" map reduced to ours and sorted by name. */
    private static RespTree docsOfOurSubcommands(RespTree reply) {
        RespTree result = reply;
        for (int i = 1; i < reply.children().size(); i += 2) {
            RespTree docs = reply.child(i);
            int subcommands = docs.valueIndex("subcommands");
            if (subcommands >= 0) {
                RespTree ours = docs.child(subcommands).sortedEntries(key -> sharedWithRedis(key.text()));
                result = result.withChild(i, docs.withChild(subcommands, ours));
            }
        }
        return result;
    }

    @Test
    void commandCountIsTheNumberOfTopLevelCommands() {
        int topLevel = CommandFamilies.all().size();
        assertEquals(":" + topLevel + "\r\n", redactor2.call("COMMAND", "COUNT"));

        RespTree all = RespTree.parse(redactor2.call(bytes("COMMAND")));
        Set<String> listed = new TreeSet<>();
        all.children().forEach(entry -> listed.add(entry.child(0).text()));
        assertEquals(topLevel, all.children().size());
        assertEquals(new TreeSet<>(CommandFamilies.all().stream().map(CommandSpec::fullName).toList()), listed);
    }

    @Test
    void commandWithoutArgumentsGivesEachCommandsInfo() {
        for (RawClient[] pair : new RawClient[][] {{redis2, redactor2}, {redis3, redactor3}}) {
            Map<String, String> redis = infoByName(pair[0], "COMMAND");
            Map<String, String> ours = infoByName(pair[1], "COMMAND");
            Map<String, String> oursAgain = infoByName(pair[1], "COMMAND", "INFO");
            assertEquals(ours, oursAgain, "COMMAND INFO without names is COMMAND");
            for (Map.Entry<String, String> entry : ours.entrySet()) {
                CommandSpec spec = OURS.get(entry.getKey());
                if (spec.subcommands().isEmpty() && !spec.isExtension()) {
                    assertEquals(redis.get(entry.getKey()), entry.getValue(), entry.getKey());
                }
            }
        }
    }

    private static Map<String, String> infoByName(RawClient client, String... command) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (RespTree entry : RespTree.parse(client.call(bytes(command))).children()) {
            byName.put(entry.child(0).text(), entry.toString());
        }
        return byName;
    }

    @Test
    void commandSubcommandsAnswerAsRedis() {
        String[][] commands = {
                {"COMMAND", "INFO", "no-such-command", "get", "GET", "Config|Get", "config|get|x", "get|x", "config|"},
                {"COMMAND", "DOCS", "no-such-command"},
                {"COMMAND", "DOCS", "GET", "no-such-command", "OBJECT|freq", "get"},
                {"COMMAND", "GETKEYS", "SET", "k", "v"},
                {"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v"},
                {"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v", "EX", "10", "get"},
                {"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "get"},
                {"COMMAND", "GETKEYSANDFLAGS", "MSET", "a", "1", "b", "2"},
                {"COMMAND", "GETKEYS", "MSET", "a", "1", "b"},
                {"COMMAND", "GETKEYSANDFLAGS", "RENAME", "a", "b"},
                {"COMMAND", "GETKEYSANDFLAGS", "COPY", "a", "b", "DB", "1"},
                {"COMMAND", "GETKEYSANDFLAGS", "LCS", "a", "b"},
                {"COMMAND", "GETKEYSANDFLAGS", "GETEX", "a", "PERSIST"},
                {"COMMAND", "GETKEYSANDFLAGS", "OBJECT", "ENCODING", "k"},
                {"COMMAND", "GETKEYS", "GET"},
                {"COMMAND", "GETKEYS", "GET", "a", "b"},
                {"COMMAND", "GETKEYS", "PING", "x"},
                {"COMMAND", "GETKEYS", "no-such-command", "x"},
                {"COMMAND", "GETKEYS", "OBJECT", "no-such-subcommand", "k"},
                {"COMMAND", "GETKEYS", "OBJECT", "HELP"},
                {"COMMAND", "GETKEYS", "CONFIG", "GET", "x"},
                {"COMMAND", "GETKEYS"},
                {"COMMAND", "LIST", "FILTERBY", "module", "x"},
                {"COMMAND", "LIST", "FILTERBY", "aclcat", "no-such-category"},
                {"COMMAND", "LIST", "FILTERBY", "pattern", "no-such-*"},
                {"COMMAND", "LIST", "FILTERBY", "no-such-filter", "x"},
                {"COMMAND", "LIST", "FILTERBY", "pattern"},
                {"COMMAND", "LIST", "x"},
                {"COMMAND", "LIST", "FILTERBY", "pattern", "x", "FILTERBY", "pattern", "get"},
                {"COMMAND", "COUNT", "x"},
                {"COMMAND", "no-such-subcommand"},
                {"COMMAND", "HELP"},
        };
        for (String[] command : commands) {
            assertEquals(redis2.call(command), redactor2.call(command), "RESP2 " + String.join(" ", command));
            assertEquals(redis3.call(command), redactor3.call(command), "RESP3 " + String.join(" ", command));
        }
    }

    @Test
    void commandListFiltersAsRedis() {
        String[][] filters = {{}, {"FILTERBY", "aclcat", "read"}, {"FILTERBY", "ACLCAT", "Keyspace"},
                {"FILTERBY", "aclcat", "connection"}, {"FILTERBY", "aclcat", "dangerous"},
                {"FILTERBY", "aclcat", "fast"}, {"FILTERBY", "aclcat", "write"}, {"FILTERBY", "aclcat", "string"},
                {"FILTERBY", "pattern", "c*"}, {"FILTERBY", "pattern", "*|*"}, {"FILTERBY", "PATTERN", "GET*"}};
        for (String[] filter : filters) {
            String[] command = Stream.concat(Stream.of("COMMAND", "LIST"), Stream.of(filter)).toArray(String[]::new);
            Set<String> expected = names(redis2, command);
            expected.retainAll(OURS.keySet());
            Set<String> actual = names(redactor2, command);
            actual.removeIf(name -> OURS.get(name).isExtension() && !expected.contains(name));
            assertEquals(expected, actual, String.join(" ", command));
        }
    }

    private static Set<String> names(RawClient client, String... command) {
        Set<String> names = new TreeSet<>();
        RespTree reply = RespTree.parse(client.call(bytes(command)));
        reply.children().forEach(name -> assertTrue(names.add(name.text()), "listed twice: " + name.text()));
        return names;
    }

    /**
     * Every command COMMAND LIST advertises runs: sent with a wrong number of arguments where its arity allows
     * (so that nothing is executed), it gets any answer but "unknown command" or "unknown subcommand".
     */
    @Test
    void everyAdvertisedCommandAnswers() {
        Set<String> advertised = names(redactor2, "COMMAND", "LIST");
        assertEquals(OURS.keySet(), advertised);
        List<String> unanswered = new ArrayList<>();
        for (String name : advertised) {
            List<String> probe = probe(name, OURS.get(name).arity());
            try (RawClient client = TestRedactor.shared().raw()) {
                String reply = client.call(probe.toArray(String[]::new));
                String subcommand = name.contains("|") ? name.substring(name.indexOf('|') + 1) : null;
                boolean unknownSubcommand = subcommand != null
                        && reply.toLowerCase(Locale.ROOT).startsWith("-err unknown subcommand '" + subcommand);
                if (reply.startsWith("-ERR unknown command") || unknownSubcommand) {
                    unanswered.add(String.join(" ", probe) + " -> " + reply.trim());
                }
            }
        }
        assertEquals(List.of(), unanswered);
    }

    /** The command's name parts plus filler: one argument too many, too few, or (arity -1) three bogus ones. */
    private static List<String> probe(String fullName, int arity) {
        List<String> probe = new ArrayList<>(List.of(fullName.toUpperCase(Locale.ROOT).split("\\|")));
        int wanted = arity > 0 ? arity + 1 : arity == -1 ? 4 : Math.max(probe.size(), -arity - 1);
        while (probe.size() < wanted) {
            probe.add("probe-" + probe.size());
        }
        return probe;
    }

    @Test
    void redisCliWorksAgainstRedactor() throws Exception {
        int port = TestRedactor.shared().port();
        redactor2.call("SET", "redis-cli:key", "a value");
        assertEquals("a value\n", redisCli(port, "GET", "redis-cli:key"));
        assertEquals("(integer) " + CommandFamilies.all().size() + "\n",
                redisCli(port, "--no-raw", "COMMAND", "COUNT"));
        assertEquals(redisCli(RealRedis.shared().port(), "--no-raw", "COMMAND", "DOCS", "set"),
                redisCli(port, "--no-raw", "COMMAND", "DOCS", "set"));
    }

    private static String redisCli(int port, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", Integer.toString(port)));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS), "redis-cli did not finish");
        assertEquals(0, process.exitValue(), new String(output, StandardCharsets.UTF_8));
        return new String(output, StandardCharsets.UTF_8);
    }

    private static byte[][] bytes(String... args) {
        byte[][] result = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            result[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        return result;
    }

    /** Redactor's own commands document themselves as Redis documents its commands. */
    @Test
    void extensionsHaveDocsOfTheirOwn() {
        List<String> incomplete = new ArrayList<>();
        OURS.forEach((name, spec) -> {
            CommandDoc doc = spec.doc();
            if (spec.isExtension() && (doc.summary() == null || doc.since() == null || doc.group() == null
                    || doc.complexity() == null)) {
                incomplete.add(name);
            }
        });
        assertEquals(List.of(), incomplete);
        assertTrue(OURS.values().stream().anyMatch(CommandSpec::isExtension));
    }

    @Test
    void everyCommandOfOurTableHasDocs() {
        Set<String> undocumented = new HashSet<>();
        OURS.forEach((name, spec) -> {
            if (spec.doc().summary() == null) {
                undocumented.add(name);
            }
        });
        assertEquals(Set.of(), undocumented);
    }
}
