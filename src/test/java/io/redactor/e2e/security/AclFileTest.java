package io.redactor.e2e.security;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Users kept in an {@code aclfile} (read at start, ACL LOAD, ACL SAVE) or declared in the configuration. */
class AclFileTest {
    @TempDir
    Path dir;

    private static String sha256(String password) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(password.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void usersComeFromTheFileAndGoBackToItAndABadFileChangesNothing() throws IOException {
        Path file = dir.resolve("users.acl");
        Files.writeString(file, "user default on nopass ~* &* +@all\n\n  user alice on >pw ~a:* +get  \n");
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.redis.aclfile", file.toString()));
             RawClient admin = server.raw();
             RawClient alice = server.raw()) {
            assertEquals("+OK\r\n", alice.call("AUTH", "alice", "pw"));
            assertEquals("$-1\r\n", alice.call("GET", "a:1"));
            assertTrue(alice.call("SET", "a:1", "v").startsWith("-NOPERM"));

            assertEquals("+OK\r\n", admin.call("ACL", "SETUSER", "bob", "on", "#" + sha256("x"), "~b:*", "+@read"));
            assertEquals("+OK\r\n", admin.call("ACL", "SAVE"));
            assertEquals(List.of("user alice on #" + sha256("pw") + " ~a:* resetchannels -@all +get",
                    "user bob on #" + sha256("x") + " ~b:* resetchannels -@all +@read",
                    "user default on nopass ~* &* +@all"), Files.readAllLines(file));

            Files.writeString(file, "user default on nopass ~* &* +@all\nuser carol on >c +nosuch\nnot a user\n");
            assertEquals("-ERR " + file + ":2: Error in applying operation '+nosuch': Unknown command or category "
                    + "name in ACL. " + file + ":3 should start with user keyword followed by the username. "
                    + "WARNING: ACL errors detected, no change to the previously active ACL rules was performed\r\n",
                    admin.call("ACL", "LOAD"));
            assertEquals("*3\r\n$5\r\nalice\r\n$3\r\nbob\r\n$7\r\ndefault\r\n", admin.call("ACL", "USERS"));
            assertEquals("$-1\r\n", alice.call("GET", "a:2"), "a failed load closes nobody");

            Files.writeString(file, "user default on nopass ~* &* +@all\nuser carol on >c ~* +@all\n");
            assertEquals("+OK\r\n", admin.call("ACL", "LOAD"));
            assertEquals("*2\r\n$5\r\ncarol\r\n$7\r\ndefault\r\n", admin.call("ACL", "USERS"));
            assertThrows(RuntimeException.class, () -> alice.call("PING"),
                    "the connections of the users replaced are closed, as Redis does");
        }
    }

    @Test
    void aMissingFileStopsTheStartAndUsersMayBeDeclaredInTheConfigurationInstead() {
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> TestRedactor.start(Map.of("redactor.redis.aclfile", dir.resolve("none.acl").toString())));
        assertTrue(causes(missing).contains("Aborting Redis startup because of ACL errors: Error loading ACLs, opening "
                + "file '" + dir.resolve("none.acl") + "': No such file or directory"), causes(missing));

        try (TestRedactor server = TestRedactor.start(Map.of("redactor.users", List.of("alice on >pw ~* +@all")));
             RawClient alice = server.raw()) {
            assertEquals("+OK\r\n", alice.call("AUTH", "alice", "pw"));
            assertEquals("-ERR This Redis instance is not configured to use an ACL file. You may want to specify "
                    + "users via the ACL SETUSER command and then issue a CONFIG REWRITE (assuming you have a Redis "
                    + "configuration file set) in order to store users in the Redis configuration.\r\n",
                    alice.call("ACL", "SAVE"));
        }

        IllegalStateException both = assertThrows(IllegalStateException.class, () -> TestRedactor.start(Map.of(
                "redactor.users", List.of("alice on"), "redactor.redis.aclfile", dir.resolve("x.acl").toString())));
        assertTrue(causes(both).contains("Configuring Redis with users defined in redis.conf and at the same setting "
                + "an ACL file path is invalid."), causes(both));
    }

    private static String causes(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            text.append(t.getMessage()).append(" | ");
        }
        return text.toString();
    }
}
