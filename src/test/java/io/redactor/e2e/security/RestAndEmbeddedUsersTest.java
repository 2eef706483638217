package io.redactor.e2e.security;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import com.typesafe.config.ConfigFactory;
import io.redactor.api.embedded.Redactor;
import io.redactor.api.embedded.RedactorException;
import io.redactor.api.embedded.RedactorProtocol;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The REST API and the Java API as ACL users: HTTP Basic with the user's password and per-user bearer tokens get the
 * user's permissions on every route (the key routes' shortcuts included), failures are 401 and logged in ACL LOG, and
 * embedded client actors run as a named user.
 */
class RestAndEmbeddedUsersTest {
    private static TestRedactor server;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.http.port", -1,
                "redactor.http.user-tokens", Map.of("alice", "alice-token", "ghost", "ghost-token")));
        try (Jedis admin = server.jedis()) {
            admin.aclSetUser("alice", "on", ">alice-pw", "~app:*", "&news", "+@all", "-@dangerous");
            admin.aclSetUser("bob", "on", ">bob-pw", "~bob:*", "+get", "+set");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void basicCredentialsAndUserTokensRunWithTheUsersPermissions() throws Exception {
        for (String authorization : List.of(basic("alice", "alice-pw"), "Bearer alice-token")) {
            assertEquals(204, send("PUT", "/v1/keys/app:1", "v", authorization).statusCode());
            assertEquals(200, send("GET", "/v1/keys/app:1", null, authorization).statusCode());
            HttpResponse<String> denied = send("PUT", "/v1/keys/other:1", "v", authorization);
            assertEquals(403, denied.statusCode());
            assertTrue(denied.body().contains("NOPERM this user has no permissions to access one of the keys used as arguments"), denied.body());
            HttpResponse<String> flush = send("POST", "/v1/commands", "[\"FLUSHALL\"]", authorization);
            assertTrue(flush.body().contains("NOPERM this user has no permissions to run the 'flushall' command"),
                    flush.body());
            assertEquals(403, send("GET", "/v1/keys/other:1", null, authorization).statusCode());
            assertEquals(403, send("DELETE", "/v1/keys/other:1", null, authorization).statusCode());
        }
        try (Jedis admin = server.jedis()) {
            assertEquals("v", admin.get("app:1"));
        }
    }

    @Test
    void aUserWithoutTheReadCommandsCannotReadAKeyDocument() throws Exception {
        try (Jedis admin = server.jedis()) {
            admin.rpush("bob:list", "a");
            admin.set("bob:string", "s");
        }
        String bob = basic("bob", "bob-pw");
        HttpResponse<String> noType = send("GET", "/v1/keys/bob:string", null, bob);
        assertEquals(403, noType.statusCode(), "a key's document is TYPE, PTTL and the value: bob may not run TYPE");
        assertTrue(noType.body().contains("'type'"), noType.body());
        try (Jedis admin = server.jedis()) {
            admin.aclSetUser("bob", "+type", "+pttl");
        }
        assertEquals(200, send("GET", "/v1/keys/bob:string", null, bob).statusCode());
        HttpResponse<String> list = send("GET", "/v1/keys/bob:list", null, bob);
        assertEquals(403, list.statusCode(), list.body());
        assertTrue(list.body().contains("'lrange'"), list.body());
    }

    @Test
    void wrongCredentialsAre401AndLoggedOnce() throws Exception {
        long failuresBefore;
        try (Jedis admin = server.jedis()) {
            admin.aclLogReset();
            failuresBefore = authFailures(admin);
        }
        for (String authorization : List.of(basic("alice", "nope"), basic("nobody", "x"), "Bearer wrong",
                "Bearer ghost-token", "Digest abc")) {
            HttpResponse<String> response = send("GET", "/v1/keys/app:1", null, authorization);
            assertEquals(401, response.statusCode(), authorization);
            assertTrue(response.headers().allValues("WWW-Authenticate").stream().anyMatch(v -> v.contains("Basic")),
                    response.headers().toString());
        }
        try (RawClient admin = new RawClient("127.0.0.1", server.port())) {
            String log = admin.call("ACL", "LOG");
            assertTrue(log.contains("nobody") && log.contains("alice") && log.contains("name=rest"), log);
        }
        try (Jedis admin = server.jedis()) {
            assertEquals(failuresBefore + 2, authFailures(admin), "the two wrong passwords, each counted once");
        }
    }

    private static long authFailures(Jedis admin) {
        return admin.info("stats").lines().filter(line -> line.startsWith("redactor_auth_failures:"))
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).strip())).findFirst()
                .orElseThrow();
    }

    @Test
    void eventStreamsNeedTheChannel() throws Exception {
        HttpResponse<String> refused = send("GET", "/v1/channels/secret/events", null, basic("alice", "alice-pw"));
        assertEquals(403, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("NOPERM this user has no permissions to access one of the channels used as arguments"), refused.body());
    }

    @Test
    void withoutCredentialsOnlyHealthChecksAnswerWhenTokensAreConfigured() throws Exception {
        assertEquals(401, send("GET", "/v1/keys/nothing-here", null, null).statusCode());
        assertEquals(200, send("GET", "/health/live", null, null).statusCode());
        assertEquals(404, send("GET", "/v1/keys/nothing-here", null, basic("default", "any")).statusCode(),
                "the default user is nopass: any password logs in, as AUTH default any does");
        try (Jedis admin = server.jedis()) {
            admin.configSet("requirepass", "s3cret");
            try {
                assertEquals(401, send("GET", "/v1/keys/nothing-here", null, basic("default", "any")).statusCode());
                assertEquals(404, send("GET", "/v1/keys/nothing-here", null, basic("default", "s3cret")).statusCode());
            } finally {
                admin.configSet("requirepass", "");
            }
        }
    }

    @Test
    void embeddedClientsRunAsANamedUser() throws Exception {
        Redactor redactor = Redactor.start(ConfigFactory.parseMap(Map.of("redactor.partitions", 4,
                        "redactor.users", List.of("carol on >carol-pw ~carol:* +@all -@dangerous"),
                        "akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off")))
                .toCompletableFuture().get(60, TimeUnit.SECONDS);
        ActorTestKit testKit = ActorTestKit.create(redactor.system());
        try {
            for (ActorRef<RedactorProtocol.Request> carol : List.of(redactor.newClientActorAs("carol"),
                    redactor.newClientActor("carol", "carol-pw"))) {
                TestProbe<Reply> replies = testKit.createTestProbe();
                carol.tell(execute(replies, "SET", "carol:1", "x"));
                assertEquals(SimpleString.OK, replies.receiveMessage(Duration.ofSeconds(10)));
                carol.tell(execute(replies, "SET", "dave:1", "x"));
                assertEquals("NOPERM this user has no permissions to access one of the keys used as arguments",
                        assertInstanceOf(ErrorReply.class, replies.receiveMessage(Duration.ofSeconds(10))).message());
                carol.tell(execute(replies, "ACL", "WHOAMI"));
                assertEquals("carol", new String(((io.redactor.core.reply.BulkString) replies.receiveMessage(
                        Duration.ofSeconds(10))).bytes(), StandardCharsets.UTF_8));
                carol.tell(new RedactorProtocol.Close());
            }
            assertThrows(IllegalArgumentException.class, () -> redactor.newClientActorAs("nobody"));
            RedactorException wrong = assertThrows(RedactorException.class,
                    () -> redactor.newClientActor("carol", "wrong"));
            assertEquals("WRONGPASS", wrong.code());
        } finally {
            testKit.shutdownTestKit();
            redactor.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    private static RedactorProtocol.Execute execute(TestProbe<Reply> replies, String... args) {
        return new RedactorProtocol.Execute(java.util.Arrays.stream(args)
                .map(arg -> arg.getBytes(StandardCharsets.UTF_8)).toList(), replies.getRef());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> send(String method, String path, String body, String authorization)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (body != null && body.startsWith("[")) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
