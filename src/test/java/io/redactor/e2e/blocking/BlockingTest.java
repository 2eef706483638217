package io.redactor.e2e.blocking;

import io.redactor.testing.InfoFields;
import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.args.ListDirection;
import redis.clients.jedis.args.SortedSetOption;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.resps.Tuple;
import redis.clients.jedis.util.KeyValue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Blocking list and sorted set commands with real clients: fairness, wake-ups, time limits and disconnects. */
class BlockingTest extends SharedServerTest {

    @Test
    void hundredBlockedClientsShareTenProducersElementsExactlyOnce() throws Exception {
        String[] keys = {"blk:many:{a}", "blk:many:{b}", "blk:many:{c}"};
        jedis.del(keys);
        int consumers = 100;
        int producers = 10;
        ExecutorService pool = Executors.newFixedThreadPool(consumers + producers);
        try {
            List<Future<List<String>>> popped = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                popped.add(pool.submit(() -> {
                    try (Jedis consumer = TestRedactor.shared().jedis()) {
                        return consumer.blpop(30, keys);
                    }
                }));
            }
            awaitBlockedClients(consumers);
            List<Future<?>> pushes = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                int producer = p;
                pushes.add(pool.submit(() -> {
                    try (Jedis connection = TestRedactor.shared().jedis()) {
                        for (int i = 0; i < consumers / producers; i++) {
                            connection.rpush(keys[(producer + i) % keys.length], producer + ":" + i);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> push : pushes) {
                push.get(30, TimeUnit.SECONDS);
            }
            Set<String> received = new HashSet<>();
            for (Future<List<String>> reply : popped) {
                List<String> keyAndElement = reply.get(30, TimeUnit.SECONDS);
                String[] producerAndIndex = keyAndElement.get(1).split(":");
                int producer = Integer.parseInt(producerAndIndex[0]);
                int pushedTo = (producer + Integer.parseInt(producerAndIndex[1])) % keys.length;
                assertEquals(keys[pushedTo], keyAndElement.get(0), "the key the element was pushed to");
                assertTrue(received.add(keyAndElement.get(1)), "delivered twice: " + keyAndElement);
            }
            assertEquals(consumers, received.size());
            assertEquals(0L, jedis.exists(keys));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void clientsBlockedOnAKeyAreServedInTheOrderTheyBlocked() throws Exception {
        jedis.del("blk:fifo");
        List<CompletableFuture<List<String>>> waiters = new ArrayList<>();
        List<Jedis> connections = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                Jedis waiter = TestRedactor.shared().jedis();
                connections.add(waiter);
                long id = waiter.clientId();
                waiters.add(inBackground(() -> waiter.blpop(10, "blk:fifo")));
                awaitBlocked(id);
            }
            jedis.rpush("blk:fifo", "e0", "e1", "e2", "e3", "e4");
            for (int i = 0; i < 5; i++) {
                assertEquals(List.of("blk:fifo", "e" + i), waiters.get(i).get(10, TimeUnit.SECONDS));
            }
        } finally {
            connections.forEach(Jedis::close);
        }
    }

    @Test
    void aTimeLimitEndsTheWaitWithANullReplyAfterTheLimit() {
        jedis.del("blk:timeout");
        long start = System.nanoTime();
        assertNull(jedis.blpop(0.25, "blk:timeout"));
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(elapsedMillis >= 250, "answered after " + elapsedMillis + " ms");
        assertTrue(elapsedMillis < 2000, "answered after " + elapsedMillis + " ms");
        assertNull(jedis.blmove("blk:timeout", "blk:timeout:dst", ListDirection.LEFT, ListDirection.RIGHT, 0.05));
        assertEquals("PONG", jedis.ping());
    }

    @Test
    void aClientThatDisconnectsWhileBlockedLeavesTheElementForOthers() {
        jedis.del("blk:gone");
        long id;
        try (RawClient leaving = TestRedactor.shared().raw()) {
            id = Long.parseLong(leaving.call("CLIENT", "ID").substring(1).trim());
            leaving.command("BLPOP", "blk:gone", "0");
            awaitBlocked(id);
        }
        awaitGone(id);
        jedis.rpush("blk:gone", "kept");
        assertEquals(List.of("kept"), jedis.lrange("blk:gone", 0, -1));
        assertEquals(List.of("blk:gone", "kept"), jedis.blpop(1, "blk:gone"));
    }

    @Test
    void aWaiterOnKeysInSeveralPartitionsIsServedByWhicheverIsPushed() throws Exception {
        jedis.del("blk:multi:{a}", "blk:multi:{b}", "blk:multi:{c}");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<List<String>> reply =
                    inBackground(() -> waiter.brpop(10, "blk:multi:{a}", "blk:multi:{b}", "blk:multi:{c}"));
            awaitBlocked(id);
            jedis.rpush("blk:multi:{c}", "from-c");
            assertEquals(List.of("blk:multi:{c}", "from-c"), reply.get(10, TimeUnit.SECONDS));
            jedis.rpush("blk:multi:{a}", "stays");
            assertEquals(List.of("stays"), jedis.lrange("blk:multi:{a}", 0, -1));
        }
    }

    @Test
    void blmoveWaitsForTheSourceAndPushesToADestinationInAnotherPartition() throws Exception {
        jedis.del("blk:src:{a}", "blk:dst:{b}");
        jedis.rpush("blk:dst:{b}", "old");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<String> moved = inBackground(() -> waiter.blmove(
                    "blk:src:{a}", "blk:dst:{b}", ListDirection.RIGHT, ListDirection.LEFT, 10));
            awaitBlocked(id);
            jedis.rpush("blk:src:{a}", "x", "y");
            assertEquals("y", moved.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("y", "old"), jedis.lrange("blk:dst:{b}", 0, -1));
            assertEquals(List.of("x"), jedis.lrange("blk:src:{a}", 0, -1));
        }
    }

    @Test
    void blmoveOntoItsOwnSourceRotatesTheNewElement() throws Exception {
        jedis.del("blk:rotate");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<String> moved = inBackground(() -> waiter.blmove(
                    "blk:rotate", "blk:rotate", ListDirection.LEFT, ListDirection.RIGHT, 10));
            awaitBlocked(id);
            jedis.rpush("blk:rotate", "only");
            assertEquals("only", moved.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("only"), jedis.lrange("blk:rotate", 0, -1));
        }
    }

    @Test
    void clientUnblockEndsTheWaitAsATimeoutOrAnError() throws Exception {
        jedis.del("blk:unblock");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<List<String>> timedOut = inBackground(() -> waiter.blpop(0, "blk:unblock"));
            awaitBlocked(id);
            assertEquals(1L, jedis.clientUnblock(id));
            assertNull(timedOut.get(10, TimeUnit.SECONDS));
            assertEquals(0L, jedis.clientUnblock(id), "a client that is not blocked is not unblocked");

            CompletableFuture<List<String>> failed = inBackground(() -> waiter.blpop(0, "blk:unblock"));
            awaitBlocked(id);
            Object unblocked = jedis.sendCommand(() -> "CLIENT".getBytes(), "UNBLOCK", String.valueOf(id), "ERROR");
            assertEquals(1L, unblocked);
            Exception error = assertThrows(Exception.class, () -> failed.get(10, TimeUnit.SECONDS));
            assertTrue(error.getCause() instanceof JedisDataException, error.toString());
            assertEquals("UNBLOCKED client unblocked via CLIENT UNBLOCK", error.getCause().getMessage());
            jedis.rpush("blk:unblock", "left");
            assertEquals(1L, jedis.llen("blk:unblock"));
        }
    }

    @Test
    void infoAndClientListShowBlockedClients() throws Exception {
        jedis.del("blk:info");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<List<String>> reply = inBackground(() -> waiter.blpop(10, "blk:info"));
            awaitBlocked(id);
            assertTrue(blockedClients() >= 1);
            assertTrue(jedis.clientList(id).contains(" cmd=blpop "), jedis.clientList(id));
            jedis.lpush("blk:info", "v");
            reply.get(10, TimeUnit.SECONDS);
            assertFalse(jedis.clientList(id).matches("(?s).* flags=[a-zA-Z]*b.*"), jedis.clientList(id));
        }
    }

    /** Redis serves a blocked client after each command, so the waiter gets the element before the pipelined LPOP. */
    @Test
    void aBlockedClientIsServedBetweenTwoPipelinedCommands() throws Exception {
        jedis.del("blk:pipe");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<List<String>> reply = inBackground(() -> waiter.blpop(10, "blk:pipe"));
            awaitBlocked(id);
            Pipeline pipeline = jedis.pipelined();
            Response<Long> pushed = pipeline.rpush("blk:pipe", "first");
            Response<String> popped = pipeline.lpop("blk:pipe");
            pipeline.sync();
            assertEquals(1L, pushed.get());
            assertNull(popped.get());
            assertEquals(List.of("blk:pipe", "first"), reply.get(10, TimeUnit.SECONDS));
        }
    }

    /** A transaction is atomic: its own LPOP sees its push, and the waiter is served only what is left after EXEC. */
    @Test
    void aTransactionWakesWaitersOnlyWithWhatIsLeftAfterExec() throws Exception {
        jedis.del("blk:tx:{a}", "blk:tx:{b}");
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            long id = waiter.clientId();
            CompletableFuture<List<String>> reply = inBackground(() -> waiter.blpop(10, "blk:tx:{a}", "blk:tx:{b}"));
            awaitBlocked(id);
            Transaction transaction = jedis.multi();
            transaction.rpush("blk:tx:{a}", "taken");
            transaction.lpop("blk:tx:{a}");
            transaction.rpush("blk:tx:{b}", "served");
            assertEquals(List.of(1L, "taken", 1L), transaction.exec());
            assertEquals(List.of("blk:tx:{b}", "served"), reply.get(10, TimeUnit.SECONDS));
            assertEquals(0L, jedis.exists("blk:tx:{a}", "blk:tx:{b}"));
        }
    }

    @Test
    void sortedSetWaitersInSeveralPartitionsGetTheLowestAndHighestMembers() throws Exception {
        jedis.del("blk:z:{a}", "blk:z:{b}");
        try (Jedis lowest = TestRedactor.shared().jedis(); Jedis highest = TestRedactor.shared().jedis();
             Jedis many = TestRedactor.shared().jedis()) {
            long lowestId = lowest.clientId();
            long highestId = highest.clientId();
            long manyId = many.clientId();
            CompletableFuture<KeyValue<String, Tuple>> min = inBackground(() -> lowest.bzpopmin(10, "blk:z:{a}"));
            awaitBlocked(lowestId);
            CompletableFuture<KeyValue<String, Tuple>> max =
                    inBackground(() -> highest.bzpopmax(10, "blk:z:{a}", "blk:z:{b}"));
            awaitBlocked(highestId);
            CompletableFuture<KeyValue<String, List<Tuple>>> popped = inBackground(
                    () -> many.bzmpop(10, SortedSetOption.MIN, 2, "blk:z:{b}"));
            awaitBlocked(manyId);
            jedis.zadd("blk:z:{b}", Map.of("b1", 1.0, "b2", 2.0, "b3", 3.0, "b4", 4.0));
            assertEquals(new KeyValue<>("blk:z:{b}", new Tuple("b4", 4.0)), max.get(10, TimeUnit.SECONDS));
            assertEquals(new KeyValue<>("blk:z:{b}", List.of(new Tuple("b1", 1.0), new Tuple("b2", 2.0))),
                    popped.get(10, TimeUnit.SECONDS));
            jedis.zadd("blk:z:{a}", Map.of("a1", 1.5, "a2", 0.5));
            assertEquals(new KeyValue<>("blk:z:{a}", new Tuple("a2", 0.5)), min.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("a1"), jedis.zrange("blk:z:{a}", 0, -1));
            assertEquals(List.of("b3"), jedis.zrange("blk:z:{b}", 0, -1));
        }
    }

    @Test
    void blpopInsideMultiAnswersAtOnce() {
        jedis.del("blk:inmulti");
        Transaction transaction = jedis.multi();
        transaction.blpop(0, "blk:inmulti");
        transaction.rpush("blk:inmulti", "v");
        transaction.blpop(0, "blk:inmulti");
        List<Object> replies = transaction.exec();
        assertNull(replies.get(0));
        assertEquals(1L, replies.get(1));
        assertEquals(List.of("blk:inmulti", "v"), replies.get(2));
    }

    /** Each waiter needs its own thread: the common pool has a single one on a two-core machine. */
    private static <T> CompletableFuture<T> inBackground(Supplier<T> blockingCall) {
        return CompletableFuture.supplyAsync(blockingCall, runnable -> Thread.ofVirtual().start(runnable));
    }

    private long blockedClients() {
        return InfoFields.number(jedis.info("clients"), "blocked_clients");
    }

    private void awaitBlockedClients(long atLeast) {
        Eventually.until(atLeast + " clients blocked", () -> blockedClients() >= atLeast);
    }

    private void awaitBlocked(long clientId) {
        Eventually.until("client " + clientId + " blocked",
                () -> jedis.clientList(clientId).matches("(?s).* flags=[a-zA-Z]*b.*"));
    }

    private void awaitGone(long clientId) {
        Eventually.until("client " + clientId + " gone", () -> jedis.clientList(clientId).isBlank());
    }
}
