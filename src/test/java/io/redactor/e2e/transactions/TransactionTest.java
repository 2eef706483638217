package io.redactor.e2e.transactions;

import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MULTI/EXEC and WATCH through Jedis: optimistic locking under contention, expiry of watched keys. */
class TransactionTest extends SharedServerTest {

    @Test
    void jedisTransactionReturnsEveryReplyInOrder() {
        jedis.del("tx:list", "tx:counter");
        Transaction transaction = jedis.multi();
        Response<Long> first = transaction.incr("tx:counter");
        Response<Long> second = transaction.incrBy("tx:counter", 41);
        Response<String> value = transaction.get("tx:counter");
        List<Object> replies = transaction.exec();
        assertEquals(3, replies.size());
        assertEquals(1L, first.get());
        assertEquals(42L, second.get());
        assertEquals("42", value.get());
    }

    /**
     * RESET discards the transaction and drops the watches, as Redis's does (its unit/other test "RESET clears and
     * discards MULTI state").
     */
    @Test
    void resetDiscardsTheTransactionAndTheWatches() {
        try (io.redactor.testing.RawClient raw = TestRedactor.shared().raw()) {
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("+QUEUED\r\n", raw.call("SET", "tx:reset:a", "a"));
            assertEquals("+RESET\r\n", raw.call("RESET"));
            assertEquals("-ERR EXEC without MULTI\r\n", raw.call("EXEC"));
            assertEquals(null, jedis.get("tx:reset:a"));

            assertEquals("+OK\r\n", raw.call("WATCH", "tx:reset:watched"));
            assertEquals("+RESET\r\n", raw.call("RESET"));
            jedis.set("tx:reset:watched", "changed");
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("+QUEUED\r\n", raw.call("PING"));
            assertEquals("*1\r\n+PONG\r\n", raw.call("EXEC"), "the watch did not survive RESET");
        }
    }

    /** Transfers between accounts on different partitions, each a WATCH-read-MULTI-write loop: no money made or lost. */
    @Test
    void optimisticTransfersAcrossPartitionsKeepTheTotal() throws Exception {
        String[] accounts = {"tx:account:{a}", "tx:account:{b}", "tx:account:{c}", "tx:account:{d}"};
        int initial = 1000;
        for (String account : accounts) {
            jedis.set(account, String.valueOf(initial));
        }
        int clients = 8;
        int transfers = 150;
        AtomicInteger retries = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                work.add(pool.submit(() -> {
                    try (Jedis connection = TestRedactor.shared().jedis()) {
                        for (int i = 0; i < transfers; i++) {
                            String from = accounts[(client + i) % accounts.length];
                            String to = accounts[(client + i + 1 + i % 3) % accounts.length];
                            while (!transfer(connection, from, to, 1 + i % 7)) {
                                retries.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> future : work) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long total = 0;
        for (String account : accounts) {
            total += Long.parseLong(jedis.get(account));
        }
        assertEquals((long) initial * accounts.length, total);
        assertTrue(retries.get() > 0, "with 8 clients on 4 keys some transactions must have been retried");
    }

    private static boolean transfer(Jedis connection, String from, String to, int amount) {
        if (from.equals(to)) {
            return true;
        }
        connection.watch(from, to);
        long fromBalance = Long.parseLong(connection.get(from));
        long toBalance = Long.parseLong(connection.get(to));
        Transaction transaction = connection.multi();
        transaction.set(from, String.valueOf(fromBalance - amount));
        transaction.set(to, String.valueOf(toBalance + amount));
        return transaction.exec() != null;
    }

    /** A watched key whose time runs out before EXEC counts as changed (Redis 7.0). */
    @Test
    void watchedKeyExpiringBeforeExecAbortsTheTransaction() throws InterruptedException {
        jedis.set("tx:expiring", "v");
        jedis.pexpire("tx:expiring", 30);
        jedis.watch("tx:expiring");
        Thread.sleep(60);
        Transaction transaction = jedis.multi();
        transaction.set("tx:other", "x");
        assertNull(transaction.exec());
    }

    /** A key already expired when WATCHed is simply absent: its removal later is no change. */
    @Test
    void keyAlreadyExpiredWhenWatchedDoesNotAbort() throws InterruptedException {
        jedis.set("tx:expired", "v");
        jedis.pexpire("tx:expired", 1);
        Thread.sleep(20);
        jedis.watch("tx:expired");
        Transaction transaction = jedis.multi();
        Response<String> value = transaction.get("tx:expired");
        assertEquals(1, transaction.exec().size());
        assertNull(value.get());
    }

    @Test
    void clientListShowsTheNumberOfQueuedCommands() {
        raw.call("MULTI");
        raw.call("PING");
        raw.call("SET", "tx:x", "1");
        String line = jedis.clientList().lines().filter(l -> l.contains("multi=2")).findFirst().orElse(null);
        assertTrue(line != null, "no client with multi=2 in " + jedis.clientList());
        raw.call("DISCARD");
        assertTrue(jedis.clientList().lines().noneMatch(l -> l.contains("multi=2")));
    }

    /** A transaction sent in one pipelined write, commands for many partitions, runs as one step. */
    @Test
    void pipelinedTransactionAcrossPartitions() {
        StringBuilder batch = new StringBuilder("MULTI\r\n");
        for (int i = 0; i < 50; i++) {
            batch.append("SET tx:p:").append(i).append(' ').append(i).append("\r\n");
        }
        batch.append("EXEC\r\n");
        raw.send(batch.toString());
        assertEquals("+OK\r\n", raw.readReplyText());
        for (int i = 0; i < 50; i++) {
            assertEquals("+QUEUED\r\n", raw.readReplyText());
        }
        String exec = raw.readReplyText();
        assertTrue(exec.startsWith("*50\r\n+OK\r\n"), exec);
        assertEquals("49", jedis.get("tx:p:49"));
    }

    /** A client gone with watched keys and a half-built transaction leaves nothing behind for the others. */
    @Test
    void disconnectDropsTheTransactionAndItsWatches() {
        try (Jedis gone = TestRedactor.shared().jedis()) {
            gone.watch("tx:left");
            gone.multi();
        }
        jedis.set("tx:left", "1");
        jedis.watch("tx:left");
        Transaction transaction = jedis.multi();
        transaction.incr("tx:left");
        assertEquals(List.of(2L), transaction.exec());
    }

    /** SCAN walks one partition's own table: inside EXEC, which holds several, it must get that partition's data. */
    @Test
    void scanInsideATransactionOverSeveralPartitionsAnswers() {
        jedis.set("tx:scan:{a}", "1");
        try (io.redactor.testing.RawClient raw = TestRedactor.shared().raw()) {
            raw.call("MULTI");
            raw.call("SET", "tx:scan:{b}", "2");
            raw.call("SCAN", "0", "COUNT", "1");
            String reply = raw.call("EXEC");
            assertTrue(reply.startsWith("*2\r\n+OK\r\n*2\r\n$"), reply);
        }
    }
}
