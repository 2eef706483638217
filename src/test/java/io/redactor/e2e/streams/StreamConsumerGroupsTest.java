package io.redactor.e2e.streams;

import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XAutoClaimParams;
import redis.clients.jedis.params.XPendingParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamConsumersInfo;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamGroupInfo;
import redis.clients.jedis.resps.StreamPendingEntry;
import redis.clients.jedis.resps.StreamPendingSummary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Consumer groups under load: 10 producers add 100,000 entries with auto IDs while 100 consumers in 10 groups read
 * them with BLOCK and acknowledge them. Every entry reaches exactly one consumer of every group. In each group one
 * consumer, {@value #DYING}, is blocked before anything is added and dies after its first read, leaving what it read
 * pending; its group's other consumers only start once it has read, so that it surely gets entries. XAUTOCLAIM then
 * hands its entries to a rescuer, and at the end every group has read and acknowledged everything: no pending
 * entry, lag 0.
 */
class StreamConsumerGroupsTest {
    private static final String KEY = "cg:orders";
    private static final int PRODUCERS = 10;
    private static final int ENTRIES_PER_PRODUCER = 10_000;
    private static final int TOTAL = PRODUCERS * ENTRIES_PER_PRODUCER;
    private static final int GROUPS = 10;
    private static final int CONSUMERS_PER_GROUP = 10;
    private static final int BATCH = 100;
    private static final String DYING = "c0";
    private static final String RESCUER = "rescuer";

    /** Per group: every ID delivered by a read of new entries, and to whom. */
    private final Map<String, Map<StreamEntryID, String>> delivered = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> deliveredCount = new ConcurrentHashMap<>();
    private final Set<Long> dyingClients = ConcurrentHashMap.newKeySet();
    private final CountDownLatch dead = new CountDownLatch(GROUPS);
    private final AtomicReference<String> failure = new AtomicReference<>();

    @Test
    void everyGroupGetsEveryEntryOnceAndRecoversADeadConsumersEntries() throws Exception {
        TestRedactor server = TestRedactor.shared();
        try (Jedis admin = server.jedis()) {
            admin.del(KEY);
            for (int g = 0; g < GROUPS; g++) {
                admin.xgroupCreate(KEY, group(g), new StreamEntryID(), true);
                delivered.put(group(g), new ConcurrentHashMap<>());
                deliveredCount.put(group(g), new AtomicInteger());
            }
        }
        ExecutorService threads = Executors.newFixedThreadPool(PRODUCERS + GROUPS * CONSUMERS_PER_GROUP);
        try {
            List<Future<?>> consumers = new ArrayList<>();
            for (int g = 0; g < GROUPS; g++) {
                String group = group(g);
                consumers.add(threads.submit(() -> readOnceAndDie(server, group)));
            }
            awaitDyingConsumersBlocked(server);
            List<Future<Set<StreamEntryID>>> producers = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                int producer = p;
                producers.add(threads.submit(() -> produce(server, producer)));
            }
            assertTrue(dead.await(30, TimeUnit.SECONDS), "every dying consumer read once");
            for (int g = 0; g < GROUPS; g++) {
                for (int c = 1; c < CONSUMERS_PER_GROUP; c++) {
                    String group = group(g);
                    String consumer = "c" + c;
                    consumers.add(threads.submit(() -> consume(server, group, consumer)));
                }
            }
            Set<StreamEntryID> added = new HashSet<>();
            for (Future<Set<StreamEntryID>> producer : producers) {
                added.addAll(producer.get(60, TimeUnit.SECONDS));
            }
            assertEquals(TOTAL, added.size(), "every XADD got its own ID");
            for (Future<?> consumer : consumers) {
                consumer.get(60, TimeUnit.SECONDS);
            }
            assertNull(failure.get());
            try (Jedis admin = server.jedis()) {
                assertEquals(TOTAL, admin.xlen(KEY));
                for (int g = 0; g < GROUPS; g++) {
                    String group = group(g);
                    Map<StreamEntryID, String> byId = delivered.get(group);
                    assertEquals(TOTAL, deliveredCount.get(group).get(), group + ": no entry delivered twice");
                    assertEquals(added, byId.keySet(), group + ": every entry delivered");
                    recoverDeadConsumer(admin, group, byId);
                }
                for (StreamGroupInfo info : admin.xinfoGroups(KEY)) {
                    assertEquals(0, info.getPending(), info.getName());
                    assertEquals(maxOf(added), info.getLastDeliveredId(), info.getName());
                    assertEquals((long) TOTAL, info.getGroupInfo().get("entries-read"), info.getName());
                    assertEquals(0L, info.getGroupInfo().get("lag"), info.getName());
                }
            }
        } finally {
            threads.shutdownNow();
            try (Jedis admin = server.jedis()) {
                admin.del(KEY);
            }
        }
    }

    /** Adds its share of entries with auto IDs, in pipelined batches; returns the IDs they got. */
    private Set<StreamEntryID> produce(TestRedactor server, int producer) {
        Set<StreamEntryID> ids = new HashSet<>();
        try (Jedis jedis = server.jedis()) {
            for (int done = 0; done < ENTRIES_PER_PRODUCER; done += BATCH) {
                Pipeline pipeline = jedis.pipelined();
                List<Response<StreamEntryID>> replies = new ArrayList<>(BATCH);
                for (int i = done; i < done + BATCH; i++) {
                    replies.add(pipeline.xadd(KEY, XAddParams.xAddParams(),
                            Map.of("producer", String.valueOf(producer), "n", String.valueOf(i))));
                }
                pipeline.sync();
                replies.forEach(reply -> ids.add(reply.get()));
            }
        }
        return ids;
    }

    /** Blocks on the empty stream until the first entries come, takes them and dies without acknowledging them. */
    private void readOnceAndDie(TestRedactor server, String group) {
        try (Jedis jedis = server.jedis()) {
            dyingClients.add(jedis.clientId());
            List<StreamEntryID> ids = read(jedis, group, DYING, 30_000);
            if (ids.isEmpty()) {
                failure.compareAndSet(null, group + "/" + DYING + " got nothing");
            }
        } catch (RuntimeException e) {
            failure.compareAndSet(null, group + "/" + DYING + ": " + e);
        } finally {
            dead.countDown();
        }
    }

    /** Reads new entries with BLOCK until its group has had every entry, acknowledging each batch. */
    private void consume(TestRedactor server, String group, String consumer) {
        try (Jedis jedis = server.jedis()) {
            while (deliveredCount.get(group).get() < TOTAL && failure.get() == null) {
                List<StreamEntryID> ids = read(jedis, group, consumer, 300);
                if (ids.isEmpty()) {
                    continue;
                }
                long acked = jedis.xack(KEY, group, ids.toArray(new StreamEntryID[0]));
                if (acked != ids.size()) {
                    failure.compareAndSet(null, group + "/" + consumer + " acknowledged " + acked + " of "
                            + ids.size());
                }
            }
        } catch (RuntimeException e) {
            failure.compareAndSet(null, group + "/" + consumer + ": " + e);
        }
    }

    /** One XREADGROUP of new entries with BLOCK; records what it got. */
    private List<StreamEntryID> read(Jedis jedis, String group, String consumer, int blockMillis) {
        XReadGroupParams params = XReadGroupParams.xReadGroupParams().count(BATCH).block(blockMillis);
        List<Map.Entry<String, List<StreamEntry>>> read = jedis.xreadGroup(group, consumer, params,
                Map.of(KEY, StreamEntryID.UNRECEIVED_ENTRY));
        if (read == null || read.isEmpty()) {
            return List.of();
        }
        List<StreamEntryID> ids = new ArrayList<>();
        for (StreamEntry entry : read.get(0).getValue()) {
            ids.add(entry.getID());
            if (delivered.get(group).put(entry.getID(), consumer) != null) {
                failure.compareAndSet(null, group + " delivered " + entry.getID() + " twice");
            }
        }
        deliveredCount.get(group).addAndGet(ids.size());
        return ids;
    }

    private void awaitDyingConsumersBlocked(TestRedactor server) {
        try (Jedis admin = server.jedis()) {
            Eventually.until("the dying consumers blocked", Duration.ofSeconds(30), () -> {
                if (dyingClients.size() < GROUPS) {
                    return false;
                }
                String clients = admin.clientList(dyingClients.stream().mapToLong(Long::longValue).toArray());
                return clients.lines().filter(line -> line.matches(".* flags=[a-zA-Z]*b.*")).count() == GROUPS;
            });
        }
    }

    /**
     * The dead consumer's entries are the group's only pending ones, each delivered once; XAUTOCLAIM gives them to
     * a rescuer, page by page, which acknowledges them; then no consumer has anything pending.
     */
    private static void recoverDeadConsumer(Jedis admin, String group, Map<StreamEntryID, String> byId) {
        Set<StreamEntryID> orphaned = new HashSet<>();
        byId.forEach((id, consumer) -> {
            if (consumer.equals(DYING)) {
                orphaned.add(id);
            }
        });
        assertFalse(orphaned.isEmpty(), group);
        StreamPendingSummary summary = admin.xpending(KEY, group);
        assertEquals(orphaned.size(), summary.getTotal(), group);
        assertEquals(Map.of(DYING, (long) orphaned.size()), summary.getConsumerMessageCount(), group);
        Set<StreamEntryID> pending = new HashSet<>();
        for (StreamPendingEntry entry : admin.xpending(KEY, group,
                XPendingParams.xPendingParams().count(orphaned.size() + 1))) {
            assertEquals(DYING, entry.getConsumerName(), group);
            assertEquals(1, entry.getDeliveredTimes(), group);
            pending.add(entry.getID());
        }
        assertEquals(orphaned, pending, group);
        Set<StreamEntryID> claimed = new HashSet<>();
        StreamEntryID cursor = new StreamEntryID();
        do {
            Map.Entry<StreamEntryID, List<StreamEntryID>> page = admin.xautoclaimJustId(KEY, group, RESCUER, 0,
                    cursor, XAutoClaimParams.xAutoClaimParams().count(7));
            for (StreamEntryID id : page.getValue()) {
                assertTrue(claimed.add(id), group + " claimed " + id + " twice");
            }
            if (!page.getValue().isEmpty()) {
                assertEquals(page.getValue().size(),
                        admin.xack(KEY, group, page.getValue().toArray(new StreamEntryID[0])), group);
            }
            cursor = page.getKey();
        } while (!cursor.equals(new StreamEntryID()));
        assertEquals(orphaned, claimed, group);
        List<StreamConsumersInfo> consumers = admin.xinfoConsumers(KEY, group);
        assertEquals(CONSUMERS_PER_GROUP + 1, consumers.size(), group + ": every consumer and the rescuer");
        for (StreamConsumersInfo consumer : consumers) {
            assertEquals(0, consumer.getPending(), group + "/" + consumer.getName());
        }
    }

    private static StreamEntryID maxOf(Set<StreamEntryID> ids) {
        return ids.stream().max(StreamEntryID::compareTo).orElseThrow();
    }

    private static String group(int g) {
        return "group" + g;
    }
}
