package io.redactor.e2e.security;

import io.redactor.actors.acl.AclRuleFuzz;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random and mutated ACL rules sent to Redactor and to a real Redis 7.0.15 side by side (see {@link AclRuleFuzz}):
 * ACL SETUSER answers the same (OK, or the same error text), a refused one leaves ACL GETUSER as it was, ACL DRYRUN
 * of what the rules allow answers the same, and ACL LOAD of random files answers the same and, refused, leaves the
 * users as they were. Seeded: a failure names the seed and the iteration, and a run repeats the last one.
 */
class AclFuzzDifferentialTest {
    private static final long SEED = 7_015L;
    private static final String[] DRYRUN_COMMANDS = {"get k", "set k v", "set user:1 v", "hset k f v", "ping",
        "info", "config get maxmemory", "config set hz 10", "client list", "select 0", "select 1", "publish news.a m",
        "subscribe news.a other", "psubscribe news.*", "copy k a", "lmove k a left right", "keys *",
        "object encoding k", "acl whoami", "debug sleep 0", "get", "nosuch x", "config nosuch", "object freq k",
        "sort k", "eval return 0 1 k", "del k a user:1"};

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] reply) {
        return new String(reply, StandardCharsets.ISO_8859_1);
    }

    private static byte[][] command(String first, String second, byte[] name, List<byte[]> rest) {
        List<byte[]> args = new ArrayList<>(List.of(bytes(first), bytes(second), name));
        args.addAll(rest);
        return args.toArray(new byte[0][]);
    }

    @Test
    void setUserAndDryRunAnswerAsRedisDoes() {
        AclRuleFuzz fuzz = new AclRuleFuzz(SEED);
        Random random = fuzz.random();
        Set<String> made = new LinkedHashSet<>();
        List<String> mismatches = new ArrayList<>();
        int refused = 0;
        try (RawClient ours = TestRedactor.shared().raw(); RawClient redis = RealRedis.shared().raw()) {
            try {
                for (int i = 0; i < 1_500 && mismatches.size() < 20; i++) {
                    if (i % 100 == 0) {
                        // start over now and then, so that users do not only pile up rules and selectors
                        for (String user : made) {
                            ours.call(bytes("ACL"), bytes("DELUSER"), bytes(user));
                            redis.call(bytes("ACL"), bytes("DELUSER"), bytes(user));
                        }
                    }
                    byte[] name = random.nextInt(40) == 0 ? fuzz.garbage(1 + random.nextInt(4))
                            : bytes("fz" + random.nextInt(3));
                    List<byte[]> rules = fuzz.rules();
                    String where = "seed " + SEED + " iteration " + i + ": ACL SETUSER " + AclRuleFuzz.show(name)
                            + " " + AclRuleFuzz.show(rules);
                    byte[][] getUser = {bytes("ACL"), bytes("GETUSER"), name};
                    String before = text(ours.call(getUser));
                    String reply = text(ours.call(command("ACL", "SETUSER", name, rules)));
                    String expected = text(redis.call(command("ACL", "SETUSER", name, rules)));
                    if (!reply.equals(expected)) {
                        mismatches.add(where + "\n    Redis:    " + show(expected) + "\n    Redactor: " + show(reply));
                        // the user is no longer the same on both: start it over, so that one difference is told once
                        ours.call(bytes("ACL"), bytes("DELUSER"), name);
                        redis.call(bytes("ACL"), bytes("DELUSER"), name);
                        continue;
                    }
                    if (reply.startsWith("+")) {
                        made.add(text(name));
                        for (int c = 0; c < 3; c++) {
                            String dryRun = DRYRUN_COMMANDS[random.nextInt(DRYRUN_COMMANDS.length)];
                            List<byte[]> args = new ArrayList<>();
                            for (String word : dryRun.split(" ")) {
                                args.add(bytes(word));
                            }
                            byte[][] call = command("ACL", "DRYRUN", name, args);
                            String ourAnswer = text(ours.call(call));
                            String redisAnswer = text(redis.call(call));
                            if (!ourAnswer.equals(redisAnswer)) {
                                mismatches.add(where + "\n    then ACL DRYRUN " + dryRun + "\n    Redis:    "
                                        + show(redisAnswer) + "\n    Redactor: " + show(ourAnswer));
                            }
                        }
                        continue;
                    }
                    assertTrue(reply.startsWith("-ERR "), where + ": " + show(reply));
                    refused++;
                    assertEquals(before, text(ours.call(getUser)), where + " was refused but changed the user");
                }
                assertEquals("+PONG\r\n", ours.call("PING"), "the connection still works");
            } finally {
                for (String name : made) {
                    ours.call(bytes("ACL"), bytes("DELUSER"), bytes(name));
                    redis.call(bytes("ACL"), bytes("DELUSER"), bytes(name));
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " answers differ from Redis's:\n"
                + String.join("\n", mismatches));
        assertTrue(refused > 200, "refused: " + refused);
    }

    /** A reply as a message shows it: its first 300 characters, CR and LF escaped. */
    private static String show(String reply) {
        String shown = reply.length() > 300 ? reply.substring(0, 300) + "...(" + reply.length() + ")" : reply;
        return shown.replace("\r", "\\r").replace("\n", "\\n");
    }

    @Test
    void aclLoadOfRandomFilesAnswersAsRedisDoesAndARefusalChangesNothing(@TempDir Path dir) throws IOException {
        Path ourFile = dir.resolve("ours.acl");
        Path redisDir = Files.createDirectory(dir.resolve("redis"));
        Path redisFile = redisDir.resolve("redis.acl");
        // every file gives an administrator these tests connect as, whatever the rest makes of the default user
        String admin = "user fuzzadmin on nopass ~* &* +@all\n";
        Files.writeString(ourFile, admin);
        Files.writeString(redisFile, admin);
        AclRuleFuzz fuzz = new AclRuleFuzz(SEED + 1);
        List<String> mismatches = new ArrayList<>();
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.redis.aclfile", ourFile.toString()));
             RealRedis real = RealRedis.startIn(redisDir, "--aclfile", redisFile.toString(), "--save", "",
                     "--appendonly", "no")) {
            int loaded = 0;
            for (int i = 0; i < 400 && mismatches.size() < 20; i++) {
                byte[] content = fuzz.aclFile();
                byte[] file = concat(content, bytes(admin));
                Files.write(ourFile, file);
                Files.write(redisFile, file);
                String where = "seed " + (SEED + 1) + " iteration " + i + ": ACL file '" + AclRuleFuzz.show(file)
                        + "'";
                boolean compare = !crashesRedis(file);
                try (RawClient ours = admin(server.raw()); RawClient redis = admin(real.raw())) {
                    String before = text(ours.call(bytes("ACL"), bytes("LIST")));
                    String reply = text(ours.call(bytes("ACL"), bytes("LOAD")));
                    String expected = compare ? text(redis.call(bytes("ACL"), bytes("LOAD"))) : null;
                    String normalised = reply.replace(ourFile.toString(), "FILE");
                    if (compare && !normalised.equals(expected.replace(redisFile.toString(), "FILE"))) {
                        mismatches.add(where + "\n    Redis:    " + show(expected) + "\n    Redactor: " + show(reply));
                    }
                    if (reply.startsWith("+")) {
                        loaded++;
                        continue;
                    }
                    assertTrue(reply.startsWith("-ERR "), where + ": " + show(reply));
                    assertEquals(before, text(ours.call(bytes("ACL"), bytes("LIST"))),
                            where + " was refused but changed the users");
                }
            }
            assertTrue(mismatches.isEmpty(), mismatches.size() + " answers differ from Redis's:\n"
                    + String.join("\n", mismatches));
            assertTrue(loaded > 20, "loaded: " + loaded);
        }
    }

    /**
     * Whether Redis 7.0.15 would crash loading the file: a user line whose selector is left open after other rules
     * (ACLLoadFromFile reads the merged rules ACLMergeSelectorArguments freed; later versions skip the line).
     * Redactor refuses such a file; Redis is not asked.
     */
    static boolean crashesRedis(byte[] file) {
        for (String line : text(file).split("\n", -1)) {
            String[] words = line.replaceAll("^[ \t\r\n]+|[ \t\r\n]+$", "").split(" ", -1);
            if (words.length < 2 || !words[0].equals("user")) {
                continue;
            }
            boolean open = false;
            int merged = 0;
            for (int j = 2; j < words.length; j++) {
                String op = words[j];
                if (op.startsWith("(") && !op.endsWith(")")) {
                    open = true;
                } else if (open) {
                    if (op.endsWith(")")) {
                        open = false;
                        merged++;
                    }
                } else {
                    merged++;
                }
            }
            if (open && merged > 0) {
                return true;
            }
        }
        return false;
    }

    private static RawClient admin(RawClient client) {
        String reply = client.call("AUTH", "fuzzadmin", "any");
        assertEquals("+OK\r\n", reply, "AUTH fuzzadmin");
        return client;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] out = new byte[first.length + 1 + second.length];
        System.arraycopy(first, 0, out, 0, first.length);
        out[first.length] = '\n';
        System.arraycopy(second, 0, out, first.length + 1, second.length);
        return out;
    }
}
