package io.redactor.e2e.security;

import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisDataException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Access control seen by real clients over sockets: protected mode from another address, the limits of clients that
 * have not authenticated, Jedis and redis-cli as ACL users, and script subscriptions running as their subscriber.
 * (Replies are compared with Redis's line by line in {@link AclDifferentialTest}.) A server of its own: these change
 * the default user.
 */
class AccessControlEndToEndTest {
    private static final ProtocolCommand SSUBSCRIBE = () -> "SSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    private static TestRedactor server;
    /** Connected while the default user had no password: stays authenticated whatever the tests set. */
    private static RawClient admin;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.http.port", -1));
        admin = server.raw();
    }

    @AfterAll
    static void stop() {
        admin.close();
        server.close();
    }

    @AfterEach
    void resetUsers() {
        admin.call("CONFIG", "SET", "requirepass", "");
        admin.call("CONFIG", "SET", "protected-mode", "yes");
        admin.call("ACL", "DELUSER", "app", "worker");
        admin.call("FLUSHALL");
    }

    /** What the server says to a client connecting from 127.0.0.2 (not the loopback address itself) to commands. */
    private static String fromOtherAddress(String... commands) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            socket.setSoTimeout(5000);
            for (String command : commands) {
                socket.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            socket.shutdownOutput();
            return readAll(socket.getInputStream());
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void protectedModeRefusesOtherAddressesUntilTheDefaultUserHasAPassword() throws IOException {
        // refused as soon as it connects, before it sends anything
        String denied = fromOtherAddress();
        assertTrue(denied.startsWith("-DENIED Redis is running in protected mode because protected mode is enabled "
                + "and no password is set for the default user."), denied);
        assertTrue(denied.endsWith("the outside.\r\n"), "nothing but the refusal, then the connection closes");

        try (RawClient local = server.raw()) {
            assertEquals("+PONG\r\n", local.call("PING"), "the loopback address itself is served");
            local.call("CONFIG", "SET", "requirepass", "s3cret");
        }
        assertEquals("-NOAUTH Authentication required.\r\n+OK\r\n+PONG\r\n",
                fromOtherAddress("PING", "AUTH s3cret", "PING"));

        try (RawClient local = server.raw()) {
            local.call("AUTH", "s3cret");
            local.call("CONFIG", "SET", "requirepass", "");
            local.call("CONFIG", "SET", "protected-mode", "no");
        }
        assertEquals("+PONG\r\n", fromOtherAddress("PING"));
    }

    @Test
    void clientsThatMustAuthenticateMayNotSendLongCommandsFirst() {
        admin.call("CONFIG", "SET", "requirepass", "s3cret");
        try (RawClient client = server.raw()) {
            String[] eleven = new String[11];
            java.util.Arrays.fill(eleven, "x");
            eleven[0] = "MGET";
            assertEquals("-ERR Protocol error: unauthenticated multibulk length\r\n", client.call(eleven));
        }
        try (RawClient client = server.raw()) {
            assertEquals("-ERR Protocol error: unauthenticated bulk length\r\n",
                    client.call("ECHO", "x".repeat(16385)));
        }
        try (RawClient client = server.raw()) {
            client.call("AUTH", "s3cret");
            String[] eleven = new String[11];
            java.util.Arrays.fill(eleven, "x");
            eleven[0] = "MGET";
            assertTrue(client.call(eleven).startsWith("*10\r\n"));
            assertTrue(client.call("ECHO", "x".repeat(16385)).startsWith("$16385\r\n"));
        }
    }

    @Test
    void restRequestsWithoutCredentialsNeedTheDefaultUsersPasswordOnceRequirepassIsSet() throws Exception {
        admin.call("CONFIG", "SET", "requirepass", "s3cret");
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest.Builder set = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + server.httpPort() + "/v1/commands"))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("[\"SET\",\"rest:k\",\"v\"]"));
        assertEquals(401, http.send(set.build(), java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode());
        java.net.http.HttpResponse<String> response = http.send(set.header("Authorization", "Basic "
                        + java.util.Base64.getEncoder().encodeToString("default:s3cret".getBytes(StandardCharsets.UTF_8)))
                .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        try (RawClient client = server.raw()) {
            assertEquals("-NOAUTH Authentication required.\r\n", client.call("GET", "rest:k"), "RESP clients must AUTH");
        }
        assertEquals("$1\r\nv\r\n", admin.call("GET", "rest:k"));
    }

    @Test
    void jedisRunsAsAnAclUserWithinItsKeyPatterns() {
        try (Jedis admin = server.jedis()) {
            assertEquals("OK", admin.aclSetUser("app", "on", ">pw", "~app:*", "+@all", "-@dangerous"));
        }
        try (Jedis app = server.jedis()) {
            assertThrows(JedisDataException.class, () -> app.auth("app", "wrong"));
            assertEquals("OK", app.auth("app", "pw"));
            assertEquals("app", app.aclWhoAmI());
            assertEquals("OK", app.set("app:1", "v"));
            assertEquals("v", app.get("app:1"));
            JedisAccessControlException key = assertThrows(JedisAccessControlException.class,
                    () -> app.set("other", "v"));
            assertEquals("NOPERM this user has no permissions to access one of the keys used as arguments",
                    key.getMessage());
            assertThrows(JedisAccessControlException.class, app::flushAll);
        }
        // Jedis 5.2's aclLog() expects Redis 7.2's entry-id field (it fails on Redis 7.0 too): read it raw
        String log = admin.call("ACL", "LOG");
        assertTrue(log.indexOf("$8\r\nflushall") < log.indexOf("$5\r\nother")
                && log.indexOf("$5\r\nother") < log.indexOf("$4\r\nauth"), log);
    }

    @Test
    void redisCliLogsInWithUserAndPassword() throws Exception {
        admin.call("ACL", "SETUSER", "app", "on", ">pw", "~app:*", "+@all");
        assertEquals("OK", redisCli("--user", "app", "--pass", "pw", "SET", "app:cli", "1"));
        assertEquals("NOPERM this user has no permissions to access one of the keys used as arguments",
                redisCli("--user", "app", "--pass", "pw", "SET", "elsewhere", "1"));
        assertTrue(redisCli("--user", "app", "--pass", "nope", "PING").contains("WRONGPASS"));
    }

    private static String redisCli(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("redis-cli", "-p", String.valueOf(server.port()),
                "--no-auth-warning"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = readAll(process.getInputStream()).strip();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        return output;
    }

    @Test
    void aScriptSubscriptionRunsAsTheUserWhoSubscribedIt() {
        String sha;
        try (Jedis admin = server.jedis()) {
            admin.aclSetUser("worker", "on", ">pw", "~out:*", "resetchannels", "&in:*", "+@all");
            sha = admin.scriptLoad("redis.call('set', ARGV[2], ARGV[1])");
        }
        try (Jedis worker = server.jedis()) {
            worker.auth("worker", "pw");
            JedisAccessControlException denied = assertThrows(JedisAccessControlException.class,
                    () -> worker.sendCommand(SSUBSCRIBE, sha, "elsewhere"));
            assertEquals("NOPERM this user has no permissions to access one of the channels used as arguments",
                    denied.getMessage());
            assertEquals("OK", new String((byte[]) worker.sendCommand(SSUBSCRIBE, sha, "in:a", "PARALLEL", "2"),
                    StandardCharsets.UTF_8));
        }
        try (Jedis publisher = server.jedis()) {
            publisher.publish("in:a", "out:1");
            publisher.publish("in:a", "forbidden");
            Eventually.equal("the allowed write", "in:a", () -> publisher.get("out:1"));
            Eventually.until("the denied write logged as the subscriber's, from a script", () -> {
                String log = admin.call("ACL", "LOG");
                return log.contains("$9\r\nforbidden") && log.contains("$6\r\nworker") && log.contains("$3\r\nlua");
            });
            assertEquals(null, publisher.get("forbidden"));
        }
    }
}
