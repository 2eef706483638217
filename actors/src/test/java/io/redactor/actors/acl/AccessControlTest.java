package io.redactor.actors.acl;

import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.node.ServerStats;
import io.redactor.actors.node.config.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Users, rules, their descriptions and the permission checks, without a server (compared with Redis elsewhere). */
class AccessControlTest {
    private final CommandTable table = new CommandTable(CommandFamilies.all());
    private final RuntimeConfig config = new RuntimeConfig(Map.of());
    private final AccessControl access = new AccessControl(table, config, new ServerStats());

    private String set(String user, String... rules) {
        return access.setUser(b(user), Arrays.stream(rules).map(AccessControlTest::b).toList());
    }

    private String describe(String user) {
        return access.describe(access.user(b(user)));
    }

    private Denial check(String user, String... args) {
        byte[][] argv = Arrays.stream(args).map(AccessControlTest::b).toArray(byte[][]::new);
        CommandSpec spec = table.lookup(argv[0]);
        if (!spec.subcommands().isEmpty()) {
            spec = spec.subcommand(args[1].toLowerCase(Locale.ROOT));
        }
        return access.user(b(user)).check(spec, argv);
    }

    @Test
    void theDefaultUserMayDoAnythingWithoutAPasswordUntilRequirepassSetsOne() {
        assertEquals("user default on nopass ~* &* +@all", describe("default"));
        assertTrue(!access.authenticationRequired());
        config.configSet(List.of(b("requirepass"), b("s3cret")));
        assertTrue(access.authenticationRequired());
        assertEquals("user default on #" + Passwords.hash(b("s3cret")) + " ~* &* +@all", describe("default"));
        assertNotNull(access.authenticate(b("default"), b("s3cret")));
        assertNull(access.authenticate(b("default"), b("wrong")));
        config.configSet(List.of(b("requirepass"), b("")));
        assertTrue(!access.authenticationRequired());
    }

    @Test
    void aNewUserIsOffAndMayDoNothing() {
        assertNull(set("alice"));
        assertEquals("user alice off resetchannels -@all", describe("alice"));
        assertEquals(Denial.Reason.COMMAND, check("alice", "GET", "k").reason());
        assertNull(access.authenticate(b("alice"), b("")));
    }

    @Test
    void rulesAreAllOrNothingAndErrorsNameTheRule() {
        assertNull(set("bob", "on", ">pw", "+get"));
        assertEquals("Error in ACL SETUSER modifier '+nosuch': Unknown command or category name in ACL",
                set("bob", "-get", "+nosuch"));
        assertEquals("Error in ACL SETUSER modifier '~x': Adding a pattern after the * pattern (or the 'allkeys' "
                + "flag) is not valid and does not have any effect. Try 'resetkeys' to start with an empty list of "
                + "patterns", set("bob", "allkeys", "~x"));
        assertEquals("Error in ACL SETUSER modifier '#abc': The password hash must be exactly 64 characters and "
                + "contain only lowercase hexadecimal characters", set("bob", "#abc"));
        assertEquals("Error in ACL SETUSER modifier '<nope': The password you are trying to remove from the user "
                + "does not exist", set("bob", "<nope"));
        assertEquals("Error in ACL SETUSER modifier '+config|get|x': Allowing first-arg of a subcommand is not "
                + "supported", set("bob", "+config|get|x"));
        assertEquals("Unmatched parenthesis in acl selector starting at '(+get'.", set("bob", "(+get", "~x"));
        // nothing of the failed edits took effect
        assertEquals("user bob on #" + Passwords.hash(b("pw")) + " resetchannels -@all +get", describe("bob"));
    }

    @Test
    void keyPatternsGrantReadingAndWritingSeparately() {
        assertNull(set("reader", "on", "nopass", "+@all", "%R~r:*", "%W~w:*", "~both:*"));
        assertNull(check("reader", "GET", "r:1"));
        assertEquals(Denial.key(1), check("reader", "SET", "r:1", "v"));
        assertNull(check("reader", "SET", "w:1", "v"));
        assertEquals(Denial.key(1), check("reader", "GET", "w:1"));
        assertEquals(Denial.key(1), check("reader", "SET", "w:1", "v", "GET"));
        assertNull(check("reader", "SET", "both:1", "v", "GET"));
        // COPY reads its source and writes its destination; LMOVE also writes (pops from) its source
        assertNull(check("reader", "COPY", "r:a", "w:b"));
        assertEquals(Denial.key(2), check("reader", "COPY", "r:a", "r:b"));
        assertEquals(Denial.key(1), check("reader", "LMOVE", "r:a", "w:b", "LEFT", "RIGHT"));
        assertNull(check("reader", "LMOVE", "both:a", "w:b", "LEFT", "RIGHT"));
        assertEquals("user reader on nopass %R~r:* %W~w:* ~both:* resetchannels +@all", describe("reader"));
    }

    @Test
    void prefixPatternsMatchAsGlobPatternsDo() {
        for (String pattern : List.of("app:*", "a*", "*", "ap?:*", "a[pq]p:*", "a\\*p:*", "app:**", "app")) {
            KeyPattern compiled = new KeyPattern(b(pattern), KeyPattern.ALL);
            for (String key : List.of("app:", "app:1", "ap", "", "a", "aqp:x", "a*p:1", "app", "bpp:1")) {
                assertEquals(io.redactor.core.GlobPattern.matches(b(pattern), b(key), false), compiled.matches(b(key)),
                        pattern + " against " + key);
            }
        }
    }

    @Test
    void aSelectorAllowsACommandOnlyWhole() {
        assertNull(set("s", "on", "nopass", "+get", "~a*", "(+set ~b*)"));
        assertNull(check("s", "GET", "a1"));
        assertNull(check("s", "SET", "b1", "v"));
        assertEquals(Denial.key(1), check("s", "GET", "b1"));
        assertEquals(Denial.COMMAND, check("s", "DEL", "a1"));
        assertEquals("user s on nopass ~a* resetchannels -@all +get (~b* resetchannels -@all +set)", describe("s"));
        assertNull(set("s", "clearselectors"));
        assertEquals(Denial.COMMAND, check("s", "SET", "b1", "v"));
    }

    @Test
    void channelsMatchAsPatternsButPatternsOnlyLiterally() {
        assertNull(set("p", "on", "nopass", "+@all", "~*", "&news.*"));
        assertNull(check("p", "PUBLISH", "news.today", "x"));
        assertEquals(Denial.channel(1), check("p", "PUBLISH", "sport", "x"));
        assertNull(check("p", "PSUBSCRIBE", "news.*"));
        assertEquals(Denial.channel(1), check("p", "PSUBSCRIBE", "news.t*"));
        assertEquals(Denial.channel(2), check("p", "SUBSCRIBE", "news.a", "other"));
    }

    @Test
    void commandRulesAreDescribedFromTheCommandsAllowed() {
        assertNull(set("c", "+@all", "-@dangerous"));
        assertEquals("user c off resetchannels +@all -@dangerous", describe("c"));
        assertNull(set("d", "-@all", "+@read", "-get", "+config|get", "+select|0"));
        String description = describe("d");
        // single commands follow the categories, in table order (Redis's follow its hash order)
        assertTrue(description.startsWith("user d off resetchannels -@all +@read "), description);
        for (String rule : List.of(" -get", " +config|get", " +select|0")) {
            assertTrue(description.contains(rule), description);
        }
        assertNull(check("d", "CONFIG", "GET", "x"));
        assertNull(check("d", "SELECT", "0"));
        assertEquals(Denial.COMMAND, check("d", "CONFIG", "SET", "x", "y"));
        assertEquals(Denial.COMMAND, check("d", "SELECT", "1"));
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
