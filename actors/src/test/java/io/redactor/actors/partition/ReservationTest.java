package io.redactor.actors.partition;

import io.redactor.actors.data.Db;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReservationTest {
    private static final int PARTITIONS = 8;

    /** Adds one to a counter key in each listed partition, checking that no other reservation holds them. */
    private static final class Increments implements Reservation.Work {
        final CompletableFuture<String> done = new CompletableFuture<>();
        private final int[] partitions;
        private final String[] keys;
        private final AtomicIntegerArray inUse;
        private final AtomicInteger violations;

        Increments(int[] partitions, String[] keys, AtomicIntegerArray inUse, AtomicInteger violations) {
            this.partitions = partitions;
            this.keys = keys;
            this.inUse = inUse;
            this.violations = violations;
        }

        @Override
        public void run(Keyspace keyspace, long now) {
            for (int p : partitions) {
                if (!inUse.compareAndSet(p, 0, 1)) {
                    violations.incrementAndGet();
                }
            }
            Db db = keyspace.db(0);
            for (int p : partitions) {
                byte[] key = PartitionFixture.bytes(keys[p]);
                Object value = db.write(key);
                long current = value == null ? 0 : RedisIntegers.parseLong((byte[]) value);
                Thread.yield();
                db.set(key, RedisIntegers.toBytes(current + 1), false);
            }
            for (int p : partitions) {
                inUse.set(p, 0);
            }
            done.complete("ran");
        }

        @Override
        public void refused(ErrorReply reason) {
            done.complete(reason.message());
        }
    }

    @Test
    void overlappingReservationsFromManySendersNeverDeadlockAndStayExclusive() throws Exception {
        try (PartitionFixture fixture = new PartitionFixture(PARTITIONS, 100_000)) {
            String[] keys = new String[PARTITIONS];
            for (int p = 0; p < PARTITIONS; p++) {
                keys[p] = fixture.keyIn(p, "counter");
            }
            AtomicIntegerArray inUse = new AtomicIntegerArray(PARTITIONS);
            AtomicIntegerArray expected = new AtomicIntegerArray(PARTITIONS);
            AtomicInteger violations = new AtomicInteger();
            List<CompletableFuture<?>> all = new ArrayList<>();
            int senders = 20;
            int perSender = 50;
            ExecutorService pool = Executors.newFixedThreadPool(senders);
            CountDownLatch start = new CountDownLatch(1);
            List<java.util.concurrent.Future<List<CompletableFuture<?>>>> submitted = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                long seed = 1000 + s;
                submitted.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    List<CompletableFuture<?>> mine = new ArrayList<>();
                    start.await();
                    for (int i = 0; i < perSender; i++) {
                        if (random.nextInt(4) == 0) {
                            // A plain single-partition command mixed in: it must wait for any reservation holding it.
                            int p = random.nextInt(PARTITIONS);
                            expected.incrementAndGet(p);
                            mine.add(fixture.run(List.of(fixture.invocation("INCR", keys[p]))));
                            continue;
                        }
                        TreeSet<Integer> chosen = new TreeSet<>();
                        int size = 2 + random.nextInt(4);
                        while (chosen.size() < size) {
                            chosen.add(random.nextInt(PARTITIONS));
                        }
                        int[] partitions = chosen.stream().mapToInt(Integer::intValue).toArray();
                        for (int p : partitions) {
                            expected.incrementAndGet(p);
                        }
                        Increments work = new Increments(partitions, keys, inUse, violations);
                        Reservation reservation = new Reservation(partitions, fixture.partitionMap, work);
                        fixture.gateway.tell(reservation.firstPartition(), new Partition.Reserve(reservation));
                        mine.add(work.done);
                    }
                    return mine;
                }));
            }
            start.countDown();
            for (var future : submitted) {
                all.addAll(future.get(30, TimeUnit.SECONDS));
            }
            pool.shutdown();
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(60, TimeUnit.SECONDS);
            assertEquals(senders * perSender, all.size());
            for (CompletableFuture<?> future : all) {
                Object result = future.get();
                assertTrue(result.equals("ran") || result instanceof List<?>, "operation completed: " + result);
            }
            assertEquals(0, violations.get(), "two reservations held the same partition at once");
            for (int p = 0; p < PARTITIONS; p++) {
                Reply value = fixture.run(List.of(fixture.invocation("GET", keys[p]))).get(5, TimeUnit.SECONDS).get(0);
                assertEquals("BulkString[" + expected.get(p) + "]", value.toString(), "counter of partition " + p);
            }
        }
    }

    @Test
    void heldPartitionsQueueCommandsAndRefuseBeyondTheirCapacity() throws Exception {
        try (PartitionFixture fixture = new PartitionFixture(3, 5)) {
            String key0 = fixture.keyIn(0, "held");
            String key1 = fixture.keyIn(1, "held");
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<String> firstDone = new CompletableFuture<>();
            // A reservation of 0 and 1 whose work blocks on partition 1's thread: partition 0 stays held.
            Reservation blocking = new Reservation(new int[] {0, 1}, fixture.partitionMap, new Reservation.Work() {
                @Override
                public void run(Keyspace keyspace, long now) {
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    firstDone.complete("ran");
                }

                @Override
                public void refused(ErrorReply reason) {
                    firstDone.complete(reason.message());
                }
            });
            fixture.gateway.tell(0, new Partition.Reserve(blocking));
            List<CompletableFuture<List<Reply>>> queued = new ArrayList<>();
            Thread.sleep(200);
            for (int i = 0; i < 8; i++) {
                queued.add(fixture.run(List.of(fixture.invocation("INCR", key0))));
            }
            AtomicIntegerArray inUse = new AtomicIntegerArray(3);
            Increments overflowing = new Increments(new int[] {0, 2}, new String[] {key0, key1, "x"}, inUse,
                    new AtomicInteger());
            fixture.gateway.tell(0, new Partition.Reserve(new Reservation(new int[] {0, 2}, fixture.partitionMap, overflowing)));
            assertEquals("BUSY Redactor partition queue is full, retry later", overflowing.done.get(5, TimeUnit.SECONDS));
            release.countDown();
            assertEquals("ran", firstDone.get(5, TimeUnit.SECONDS));
            int accepted = 0;
            int refused = 0;
            for (CompletableFuture<List<Reply>> reply : queued) {
                Reply result = reply.get(5, TimeUnit.SECONDS).get(0);
                if (result instanceof ErrorReply error) {
                    assertEquals("BUSY Redactor partition queue is full, retry later", error.message());
                    refused++;
                } else {
                    accepted++;
                    assertEquals(IntegerReply.of(accepted), result, "queued commands ran in arrival order");
                }
            }
            assertEquals(5, accepted, "the stash held exactly its capacity");
            assertEquals(3, refused);
            // Partitions are usable again once released.
            assertEquals(IntegerReply.of(6),
                    fixture.run(List.of(fixture.invocation("INCR", key0))).get(5, TimeUnit.SECONDS).get(0));
        }
    }
}
