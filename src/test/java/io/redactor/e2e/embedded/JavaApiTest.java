package io.redactor.e2e.embedded;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import com.typesafe.config.ConfigFactory;
import io.redactor.api.embedded.Commands;
import io.redactor.api.embedded.Redactor;
import io.redactor.api.embedded.RedactorException;
import io.redactor.api.embedded.RedactorProtocol;
import io.redactor.api.embedded.Result;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java API: Redactor in its own actor system, typed commands, client actors, and errors. */
class JavaApiTest {
    private static Redactor redactor;

    @BeforeAll
    static void start() throws Exception {
        redactor = Redactor.start(ConfigFactory.parseMap(Map.of(
                "redactor.partitions", 8,
                "akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off")))
                .toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        redactor.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static <T> T await(java.util.concurrent.CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    @Test
    void facadeMethodsRoundTrip() {
        assertEquals(-1, redactor.respPort(), "no RESP server unless enabled");
        assertTrue(await(redactor.set("api:greeting", "hello")));
        assertEquals(Optional.of("hello"), await(redactor.get("api:greeting")));
        assertEquals(Optional.empty(), await(redactor.get("api:missing")));
        assertEquals(1L, await(redactor.incr("api:counter")));
        assertEquals(11L, await(redactor.incrBy("api:counter", 10)));
        assertEquals(2L, await(redactor.exists("api:greeting", "api:counter")));
        assertTrue(await(redactor.expire("api:greeting", Duration.ofMinutes(1))));
        assertTrue(await(redactor.call(new Commands.Ttl("api:greeting".getBytes()))).isPresent());
        assertEquals(2L, await(redactor.del("api:greeting", "api:counter", "api:missing")));
    }

    @Test
    void anyCommandByNameAndErrorsAsReplies() {
        assertEquals(IntegerReply.of(5), await(redactor.command("APPEND", "api:text", "hello")));
        Reply error = await(redactor.command("INCR", "api:text"));
        assertEquals(new ErrorReply("ERR value is not an integer or out of range"), error);
        assertEquals(new ErrorReply("ERR unknown command 'NOPE', with args beginning with: 'x' "),
                await(redactor.command("NOPE", "x")));
    }

    @Test
    void typedCommandsFailWithTheRedisError() {
        await(redactor.set("api:notanumber", "abc"));
        CompletionException failure = assertThrows(CompletionException.class,
                () -> await(redactor.incr("api:notanumber")));
        RedactorException error = assertInstanceOf(RedactorException.class, failure.getCause());
        assertEquals("ERR", error.code());
        assertEquals("ERR value is not an integer or out of range", error.getMessage());
    }

    @Test
    void binaryValuesAreCopiedInAndOut() {
        byte[] key = {0, 1, 2, (byte) 0xff};
        byte[] value = {'\r', '\n', 0, (byte) 0x80};
        await(redactor.set(key, value));
        value[0] = 'X';
        byte[] read = await(redactor.get(key)).orElseThrow();
        assertArrayEquals(new byte[] {'\r', '\n', 0, (byte) 0x80}, read, "changing the caller's array changed nothing");
        read[1] = 'Y';
        assertArrayEquals(new byte[] {'\r', '\n', 0, (byte) 0x80}, await(redactor.get(key)).orElseThrow());
    }

    @Test
    void everyTypedCommandDecodesItsReply() {
        byte[] a = bytes("typed:a");
        byte[] b = bytes("typed:b");
        assertTrue(await(redactor.call(new Commands.Set(a, bytes("1"), Duration.ofMinutes(5),
                Commands.Set.Condition.IF_ABSENT))));
        assertEquals(false, await(redactor.call(new Commands.Set(a, bytes("2"), null,
                Commands.Set.Condition.IF_ABSENT))));
        assertArrayEquals(bytes("1"), await(redactor.call(new Commands.GetSet(a, bytes("10")))).orElseThrow());
        assertEquals(Optional.empty(), await(redactor.call(new Commands.Ttl(a))), "GETSET dropped the TTL");
        assertEquals(12L, await(redactor.call(new Commands.IncrBy(a, 2))));
        assertEquals("12.5", await(redactor.call(new Commands.IncrByFloat(a, "0.5"))));
        assertEquals(5L, await(redactor.call(new Commands.Append(a, bytes("!")))));
        assertEquals(5L, await(redactor.call(new Commands.Strlen(a))));
        assertEquals("string", await(redactor.call(new Commands.Type(a))));
        await(redactor.call(new Commands.MSet(Map.of(b, bytes("x")))));
        List<Optional<byte[]>> both = await(redactor.call(new Commands.MGet(List.of(a, b, bytes("typed:none")))));
        assertArrayEquals(bytes("12.5!"), both.get(0).orElseThrow());
        assertArrayEquals(bytes("x"), both.get(1).orElseThrow());
        assertEquals(Optional.empty(), both.get(2));
        assertTrue(await(redactor.call(new Commands.Expire(b, Duration.ofMinutes(1)))));
        assertTrue(await(redactor.call(new Commands.Persist(b))));
        assertTrue(await(redactor.call(new Commands.Copy(b, bytes("typed:c"), false))));
        await(redactor.call(new Commands.Rename(bytes("typed:c"), bytes("typed:d"))));
        assertEquals(List.of("typed:a", "typed:b", "typed:d"), await(redactor.call(new Commands.Keys(bytes("typed:*"))))
                .stream().map(key -> new String(key, StandardCharsets.UTF_8)).sorted().toList());
        assertArrayEquals(bytes("x"), await(redactor.call(new Commands.GetDel(b))).orElseThrow());
        assertEquals(2L, await(redactor.call(new Commands.Exists(List.of(a, bytes("typed:d"), b)))));
        assertEquals(2L, await(redactor.call(new Commands.Del(List.of(a, bytes("typed:d"))))));
        CompletionException noSuchKey = assertThrows(CompletionException.class,
                () -> await(redactor.call(new Commands.Rename(bytes("typed:none"), a))));
        assertEquals("ERR no such key", noSuchKey.getCause().getMessage());
        // Last, as it empties every database: FLUSHALL then DBSIZE, through a client actor of their own.
        ActorRef<RedactorProtocol.Request> isolated = redactor.newClientActor();
        ActorTestKit testKit = ActorTestKit.create(redactor.system());
        TestProbe<Result<Void>> flushed = testKit.createTestProbe();
        isolated.tell(new RedactorProtocol.Call<>(new Commands.FlushAll(), flushed.getRef()));
        assertEquals(new Result.Ok<>(null), flushed.receiveMessage(Duration.ofSeconds(10)));
        TestProbe<Result<Long>> sizes = testKit.createTestProbe();
        isolated.tell(new RedactorProtocol.Call<>(new Commands.DbSize(), sizes.getRef()));
        assertEquals(new Result.Ok<>(0L), sizes.receiveMessage(Duration.ofSeconds(10)));
        isolated.tell(new RedactorProtocol.Close());
    }

    @Test
    void clientActorsAnswerTypedMessagesInOrder() {
        ActorTestKit testKit = ActorTestKit.create(redactor.system());
        ActorRef<RedactorProtocol.Request> client = redactor.newClientActor();
        TestProbe<Result<Long>> counts = testKit.createTestProbe();
        for (int i = 1; i <= 100; i++) {
            client.tell(new RedactorProtocol.Call<>(new Commands.IncrBy("api:ordered", 1), counts.getRef()));
        }
        for (long i = 1; i <= 100; i++) {
            assertEquals(new Result.Ok<>(i), counts.receiveMessage(Duration.ofSeconds(10)));
        }
        TestProbe<Reply> replies = testKit.createTestProbe();
        client.tell(new RedactorProtocol.Execute(List.of(bytes("SELECT"), bytes("3")), replies.getRef()));
        client.tell(new RedactorProtocol.Execute(List.of(bytes("GET"), bytes("api:ordered")), replies.getRef()));
        replies.receiveMessage(Duration.ofSeconds(10));
        assertEquals(io.redactor.core.reply.NullReply.NULL_BULK, replies.receiveMessage(Duration.ofSeconds(10)),
                "each client actor has its own session (database 3 here)");
        TestProbe<Result<Optional<byte[]>>> typed = testKit.createTestProbe();
        client.tell(new RedactorProtocol.Call<>(new Commands.Get("api:ordered"), typed.getRef()));
        assertEquals(Optional.empty(), typed.receiveMessage(Duration.ofSeconds(10)).get());
        client.tell(new RedactorProtocol.Close());
    }

    @Test
    void startsInsideAnApplicationsActorSystemAndCanServeResp() throws Exception {
        ActorTestKit application = ActorTestKit.create("application", ConfigFactory.parseMap(Map.of(
                "akka.actor.provider", "cluster",
                "akka.remote.artery.canonical.hostname", "127.0.0.1",
                "akka.remote.artery.canonical.port", 0,
                "redactor.partitions", 4,
                "redactor.port", 0,
                "redactor.resp.enabled", true)).withFallback(ConfigFactory.load()));
        try {
            Redactor inside = Redactor.start(application.system()).toCompletableFuture().get(60, TimeUnit.SECONDS);
            assertTrue(await(inside.set("inside", "yes")));
            try (Jedis jedis = new Jedis("127.0.0.1", inside.respPort())) {
                assertEquals("yes", jedis.get("inside"), "RESP clients see the same data");
            }
            inside.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } finally {
            application.shutdownTestKit();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
