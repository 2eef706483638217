package io.redactor.actors.partition;

import io.redactor.actors.blocking.BlockedClient;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PartitionTest {
    private static PartitionFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new PartitionFixture(4, 1000);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void runsABatchInOrder() throws Exception {
        String key = fixture.keyIn(1, "ordered");
        List<Reply> replies = fixture.run(List.of(
                fixture.invocation("SET", key, "1"),
                fixture.invocation("INCR", key),
                fixture.invocation("APPEND", key, "x"),
                fixture.invocation("GET", key))).get(5, TimeUnit.SECONDS);
        assertEquals(List.of(SimpleString.OK, IntegerReply.of(2), IntegerReply.of(2), BulkString.of("2x")), replies);
    }

    @Test
    void relaysABatchAcrossPartitionsKeepingOrder() throws Exception {
        List<String> keys = new ArrayList<>();
        for (int p : new int[] {3, 0, 2, 0, 1, 3}) {
            keys.add(fixture.keyIn(p, "relay" + keys.size() + "-"));
        }
        List<io.redactor.actors.command.Invocation> commands = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            commands.add(fixture.invocation("SET", keys.get(i), "v" + i));
            commands.add(fixture.invocation("GET", keys.get(i)));
        }
        List<Reply> replies = fixture.run(commands).get(5, TimeUnit.SECONDS);
        for (int i = 0; i < keys.size(); i++) {
            assertEquals(SimpleString.OK, replies.get(2 * i));
            assertEquals(BulkString.of("v" + i), replies.get(2 * i + 1));
        }
    }

    /** The partition-side half of BLPOP: a client that found nothing is served by a later push, once. */
    @Test
    void aBlockedClientIsServedByTheNextPushAndOnlyOnce() throws Exception {
        String key = fixture.keyIn(3, "queue");
        CompletableFuture<Long> blockedWith = new CompletableFuture<>();
        CompletableFuture<Reply> answer = new CompletableFuture<>();
        BlockedClient client = new BlockedClient(fixture.invocation("BLPOP", key, "0"), new BlockedClient.Listener() {
            @Override
            public void blocked(BlockedClient c, long deadline) {
                blockedWith.complete(deadline);
            }

            @Override
            public void answered(BlockedClient c, Reply reply) {
                if (!answer.complete(reply)) {
                    throw new AssertionError("answered twice");
                }
            }
        });
        fixture.gateway.tell(3, new Partition.RunBlocking(client));
        assertEquals(0L, blockedWith.get(5, TimeUnit.SECONDS), "BLPOP ... 0 waits without a time limit");
        List<Reply> pushes = fixture.run(List.of(fixture.invocation("RPUSH", key, "a", "b"),
                fixture.invocation("LRANGE", key, "0", "-1"))).get(5, TimeUnit.SECONDS);
        assertEquals(IntegerReply.of(2), pushes.get(0));
        assertEquals(new ArrayReply(List.of(BulkString.of("b"))), pushes.get(1),
                "the waiter took its element right after the push, before the next command");
        assertEquals(new ArrayReply(List.of(BulkString.of(key), BulkString.of("a"))),
                answer.get(5, TimeUnit.SECONDS));
        assertTrue(client.isDone());
    }

    @Test
    void activeExpiryRemovesKeysNobodyTouches() throws Exception {
        List<io.redactor.actors.command.Invocation> commands = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            commands.add(fixture.invocation("SET", fixture.keyIn(2, "expiring" + i + "-"), "v", "PX", "20"));
        }
        fixture.run(commands).get(5, TimeUnit.SECONDS);
        long expiredBefore = fixture.server.stats().expiredKeys.sum();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (fixture.server.stats().expiredKeys.sum() - expiredBefore < 200 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(200, fixture.server.stats().expiredKeys.sum() - expiredBefore,
                "the expiry cycle removed every key without any lookup");
        String probe = fixture.keyIn(2, "expiring0-");
        assertEquals(List.of(NullReply.NULL_BULK),
                fixture.run(List.of(fixture.invocation("GET", probe))).get(5, TimeUnit.SECONDS));
    }
}
