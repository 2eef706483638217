package io.redactor.actors.acl;

import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.node.ServerStats;
import io.redactor.actors.node.config.RuntimeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded fuzzing of the ACL rule parser, without a server: random and mutated rules for ACL SETUSER, the permission
 * check ACL DRYRUN makes with what they leave, and random ACL files for ACL LOAD. A rule is applied or refused with
 * Redis's text, and a refusal changes nothing; a file is loaded whole or not at all; nothing throws. Every failure
 * names the seed and the iteration, so that it can be replayed (the seeds are fixed: runs are repeatable).
 */
class AclFuzzTest {
    private static final long SEED = 20_250_701L;
    private static final List<String> NAMES = List.of("default", "u0", "u1", "u2", "u3");

    private final CommandTable table = new CommandTable(CommandFamilies.all());

    /** Every user as ACL LIST and ACL GETUSER show it. */
    private static String state(AccessControl access) {
        StringBuilder out = new StringBuilder();
        for (AclUser user : access.users()) {
            out.append(state(access, user));
        }
        return out.toString();
    }

    private static String state(AccessControl access, AclUser user) {
        if (user == null) {
            return "no such user\n";
        }
        StringBuilder out = new StringBuilder();
        out.append(access.describe(user)).append('\n');
        out.append(access.flags(user)).append(access.passwordHashes(user));
        for (int i = 0; i < access.selectorCount(user); i++) {
            out.append(access.selectorFields(user, i));
        }
        return out.append('\n').toString();
    }

    @Test
    void setUserAppliesOrRefusesWithRedisTextAndARefusalChangesNothing() {
        AclRuleFuzz fuzz = new AclRuleFuzz(SEED);
        Random random = fuzz.random();
        AccessControl access = new AccessControl(table, new RuntimeConfig(Map.of()), new ServerStats());
        List<CommandSpec> commands = new ArrayList<>(table.all());
        int refused = 0;
        int applied = 0;
        for (int i = 0; i < 5_000; i++) {
            if (i % 100 == 0) {
                // now and then start over, so that users do not only pile up rules and selectors
                access.deleteUsers(NAMES.stream().map(AclRuleFuzz::bytes).toList());
            }
            byte[] name = AclRuleFuzz.bytes(NAMES.get(random.nextInt(NAMES.size())));
            List<byte[]> rules = fuzz.rules();
            String where = "seed " + SEED + " iteration " + i + ": ACL SETUSER " + AclRuleFuzz.show(name) + " "
                    + AclRuleFuzz.show(rules);
            // (setUser touches no other user than the one named)
            String before = state(access, access.user(name));
            boolean existed = access.user(name) != null;
            String error;
            try {
                error = access.setUser(name, rules);
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
            if (error != null) {
                refused++;
                assertTrue(error.startsWith("Error in ACL SETUSER modifier '")
                        || error.startsWith("Unmatched parenthesis in acl selector starting at '"), where + ": " + error);
                assertTrue(error.indexOf('\r') < 0 && error.indexOf('\n') < 0 || rulesHaveLineBreaks(rules),
                        where + ": " + error);
                assertEquals(before, state(access, access.user(name)), where + " was refused (" + error
                        + ") but changed the user");
                assertEquals(existed, access.user(name) != null, where + " was refused but made the user");
                continue;
            }
            applied++;
            AclUser user = access.user(name);
            String description;
            try {
                description = access.describe(user);
                state(access, user);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": describing the user threw " + e, e);
            }
            assertTrue(description.startsWith("user " + new String(name, StandardCharsets.ISO_8859_1) + " "),
                    where + ": " + description);
            for (int c = 0; c < 5; c++) {
                dryRun(user, commands, random, where);
            }
        }
        assertTrue(refused > 700 && applied > 700, "refused " + refused + ", applied " + applied);
    }

    private static boolean rulesHaveLineBreaks(List<byte[]> rules) {
        for (byte[] rule : rules) {
            for (byte b : rule) {
                if (b == '\r' || b == '\n') {
                    return true;
                }
            }
        }
        return false;
    }

    /** What ACL DRYRUN checks: a command of the table (or a subcommand) with random arguments its arity allows. */
    private static void dryRun(AclUser user, List<CommandSpec> commands, Random random, String where) {
        CommandSpec spec = commands.get(random.nextInt(commands.size()));
        List<byte[]> args = new ArrayList<>();
        if (spec.fullName().contains("|")) {
            String[] parts = spec.fullName().split("\\|");
            args.add(AclRuleFuzz.bytes(parts[0]));
            args.add(AclRuleFuzz.bytes(parts[1]));
        } else {
            args.add(AclRuleFuzz.bytes(spec.fullName()));
        }
        int extra = random.nextInt(6);
        String[] words = {"k", "x", "1", "0", "-1", "channel", "news.*", "KEYS", "STREAMS", "2", "", "*"};
        for (int i = 0; i < extra; i++) {
            args.add(AclRuleFuzz.bytes(words[random.nextInt(words.length)]));
        }
        byte[][] argv = args.toArray(new byte[0][]);
        if (!spec.arityAccepts(argv.length)) {
            return;
        }
        try {
            Denial denial = user.check(spec, argv);
            if (denial != null && denial.reason() != Denial.Reason.COMMAND) {
                assertTrue(denial.position() > 0 && denial.position() < argv.length, where + ": " + denial);
            }
        } catch (RuntimeException e) {
            throw new AssertionError(where + ": checking " + AclRuleFuzz.show(args) + " threw " + e, e);
        }
    }

    @Test
    void aclLoadTakesAWholeFileOrLeavesEveryUserAsItWas(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("users.acl");
        AccessControl access = new AccessControl(table, new RuntimeConfig(Map.of("aclfile", file.toString())),
                new ServerStats());
        AclRuleFuzz fuzz = new AclRuleFuzz(SEED + 1);
        Random random = fuzz.random();
        int loaded = 0;
        int refused = 0;
        for (int i = 0; i < 1_000; i++) {
            if (i % 50 == 0) {
                access.deleteUsers(NAMES.subList(1, NAMES.size()).stream().map(AclRuleFuzz::bytes).toList());
                assertNull(access.setUser(AclRuleFuzz.bytes("u0"), List.of(AclRuleFuzz.bytes("on"),
                        AclRuleFuzz.bytes(">pw"), AclRuleFuzz.bytes("~k*"), AclRuleFuzz.bytes("+get"))));
                access.setUser(AclRuleFuzz.bytes("u" + random.nextInt(4)), fuzz.rules());
            }
            byte[] content = fuzz.aclFile();
            Files.write(file, content);
            String where = "seed " + (SEED + 1) + " iteration " + i + ": ACL file '" + AclRuleFuzz.show(content) + "'";
            String before = state(access);
            AccessControl.Loaded result;
            try {
                result = access.loadFile();
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
            if (result.error() != null) {
                refused++;
                assertEquals(before, state(access), where + " was refused (" + result.error()
                        + ") but changed the users");
                continue;
            }
            if (loaded++ % 5 != 0) {
                continue;
            }
            String after = state(access);
            // what ACL SAVE writes of them loads again as the same users
            assertTrue(access.saveFile(), where);
            AccessControl.Loaded again = access.loadFile();
            if (again.error() != null) {
                fail(where + ": ACL SAVE wrote '" + Files.readString(file, StandardCharsets.ISO_8859_1)
                        + "', which ACL LOAD refuses: " + again.error());
            }
            assertEquals(after, state(access), where + ": saved and loaded again");
        }
        assertTrue(loaded > 100 && refused > 100, "loaded " + loaded + ", refused " + refused);
    }

    @Test
    void aMissingOrUnreadableFileIsAnErrorAndChangesNothing(@TempDir Path dir) {
        Path file = dir.resolve("absent.acl");
        AccessControl access = new AccessControl(table, new RuntimeConfig(Map.of("aclfile", file.toString())),
                new ServerStats());
        assertNull(access.setUser(AclRuleFuzz.bytes("u0"), List.of(AclRuleFuzz.bytes("on"))));
        String before = state(access);
        AccessControl.Loaded result = access.loadFile();
        assertEquals("Error loading ACLs, opening file '" + file + "': No such file or directory", result.error());
        assertEquals(before, state(access));
        AccessControl directory = new AccessControl(table, new RuntimeConfig(Map.of("aclfile", dir.toString())),
                new ServerStats());
        assertTrue(directory.loadFile().error() != null);
    }
}
