package io.redactor.e2e.clients;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.redisson.api.BatchOptions;
import org.redisson.api.BatchOptions.ExecutionMode;
import org.redisson.api.FunctionMode;
import org.redisson.api.FunctionResult;
import org.redisson.api.RBatch;
import org.redisson.api.RBinaryStream;
import org.redisson.api.RCountDownLatch;
import org.redisson.api.RDelayedQueue;
import org.redisson.api.RFunction;
import org.redisson.api.RKeys;
import org.redisson.api.RPermitExpirableSemaphore;
import org.redisson.api.RRateLimiter;
import org.redisson.api.RReadWriteLock;
import org.redisson.api.RReliableTopic;
import org.redisson.api.RRingBuffer;
import org.redisson.api.RScript;
import org.redisson.api.RSemaphore;
import org.redisson.api.RSetCache;
import org.redisson.api.RTimeSeries;
import org.redisson.api.RTransaction;
import org.redisson.api.RateType;
import org.redisson.api.TransactionOptions;
import org.redisson.api.stream.StreamMultiReadArgs;
import org.redisson.api.stream.StreamMultiReadGroupArgs;
import org.redisson.api.stream.StreamPendingRangeArgs;
import org.redisson.api.stream.StreamTrimArgs;
import org.redisson.api.DeletedObjectListener;
import org.redisson.api.ExpiredObjectListener;
import org.redisson.api.listener.ScoredSortedSetAddListener;
import org.redisson.api.listener.ScoredSortedSetRemoveListener;
import org.redisson.api.listener.SetObjectListener;
import org.redisson.api.listener.StreamAddListener;
import org.redisson.api.listener.StreamCreateConsumerListener;
import org.redisson.api.listener.StreamCreateGroupListener;
import org.redisson.api.listener.StreamRemoveConsumerListener;
import org.redisson.api.listener.StreamRemoveGroupListener;
import org.redisson.api.listener.StreamRemoveListener;
import org.redisson.api.listener.StreamTrimListener;
import org.redisson.api.GeoEntry;
import org.redisson.api.GeoOrder;
import org.redisson.api.GeoUnit;
import org.redisson.api.PendingEntry;
import org.redisson.api.PendingResult;
import org.redisson.api.RBitSet;
import org.redisson.api.RClientSideCaching;
import org.redisson.api.RBlockingQueue;
import org.redisson.api.RBloomFilter;
import org.redisson.api.RBucket;
import org.redisson.api.RGeo;
import org.redisson.api.RHyperLogLog;
import org.redisson.api.RLock;
import org.redisson.api.RMap;
import org.redisson.api.RMapCache;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RStream;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.api.StreamMessageId;
import org.redisson.api.geo.GeoSearchArgs;
import org.redisson.api.options.ClientSideCachingOptions;
import org.redisson.api.stream.StreamAddArgs;
import org.redisson.api.stream.StreamCreateGroupArgs;
import org.redisson.api.stream.StreamReadArgs;
import org.redisson.api.stream.StreamReadGroupArgs;
import org.redisson.client.codec.LongCodec;
import org.redisson.client.codec.StringCodec;
import org.redisson.codec.CompositeCodec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;

import static io.redactor.e2e.clients.RedissonSides.elsewhere;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redisson 3.52, one of the clients the product promises to serve, against a real Redactor: its objects built on
 * the newer data types (bloom filters and bit sets on bitmaps, HyperLogLog, geo, streams and the reliable topic on
 * them), its Lua-scripted objects (locks, synchronizers, map and set caches, delayed queues), buckets, counters,
 * sorted sets, queues, topics, batches, transactions, keyspace-event listeners, DUMP/RESTORE and client-side
 * caching. Where the outcome is deterministic, the same steps run against the real Redis 7.0 and both results must
 * be equal; the results are also checked against what they should be, so that a test fails when both servers agree
 * on a wrong answer (which would mean Redisson itself changed). Client-side caching runs with RESP3 clients of its
 * own; {@code -Dredisson.resp3=true} runs everything else with RESP3 clients too.
 */
class RedissonTest {
    private static RedissonSides sides;

    private String prefix;

    @BeforeAll
    static void connect() {
        sides = RedissonSides.connect();
    }

    @AfterAll
    static void disconnect() {
        sides.close();
    }

    @BeforeEach
    void choosePrefix(TestInfo info) {
        prefix = "redisson:" + info.getTestMethod().orElseThrow().getName() + ":" + System.nanoTime() + ":";
    }

    private String key(String name) {
        return prefix + name;
    }

    private static <T> T onBoth(Function<RedissonClient, T> steps) {
        return sides.onBoth(steps);
    }

    private static <T> T onBoth(BiFunction<RedissonClient, RedissonClient, T> steps) {
        return sides.onBoth(steps);
    }

    /** sizeInMemory() is MEMORY USAGE: figures differ between the servers, their order and zero for none do not. */
    @Test
    void sizeInMemory() {
        List<Object> result = onBoth(client -> {
            RBucket<String> small = client.getBucket(key("small"), StringCodec.INSTANCE);
            small.set("v");
            RBucket<String> big = client.getBucket(key("big"), StringCodec.INSTANCE);
            big.set("x".repeat(10_000));
            RMap<String, String> map = client.getMap(key("map"), StringCodec.INSTANCE);
            long content = 0;
            for (int i = 0; i < 200; i++) {
                map.put("field" + i, "value" + i);
                content += ("field" + i).length() + ("value" + i).length();
            }
            long smallBytes = small.sizeInMemory();
            long bigBytes = big.sizeInMemory();
            long mapBytes = map.sizeInMemory();
            // at least its fields and values (Redis's listpack: 4,144 bytes; Redactor's packed pairs: 3,520)
            return List.<Object>of(smallBytes > 0, bigBytes > smallBytes + 9_000, mapBytes > content,
                    client.getBucket(key("missing")).sizeInMemory());
        });
        assertEquals(List.of(true, true, true, 0L), result);
    }

    @Test
    void bloomFilter() {
        List<Object> result = onBoth(client -> {
            RBloomFilter<String> filter = client.getBloomFilter(key("bloom"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            seen.add(filter.tryInit(1_000, 0.01));
            // a second tryInit fails; done on another object, as it leaves its own object with the sizes it asked for
            seen.add(client.getBloomFilter(key("bloom"), StringCodec.INSTANCE).tryInit(2_000, 0.02));
            seen.add(filter.getSize());
            seen.add(filter.getHashIterations());
            seen.add(filter.add("apple"));
            seen.add(filter.add("apple"));
            seen.add(filter.add(List.of("pear", "plum", "fig")));
            seen.add(filter.contains("apple"));
            seen.add(filter.contains("plum"));
            seen.add(filter.contains("cherry"));
            seen.add(filter.contains(List.of("apple", "fig", "kiwi")));
            seen.add(filter.count());
            seen.add(filter.getExpectedInsertions());
            seen.add(filter.getFalseProbability());
            return seen;
        });
        assertEquals(List.of(true, false, 9585L, 7, true, false, 3L, true, true, false, 2L, 4L, 1000L, 0.01),
                result);
    }

    @Test
    void bitSet() {
        List<Object> result = onBoth(client -> {
            RBitSet bits = client.getBitSet(key("bits"));
            RBitSet other = client.getBitSet(key("other"));
            List<Object> seen = new ArrayList<>();
            seen.add(bits.set(3));
            seen.add(bits.set(3));
            seen.add(bits.set(10, true));
            bits.set(new long[] {20, 21, 22}, true);
            seen.add(bits.get(3));
            seen.add(bits.get(4));
            seen.add(List.of(toList(bits.get(3, 4, 10, 21))));
            seen.add(bits.cardinality());
            seen.add(bits.length());
            seen.add(bits.size());
            seen.add(bits.clear(21));
            bits.set(30, 35);
            bits.clear(31, 33);
            seen.add(bits.asBitSet().toString());
            other.set(3);
            other.set(30);
            other.set(40);
            RBitSet copy = client.getBitSet(key("copy"));
            copy.set(bits.asBitSet());
            seen.add(copy.and(other.getName()));
            seen.add(copy.asBitSet().toString());
            copy.set(bits.asBitSet());
            seen.add(copy.or(other.getName()));
            seen.add(copy.asBitSet().toString());
            seen.add(copy.xor(bits.getName()));
            seen.add(copy.asBitSet().toString());
            seen.add(copy.not());
            seen.add(copy.cardinality());
            seen.add(bits.setUnsigned(8, 64, 200));
            seen.add(bits.getUnsigned(8, 64));
            seen.add(bits.getSigned(8, 64));
            seen.add(bits.incrementAndGetInteger(96, 7));
            seen.add(bits.setLong(128, Long.MIN_VALUE));
            seen.add(bits.getLong(128));
            seen.add(bits.getByte(0));
            seen.add(bits.setShort(200, (short) -2));
            seen.add(bits.getShort(200));
            seen.add(HexFormat.of().formatHex(bits.toByteArray()));
            bits.clear();
            seen.add(bits.isExists());
            return seen;
        });
        assertEquals(List.of(false, true, false, true, false), result.subList(0, 5));
        assertEquals("{3, 10, 20, 22, 30, 33, 34}", result.get(10));
        assertEquals("{3, 30}", result.get(12));
    }

    @Test
    void hyperLogLog() {
        List<Object> result = onBoth(client -> {
            RHyperLogLog<String> log = client.getHyperLogLog(key("hll"), StringCodec.INSTANCE);
            RHyperLogLog<String> other = client.getHyperLogLog(key("hll2"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            seen.add(log.add("a"));
            seen.add(log.add("a"));
            List<String> many = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                many.add("member-" + i);
            }
            seen.add(log.addAll(many));
            seen.add(log.count());
            seen.add(other.addAll(List.of("a", "x", "y", "member-1")));
            seen.add(log.countWith(other.getName()));
            log.mergeWith(other.getName());
            seen.add(log.count());
            seen.add(other.count());
            return seen;
        });
        assertEquals(List.of(true, false, true), result.subList(0, 3));
        long estimate = (Long) result.get(3);
        assertTrue(Math.abs(estimate - 5_001) < 5_001 * 0.02, "estimate " + estimate);
        assertEquals(4L, result.get(7));
    }

    @Test
    void geo() {
        List<Object> result = onBoth(client -> {
            RGeo<String> geo = client.getGeo(key("geo"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            seen.add(geo.add(new GeoEntry(13.361389, 38.115556, "Palermo"),
                    new GeoEntry(15.087269, 37.502669, "Catania")));
            seen.add(geo.add(12.496366, 41.902782, "Rome"));
            seen.add(geo.tryAdd(0, 0, "Rome"));
            seen.add(geo.addIfExists(12.5, 41.9, "Rome"));
            seen.add(geo.dist("Palermo", "Catania", GeoUnit.KILOMETERS));
            seen.add(geo.dist("Palermo", "Nowhere", GeoUnit.METERS));
            seen.add(new TreeMap<>(geo.hash("Palermo", "Catania")));
            seen.add(new TreeMap<>(geo.pos("Palermo", "Rome")).toString());
            seen.add(geo.search(GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS).order(GeoOrder.ASC)));
            seen.add(geo.search(GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS)
                    .order(GeoOrder.DESC).count(1)));
            seen.add(geo.search(GeoSearchArgs.from("Palermo").box(400, 400, GeoUnit.KILOMETERS)
                    .order(GeoOrder.ASC)));
            seen.add(entries(geo.searchWithDistance(GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS)
                    .order(GeoOrder.ASC))));
            seen.add(entries(geo.searchWithPosition(GeoSearchArgs.from("Catania").radius(500, GeoUnit.KILOMETERS)
                    .order(GeoOrder.DESC).count(2))));
            seen.add(geo.radius(15, 37, 200, GeoUnit.KILOMETERS, GeoOrder.ASC));
            seen.add(geo.radius("Palermo", 1_000, GeoUnit.KILOMETERS, GeoOrder.DESC, 2));
            seen.add(entries(geo.radiusWithDistance("Rome", 500, GeoUnit.MILES, GeoOrder.ASC)));
            seen.add(geo.storeSearchTo(key("nearby"), GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS)));
            seen.add(geo.storeSortedSearchTo(key("byDistance"),
                    GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS)));
            seen.add(entries(client.<String>getScoredSortedSet(key("byDistance"), StringCodec.INSTANCE)
                    .entryRange(0, -1).stream().map(e -> Map.entry(e.getValue(), e.getScore())).toList()));
            return seen;
        });
        assertEquals(2L, result.get(0));
        assertEquals(166.2742, result.get(4));
        assertNull(result.get(5));
        assertEquals(List.of("Catania", "Palermo"), result.get(8));
    }

    @Test
    void stream() {
        List<Object> result = onBoth(client -> {
            RStream<String, String> stream = client.getStream(key("stream"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            stream.createGroup(StreamCreateGroupArgs.name("workers").id(StreamMessageId.ALL).makeStream());
            for (int i = 1; i <= 5; i++) {
                stream.add(new StreamMessageId(1_000, i), StreamAddArgs.entries("n", Integer.toString(i), "sq",
                        Integer.toString(i * i)));
            }
            seen.add(stream.size());
            seen.add(stream.read(StreamReadArgs.greaterThan(new StreamMessageId(1_000, 2)).count(2)).toString());
            seen.add(stream.range(2, StreamMessageId.MIN, StreamMessageId.MAX).toString());
            seen.add(stream.rangeReversed(1, StreamMessageId.MAX, StreamMessageId.MIN).toString());
            seen.add(stream.readGroup("workers", "alice", StreamReadGroupArgs.neverDelivered().count(3))
                    .keySet().toString());
            seen.add(stream.readGroup("workers", "bob", StreamReadGroupArgs.neverDelivered()).keySet().toString());
            PendingResult pending = stream.getPendingInfo("workers");
            seen.add(List.of(pending.getTotal(), pending.getLowestId(), pending.getHighestId(),
                    new TreeMap<>(pending.getConsumerNames())));
            seen.add(stream.ack("workers", new StreamMessageId(1_000, 1), new StreamMessageId(1_000, 9)));
            List<PendingEntry> entries = stream.listPending("workers", StreamMessageId.MIN, StreamMessageId.MAX,
                    10);
            seen.add(entries.stream().map(e -> e.getId() + "@" + e.getConsumerName() + "#"
                    + e.getLastTimeDelivered()).toList());
            seen.add(stream.claim("workers", "carol", 0, TimeUnit.MILLISECONDS, new StreamMessageId(1_000, 2))
                    .toString());
            seen.add(stream.fastClaim("workers", "carol", 0, TimeUnit.MILLISECONDS, new StreamMessageId(1_000, 3)));
            var auto = stream.autoClaim("workers", "dave", 0, TimeUnit.MILLISECONDS, StreamMessageId.MIN, 2);
            seen.add(List.of(auto.getNextId(), auto.getMessages().toString(), auto.getDeletedIds()));
            var fastAuto = stream.fastAutoClaim("workers", "erin", 0, TimeUnit.MILLISECONDS,
                    auto.getNextId(), 10);
            seen.add(List.of(fastAuto.getNextId(), fastAuto.getIds()));
            seen.add(stream.listGroups().stream().map(g -> g.getName() + ":" + g.getConsumers() + ":"
                    + g.getPending() + ":" + g.getLastDeliveredId() + ":" + g.getEntriesRead() + ":" + g.getLag())
                    .toList());
            seen.add(stream.listConsumers("workers").stream().map(c -> c.getName() + ":" + c.getPending())
                    .toList());
            var info = stream.getInfo();
            seen.add(List.of(info.getLength(), info.getGroups(), info.getLastGeneratedId(),
                    info.getFirstEntry().getId(), info.getLastEntry().getData()));
            seen.add(stream.remove(new StreamMessageId(1_000, 5)));
            seen.add(stream.removeConsumer("workers", "bob"));
            // blocking reads that time out: nothing new arrives
            seen.add(stream.readGroup("workers", "alice", StreamReadGroupArgs.neverDelivered()
                    .timeout(Duration.ofMillis(100))));
            seen.add(stream.read(StreamReadArgs.greaterThan(new StreamMessageId(1_000, 5))
                    .timeout(Duration.ofMillis(100))));
            stream.removeGroup("workers");
            seen.add(stream.listGroups().size());
            return seen;
        });
        assertEquals(5L, result.get(0));
        assertEquals(List.of(5L, new StreamMessageId(1_000, 1), new StreamMessageId(1_000, 5),
                new TreeMap<>(Map.of("alice", 3L, "bob", 2L))), result.get(6));
        assertEquals(1L, result.get(7));
    }

    @Test
    void streamWithGeneratedIdsAndABlockedReader() throws Exception {
        for (RedissonClient[] pair : sides.pairs()) {
            RStream<String, String> stream = pair[0].getStream(key("live"), StringCodec.INSTANCE);
            stream.createGroup(StreamCreateGroupArgs.name("g").makeStream());
            var reader = CompletableFuture.supplyAsync(() -> pair[1].<String, String>getStream(key("live"),
                    StringCodec.INSTANCE).readGroup("g", "c", StreamReadGroupArgs.neverDelivered()
                    .timeout(Duration.ofSeconds(10))));
            Thread.sleep(300);
            StreamMessageId id = stream.add(StreamAddArgs.entry("event", "started"));
            Map<StreamMessageId, Map<String, String>> read = reader.get(10, TimeUnit.SECONDS);
            assertEquals(Map.of(id, Map.of("event", "started")), read);
            assertEquals(1L, stream.ack("g", id));
            stream.delete();
        }
    }

    @Test
    void lockAcrossTwoClients() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            RLock lock = first.getLock(key("lock"));
            RLock same = second.getLock(key("lock"));
            lock.lock();
            lock.lock();
            seen.add(lock.getHoldCount());
            seen.add(lock.isHeldByCurrentThread());
            seen.add(elsewhere(() -> same.tryLock()));
            seen.add(elsewhere(() -> same.isLocked()));
            lock.unlock();
            seen.add(elsewhere(() -> same.tryLock()));
            lock.unlock();
            seen.add(lock.isLocked());
            seen.add(elsewhere(() -> same.tryLock()));
            seen.add(elsewhere(() -> {
                same.unlock();
                return same.isLocked();
            }));
            return seen;
        });
        assertEquals(List.of(2, true, false, true, false, false, true, false), result);
    }

    @Test
    void lockWithLeaseTimeExpiresAndContendersWait() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            RLock lock = first.getLock(key("lease"));
            RLock same = second.getLock(key("lease"));
            lock.lock(700, TimeUnit.MILLISECONDS);
            long ttl = lock.remainTimeToLive();
            seen.add(ttl > 0 && ttl <= 700);
            long start = System.nanoTime();
            // no unlock comes: the contender gets the lock once the lease runs out
            seen.add(elsewhere(() -> same.tryLock(5, 20, TimeUnit.SECONDS)));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            seen.add(waited >= 300 && waited < 4_500);
            seen.add(lock.isLocked());
            seen.add(lock.isHeldByCurrentThread());
            // an unlock wakes a waiting contender through its channel: without the message it would wait out the
            // 20 s lease and give up after its 5 s
            CountDownLatch waiting = new CountDownLatch(1);
            var contender = CompletableFuture.supplyAsync(() -> {
                waiting.countDown();
                try {
                    boolean got = lock.tryLock(5, 10, TimeUnit.SECONDS);
                    lock.unlock();
                    return got;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            await(waiting);
            sleep(200);
            start = System.nanoTime();
            elsewhere(() -> {
                same.forceUnlock();
                return null;
            });
            seen.add(contender.join());
            seen.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 4_500);
            return seen;
        });
        assertEquals(List.of(true, true, true, true, false, true, true), result);
    }

    @Test
    void lockWatchdogKeepsALockWithoutLeaseTime() {
        List<Object> result = onBoth((first, second) -> {
            RLock lock = first.getLock(key("watched"));
            lock.lock();
            sleep(RedissonSides.LOCK_WATCHDOG_MILLIS + 500);
            boolean stillHeld = elsewhere(() -> second.getLock(key("watched")).isLocked());
            long ttl = lock.remainTimeToLive();
            lock.unlock();
            return List.of(stillHeld, ttl > 0, lock.isLocked());
        });
        assertEquals(List.of(true, true, false), result);
    }

    @Test
    void mapAndMapCache() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            RMap<String, Long> map = client.getMap(key("map"),
                    new CompositeCodec(StringCodec.INSTANCE, LongCodec.INSTANCE));
            seen.add(map.put("a", 1L));
            seen.add(map.put("a", 2L));
            seen.add(map.putIfAbsent("a", 3L));
            seen.add(map.fastPut("b", 5L));
            seen.add(map.addAndGet("b", 10L));
            seen.add(map.get("b"));
            seen.add(new TreeMap<>(map.readAllMap()));
            seen.add(map.remove("a"));
            seen.add(map.size());
            RMapCache<String, String> cache = client.getMapCache(key("cache"), StringCodec.INSTANCE);
            seen.add(cache.put("forever", "1"));
            seen.add(cache.put("short", "2", 400, TimeUnit.MILLISECONDS));
            seen.add(cache.put("long", "3", 1, TimeUnit.HOURS));
            seen.add(cache.fastPutIfAbsent("long", "4", 1, TimeUnit.HOURS));
            seen.add(cache.get("short"));
            long ttl = cache.remainTimeToLive("long");
            seen.add(ttl > 3_500_000 && ttl <= 3_600_000);
            seen.add(cache.remainTimeToLive("forever"));
            seen.add(cache.remainTimeToLive("missing"));
            seen.add(cache.size());
            sleep(600);
            seen.add(cache.get("short"));
            seen.add(cache.containsKey("short"));
            seen.add(new TreeMap<>(cache.readAllMap()));
            seen.add(cache.put("idle", "5", 0, TimeUnit.SECONDS, 300, TimeUnit.MILLISECONDS));
            seen.add(cache.expireEntry("forever", Duration.ofMinutes(5), Duration.ZERO));
            seen.add(cache.remainTimeToLive("forever") > 0);
            return seen;
        });
        assertEquals(List.of(true, 15L, 15L, Map.of("a", 2L, "b", 15L), 2L, 1), result.subList(3, 9));
        assertEquals("2", result.get(13));
        assertNull(result.get(18));
        assertEquals(Map.of("forever", "1", "long", "3"), result.get(20));
    }

    @Test
    void atomicLongAndBucket() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            var counter = client.getAtomicLong(key("counter"));
            seen.add(counter.get());
            seen.add(counter.incrementAndGet());
            seen.add(counter.addAndGet(41));
            seen.add(counter.compareAndSet(42, 100));
            seen.add(counter.compareAndSet(42, 7));
            seen.add(counter.decrementAndGet());
            seen.add(counter.getAndSet(-5));
            seen.add(counter.getAndDelete());
            seen.add(counter.isExists());
            RBucket<String> bucket = client.getBucket(key("bucket"), StringCodec.INSTANCE);
            bucket.set("hello", Duration.ofSeconds(10));
            long ttl = bucket.remainTimeToLive();
            seen.add(ttl > 9_000 && ttl <= 10_000);
            seen.add(bucket.get());
            seen.add(bucket.setIfAbsent("other"));
            seen.add(bucket.setIfExists("world", Duration.ofMillis(300)));
            seen.add(bucket.getAndSet("again"));
            seen.add(bucket.remainTimeToLive());
            seen.add(bucket.compareAndSet("again", "swapped"));
            seen.add(bucket.size());
            seen.add(bucket.expireIfLess(Duration.ofHours(1)));
            seen.add(bucket.expireIfGreater(Duration.ofHours(2)));
            seen.add(bucket.expireIfGreater(Duration.ofMinutes(1)));
            seen.add(bucket.expire(Duration.ofMillis(300)));
            sleep(500);
            seen.add(bucket.get());
            seen.add(bucket.remainTimeToLive());
            seen.add(bucket.trySet("fresh", 1, TimeUnit.MINUTES));
            seen.add(bucket.getAndExpire(Duration.ofSeconds(30)));
            seen.add(bucket.getAndClearExpire());
            seen.add(bucket.remainTimeToLive());
            RBucket<Long> number = client.getBucket(key("number"), LongCodec.INSTANCE);
            number.set(12L);
            seen.add(number.get());
            return seen;
        });
        assertEquals(List.of(0L, 1L, 42L, true, false, 99L, 99L, -5L, false, true, "hello"),
                result.subList(0, 11));
        assertEquals(List.of(true, true, false, true), result.subList(17, 21));
        assertNull(result.get(21));
        assertEquals(-2L, result.get(22));
    }

    @Test
    void scoredSortedSet() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            RScoredSortedSet<String> set = client.getScoredSortedSet(key("zset"), StringCodec.INSTANCE);
            seen.add(set.add(1.5, "one"));
            seen.add(set.addAll(Map.of("two", 2.0, "three", 3.0, "minus", -1.0)));
            seen.add(set.add(9, "one"));
            seen.add(set.addScore("two", 0.25));
            seen.add(set.rank("two"));
            seen.add(set.revRank("two"));
            seen.add(set.getScore("three"));
            seen.add(List.copyOf(set.valueRange(0, -1)));
            seen.add(set.entryRange(1, 2).toString());
            seen.add(List.copyOf(set.valueRange(0, true, 3, false)));
            seen.add(set.count(-10, true, 2.25, true));
            seen.add(set.first());
            seen.add(set.lastScore());
            seen.add(set.pollFirst());
            seen.add(set.pollLast());
            seen.add(set.addIfGreater(1, "three"));
            seen.add(set.addIfLess(1, "three"));
            seen.add(set.removeRangeByScore(0, true, 2, true));
            seen.add(set.readAll().toString());
            return seen;
        });
        assertEquals(List.of(true, 3, false, 2.25, 1, 2, 3.0, List.of("minus", "two", "three", "one")),
                result.subList(0, 8));
    }

    @Test
    void blockingQueuePollWithTimeout() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            RBlockingQueue<String> queue = first.getBlockingQueue(key("queue"), StringCodec.INSTANCE);
            long start = System.nanoTime();
            seen.add(poll(queue, 300));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            seen.add(waited >= 250 && waited < 3_000);
            var waiter = CompletableFuture.supplyAsync(() -> poll(queue, 5_000));
            sleep(300);
            second.<String>getBlockingQueue(key("queue"), StringCodec.INSTANCE).offer("job-1");
            seen.add(waiter.join());
            queue.addAll(List.of("a", "b", "c"));
            seen.add(poll(queue, 100));
            seen.add(queue.pollLastAndOfferFirstTo(key("other")));
            seen.add(queue.readAll());
            seen.add(first.getList(key("other"), StringCodec.INSTANCE).readAll());
            return seen;
        });
        assertEquals(List.of(true, "job-1", "a", "c", List.of("b"), List.of("c")), result.subList(1, 7));
        assertNull(result.get(0));
    }

    @Test
    void topic() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            List<String> received = new CopyOnWriteArrayList<>();
            CountDownLatch two = new CountDownLatch(2);
            RTopic listening = second.getTopic(key("news"), StringCodec.INSTANCE);
            int id = listening.addListener(String.class, (channel, message) -> {
                received.add(channel + ":" + message);
                two.countDown();
            });
            var patterns = second.getPatternTopic(prefix + "n*", StringCodec.INSTANCE);
            int patternId = patterns.addListener(String.class, (pattern, channel, message) -> {
                received.add("pattern:" + message);
                two.countDown();
            });
            RTopic publishing = first.getTopic(key("news"), StringCodec.INSTANCE);
            seen.add(publishing.countSubscribers());
            seen.add(publishing.publish("hello"));
            await(two);
            seen.add(received.stream().sorted().toList());
            listening.removeListener(id);
            patterns.removeListener(patternId);
            seen.add(publishing.publish("nobody"));
            return seen;
        });
        assertEquals(List.of(1L, 2L, List.of("pattern:hello", key("news") + ":hello"), 0L), result);
    }

    @Test
    void streamTrimmingAndGroupAdministration() {
        List<Object> result = onBoth(client -> {
            RStream<String, String> stream = client.getStream(key("trim"), StringCodec.INSTANCE);
            RStream<String, String> second = client.getStream(key("second"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                stream.add(new StreamMessageId(5, i), StreamAddArgs.entry("i", Integer.toString(i)));
            }
            second.add(new StreamMessageId(7, 0), StreamAddArgs.entry("s", "x"));
            seen.add(stream.trim(StreamTrimArgs.maxLen(8).noLimit()));
            seen.add(stream.trimNonStrict(StreamTrimArgs.maxLen(2).limit(100)));
            seen.add(stream.trim(StreamTrimArgs.minId(new StreamMessageId(5, 5)).noLimit()));
            stream.add(new StreamMessageId(5, 11), StreamAddArgs.entry("i", "11").trim().maxLen(4).noLimit());
            seen.add(stream.size());
            stream.createGroup(StreamCreateGroupArgs.name("g").id(new StreamMessageId(5, 6)));
            second.createGroup(StreamCreateGroupArgs.name("g").id(StreamMessageId.ALL));
            stream.createConsumer("g", "idle");
            seen.add(stream.listConsumers("g").stream().map(c -> c.getName() + ":" + c.getPending()).toList());
            seen.add(stream.readGroup("g", "c", StreamReadGroupArgs.neverDelivered().count(1)).keySet().toString());
            stream.updateGroupMessageId("g", new StreamMessageId(5, 8));
            seen.add(stream.readGroup("g", "c", StreamReadGroupArgs.neverDelivered().count(1)).keySet().toString());
            seen.add(stream.readGroup("g", "c", StreamMultiReadGroupArgs.greaterThan(StreamMessageId.NEVER_DELIVERED,
                    second.getName(), StreamMessageId.NEVER_DELIVERED)).entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue().keySet()).sorted().toList());
            seen.add(stream.read(StreamMultiReadArgs.greaterThan(new StreamMessageId(5, 8),
                    second.getName(), StreamMessageId.ALL)).entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue().keySet().size()).sorted().toList());
            seen.add(stream.listPending(StreamPendingRangeArgs.groupName("g").startId(StreamMessageId.MIN)
                    .endId(StreamMessageId.MAX).count(10).consumerName("c").idleTime(Duration.ZERO)).stream()
                    .map(e -> e.getId().toString()).toList());
            seen.add(stream.pendingRange("g", "c", StreamMessageId.MIN, StreamMessageId.MAX, 10).toString());
            seen.add(stream.listGroups().stream().map(g -> g.getName() + ":" + g.getPending() + ":"
                    + g.getLastDeliveredId()).toList());
            return seen;
        });
        assertEquals(List.of(2L, 0L, 2L, 4L), result.subList(0, 4));
    }

    @Test
    void reliableTopicRunsOnAStream() {
        List<Object> result = onBoth((first, second) -> {
            List<String> received = new CopyOnWriteArrayList<>();
            CountDownLatch three = new CountDownLatch(3);
            RReliableTopic listening = second.getReliableTopic(key("reliable"), StringCodec.INSTANCE);
            String id = listening.addListener(String.class, (channel, message) -> {
                received.add(message);
                three.countDown();
            });
            RReliableTopic publishing = first.getReliableTopic(key("reliable"), StringCodec.INSTANCE);
            List<Object> seen = new ArrayList<>();
            seen.add(publishing.countSubscribers());
            for (String message : List.of("one", "two", "three")) {
                seen.add(publishing.publish(message));
            }
            await(three);
            seen.add(List.copyOf(received));
            listening.removeListener(id);
            seen.add(publishing.countSubscribers());
            return seen;
        });
        assertEquals(List.of(1, 1L, 1L, 1L, List.of("one", "two", "three"), 0), result);
    }

    @Test
    void newTypesInBatchesAndTransactions() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            for (ExecutionMode mode : List.of(ExecutionMode.IN_MEMORY, ExecutionMode.IN_MEMORY_ATOMIC)) {
                RBatch batch = client.createBatch(BatchOptions.defaults().executionMode(mode));
                String suffix = mode.name();
                batch.getBitSet(key("bits" + suffix)).setAsync(7);
                batch.getBitSet(key("bits" + suffix)).cardinalityAsync();
                batch.getHyperLogLog(key("hll" + suffix), StringCodec.INSTANCE).addAllAsync(List.of("a", "b"));
                batch.getHyperLogLog(key("hll" + suffix), StringCodec.INSTANCE).countAsync();
                batch.getGeo(key("geo" + suffix), StringCodec.INSTANCE).addAsync(13.361389, 38.115556, "Palermo");
                batch.getGeo(key("geo" + suffix), StringCodec.INSTANCE).addAsync(15.087269, 37.502669, "Catania");
                batch.getGeo(key("geo" + suffix), StringCodec.INSTANCE).distAsync("Palermo", "Catania",
                        GeoUnit.METERS);
                batch.getStream(key("st" + suffix), StringCodec.INSTANCE).addAsync(new StreamMessageId(1, 1),
                        StreamAddArgs.entry("k", "v"));
                batch.getStream(key("st" + suffix), StringCodec.INSTANCE).sizeAsync();
                seen.add(batch.execute().getResponses());
            }
            RTransaction transaction = client.createTransaction(TransactionOptions.defaults());
            transaction.getBucket(key("tx"), StringCodec.INSTANCE).set("value");
            transaction.getMap(key("txmap"), StringCodec.INSTANCE).put("f", "v");
            transaction.commit();
            seen.add(client.getBucket(key("tx"), StringCodec.INSTANCE).get());
            seen.add(client.getMap(key("txmap"), StringCodec.INSTANCE).get("f"));
            return seen;
        });
        assertEquals(List.of(false, 1L, true, 2L, 1L, 1L, 166274.1516, 1L), ((List<?>) result.get(0)).stream()
                .filter(java.util.Objects::nonNull).toList());
    }

    @Test
    void luaScriptedSynchronizers() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            RReadWriteLock rw = first.getReadWriteLock(key("rw"));
            rw.readLock().lock();
            seen.add(elsewhere(() -> second.getReadWriteLock(key("rw")).readLock().tryLock()));
            seen.add(elsewhere(() -> second.getReadWriteLock(key("rw")).writeLock().tryLock()));
            rw.readLock().unlock();
            seen.add(elsewhere(() -> {
                RReadWriteLock other = second.getReadWriteLock(key("rw"));
                other.readLock().unlock();
                boolean got = other.writeLock().tryLock(1, 5, TimeUnit.SECONDS);
                other.writeLock().unlock();
                return got;
            }));
            RLock fair = first.getFairLock(key("fair"));
            fair.lock();
            seen.add(elsewhere(() -> second.getFairLock(key("fair")).tryLock(100, TimeUnit.MILLISECONDS)));
            fair.unlock();
            seen.add(elsewhere(() -> {
                RLock other = second.getFairLock(key("fair"));
                boolean got = other.tryLock(1, TimeUnit.SECONDS);
                other.unlock();
                return got;
            }));
            RSemaphore semaphore = first.getSemaphore(key("semaphore"));
            seen.add(semaphore.trySetPermits(2));
            seen.add(semaphore.tryAcquire(2));
            seen.add(semaphore.tryAcquire());
            semaphore.release();
            seen.add(semaphore.availablePermits());
            RPermitExpirableSemaphore expirable = first.getPermitExpirableSemaphore(key("expirable"));
            seen.add(expirable.trySetPermits(1));
            String permit = elsewhere(() -> expirable.tryAcquire(0, 300, TimeUnit.MILLISECONDS));
            seen.add(permit != null);
            seen.add(expirable.tryAcquire() == null);
            sleep(400);
            seen.add(expirable.availablePermits());
            RCountDownLatch latch = first.getCountDownLatch(key("latch"));
            seen.add(latch.trySetCount(2));
            var waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return second.getCountDownLatch(key("latch")).await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            latch.countDown();
            latch.countDown();
            seen.add(waiting.join());
            RRateLimiter limiter = first.getRateLimiter(key("limiter"));
            seen.add(limiter.trySetRate(RateType.OVERALL, 2, Duration.ofSeconds(10)));
            seen.add(List.of(limiter.tryAcquire(), limiter.tryAcquire(), limiter.tryAcquire()));
            seen.add(limiter.availablePermits());
            return seen;
        });
        assertEquals(List.of(true, false, true, false, true, true, true, false, 1, true, true, true, 1, true, true,
                true, List.of(true, true, false), 0L), result);
    }

    @Test
    void scriptedCollections() {
        List<Object> result = onBoth((first, second) -> {
            List<Object> seen = new ArrayList<>();
            RSetCache<String> setCache = first.getSetCache(key("setcache"), StringCodec.INSTANCE);
            seen.add(setCache.add("short", 300, TimeUnit.MILLISECONDS));
            seen.add(setCache.add("long", 1, TimeUnit.HOURS));
            seen.add(setCache.contains("short"));
            RMapCache<String, String> bounded = first.getMapCache(key("bounded"), StringCodec.INSTANCE);
            seen.add(bounded.trySetMaxSize(2));
            for (String k : List.of("a", "b", "c")) {
                bounded.put(k, k.toUpperCase());
            }
            seen.add(new TreeMap<>(bounded.readAllMap()));
            RTimeSeries<String, String> series = first.getTimeSeries(key("series"), StringCodec.INSTANCE);
            series.add(10, "ten");
            series.add(20, "twenty", "label");
            series.add(30, "thirty", Duration.ofMillis(200));
            seen.add(List.copyOf(series.range(0, 100)));
            seen.add(series.getEntry(20).getLabel());
            RRingBuffer<String> ring = first.getRingBuffer(key("ring"), StringCodec.INSTANCE);
            seen.add(ring.trySetCapacity(2));
            ring.addAll(List.of("x", "y", "z"));
            seen.add(ring.readAll());
            RDelayedQueue<String> delayed = first.getDelayedQueue(first.getQueue(key("target"),
                    StringCodec.INSTANCE));
            delayed.offer("later", 300, TimeUnit.MILLISECONDS);
            seen.add(first.getQueue(key("target"), StringCodec.INSTANCE).peek());
            sleep(450);
            seen.add(setCache.contains("short"));
            seen.add(List.copyOf(series.range(0, 100)));
            seen.add(eventually(() -> first.<String>getQueue(key("target"), StringCodec.INSTANCE).poll()));
            delayed.destroy();
            var ids = first.getIdGenerator(key("ids"));
            seen.add(ids.tryInit(100, 10));
            seen.add(List.of(ids.nextId(), ids.nextId()));
            var adder = first.getLongAdder(key("adder"));
            adder.add(5);
            adder.increment();
            seen.add(adder.sum());
            adder.destroy();
            RBinaryStream binary = first.getBinaryStream(key("binary"));
            binary.set("hello world".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            seen.add(binary.size());
            return seen;
        });
        assertEquals(List.of(true, true, true, true, Map.of("b", "B", "c", "C")), result.subList(0, 5));
    }

    @Test
    void keysScriptsAndFunctions() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                client.getBucket(key("k" + i), StringCodec.INSTANCE).set("v" + i);
            }
            RKeys keys = client.getKeys();
            seen.add(keys.getKeysStreamByPattern(prefix + "k*", 2).sorted().toList());
            seen.add(keys.countExists(key("k0"), key("k1"), key("none")));
            seen.add(keys.deleteByPattern(prefix + "k*"));
            seen.add(keys.countExists(key("k0")));
            RScript script = client.getScript(StringCodec.INSTANCE);
            seen.add(script.<Object>eval(RScript.Mode.READ_WRITE, "redis.call('set', KEYS[1], ARGV[1]); "
                    + "return redis.call('get', KEYS[1])", RScript.ReturnType.VALUE, List.of(key("s")), "x"));
            String sha = script.scriptLoad("return ARGV[1] .. KEYS[1]");
            seen.add(script.<Object>evalSha(RScript.Mode.READ_ONLY, sha, RScript.ReturnType.VALUE,
                    List.of("k"), "v"));
            RFunction functions = client.getFunction(StringCodec.INSTANCE);
            String library = "redissontest" + Long.toHexString(System.nanoTime());
            functions.load(library, "redis.register_function{function_name='" + library + "_echo', "
                    + "callback=function(keys, args) return args[1] end, flags={'no-writes'}}");
            seen.add(functions.<Object>call(FunctionMode.READ, library + "_echo", FunctionResult.VALUE,
                    List.of(), "echoed"));
            functions.delete(library);
            return seen;
        });
        assertEquals(List.of(List.of(key("k0"), key("k1"), key("k2"), key("k3"), key("k4")), 2L, 5L, 0L, "x", "vk",
                "echoed"), result);
    }

    @Test
    void listenersOnKeyspaceEvents() {
        List<Object> result = withKeyspaceEvents("KEA", () -> onBoth(client -> {
            List<String> events = new CopyOnWriteArrayList<>();
            RStream<String, String> stream = client.getStream(key("events"), StringCodec.INSTANCE);
            List<Integer> streamListeners = List.of(
                    stream.addListener((StreamAddListener) name -> events.add("stream add")),
                    stream.addListener((StreamTrimListener) name -> events.add("stream trim")),
                    stream.addListener((StreamRemoveListener) name -> events.add("stream remove")),
                    stream.addListener((StreamCreateGroupListener) name -> events.add("stream create group")),
                    stream.addListener((StreamRemoveGroupListener) name -> events.add("stream remove group")),
                    stream.addListener((StreamCreateConsumerListener) name -> events.add("stream create consumer")),
                    stream.addListener((StreamRemoveConsumerListener) name -> events.add("stream remove consumer")));
            RBucket<String> bucket = client.getBucket(key("watched"), StringCodec.INSTANCE);
            List<Integer> bucketListeners = List.of(
                    bucket.addListener((SetObjectListener) name -> events.add("bucket set")),
                    bucket.addListener((ExpiredObjectListener) name -> events.add("bucket expired")),
                    bucket.addListener((DeletedObjectListener) name -> events.add("bucket deleted")));
            RScoredSortedSet<String> zset = client.getScoredSortedSet(key("zwatched"), StringCodec.INSTANCE);
            List<Integer> zsetListeners = List.of(
                    zset.addListener((ScoredSortedSetAddListener) name -> events.add("zset add")),
                    zset.addListener((ScoredSortedSetRemoveListener) name -> events.add("zset remove")));
            stream.add(new StreamMessageId(1, 1), StreamAddArgs.entry("a", "1"));
            stream.add(new StreamMessageId(1, 2), StreamAddArgs.entry("a", "2"));
            stream.add(new StreamMessageId(1, 3), StreamAddArgs.entry("a", "3").trim().maxLen(2).noLimit());
            stream.trim(StreamTrimArgs.maxLen(1).noLimit());
            stream.remove(new StreamMessageId(1, 3));
            stream.createGroup(StreamCreateGroupArgs.name("g"));
            stream.createConsumer("g", "c");
            stream.removeConsumer("g", "c");
            stream.removeGroup("g");
            bucket.set("v");
            bucket.delete();
            bucket.set("short-lived", Duration.ofMillis(100));
            zset.add(1, "m");
            zset.remove("m");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (events.size() < 16 && System.nanoTime() < deadline) {
                sleep(20);
            }
            sleep(100);
            streamListeners.forEach(stream::removeListener);
            bucketListeners.forEach(bucket::removeListener);
            zsetListeners.forEach(zset::removeListener);
            return List.<Object>copyOf(events.stream().sorted().toList());
        }));
        assertEquals(List.of("bucket deleted", "bucket expired", "bucket set", "bucket set", "stream add",
                "stream add", "stream add", "stream create consumer", "stream create group", "stream remove",
                "stream remove consumer", "stream remove group", "stream trim", "stream trim", "zset add",
                "zset remove"), result);
    }

    @Test
    void dumpRestoreCopyAndEncodingOfTheNewTypes() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            client.getBitSet(key("bits")).set(new long[] {1, 9, 700}, true);
            client.getHyperLogLog(key("hll"), StringCodec.INSTANCE).addAll(List.of("a", "b", "c"));
            RHyperLogLog<String> dense = client.getHyperLogLog(key("dense"), StringCodec.INSTANCE);
            List<String> many = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                many.add("m" + i);
            }
            dense.addAll(many);
            client.getGeo(key("geo"), StringCodec.INSTANCE).add(13.361389, 38.115556, "Palermo");
            RStream<String, String> stream = client.getStream(key("stream"), StringCodec.INSTANCE);
            for (int i = 1; i <= 3; i++) {
                stream.add(new StreamMessageId(9, i), StreamAddArgs.entry("f", "v" + i));
            }
            client.getBloomFilter(key("bloom"), StringCodec.INSTANCE).tryInit(50, 0.1);
            client.getBloomFilter(key("bloom"), StringCodec.INSTANCE).add("x");
            for (String name : List.of("bits", "hll", "dense", "geo", "stream", "bloom")) {
                var object = client.getBucket(key(name));
                byte[] dump = object.dump();
                seen.add(name + " dump " + HexFormat.of().formatHex(dump));
                seen.add(name + " encoding " + object.getInternalEncoding());
                seen.add(name + " copy " + object.copy(key(name + "-copy")));
                var restored = client.getBucket(key(name + "-restored"));
                restored.restore(dump, 1, TimeUnit.MINUTES);
                seen.add(name + " restored " + HexFormat.of().formatHex(restored.dump()));
                seen.add(name + " restored ttl " + (restored.remainTimeToLive() > 0));
                restored.rename(key(name + "-renamed"));
                seen.add(name + " renamed " + client.getKeys().getType(key(name + "-renamed")));
                seen.add(name + " touch " + object.touch());
                seen.add(name + " unlink " + object.unlink());
            }
            seen.add(client.getHyperLogLog(key("hll-copy"), StringCodec.INSTANCE).count());
            seen.add(client.getStream(key("stream-copy"), StringCodec.INSTANCE).size());
            seen.add(client.getGeo(key("geo-copy"), StringCodec.INSTANCE).pos("Palermo").toString());
            seen.add(client.getBitSet(key("bits-copy")).cardinality());
            return seen;
        });
        assertEquals(List.of(3L, 3L), List.of(result.get(result.size() - 4), result.get(result.size() - 3)));
        assertEquals(3L, result.get(result.size() - 1));
    }

    @Test
    void nodeIntrospection() {
        for (RedissonClient client : sides.both()) {
            var node = client.getRedisNodes(org.redisson.api.redisnode.RedisNodes.SINGLE).getInstance();
            assertTrue(node.ping());
            assertTrue(node.time().getSeconds() > 1_700_000_000L);
            var info = node.info(org.redisson.api.redisnode.RedisNode.InfoSection.SERVER);
            assertEquals("7.0.15", info.get("redis_version"));
            assertTrue(node.info(org.redisson.api.redisnode.RedisNode.InfoSection.ALL).containsKey("used_memory"));
            assertEquals("notify-keyspace-events", node.getConfig("notify-keyspace-events").keySet().iterator()
                    .next());
            assertTrue(node.size() >= 0);
            assertTrue(client.getKeys().count() >= 0);
        }
    }

    @Test
    void optionsOfTheNewTypes() {
        List<Object> result = onBoth(client -> {
            List<Object> seen = new ArrayList<>();
            RGeo<String> geo = client.getGeo(key("geo"), StringCodec.INSTANCE);
            geo.add(new GeoEntry(13.361389, 38.115556, "Palermo"), new GeoEntry(15.087269, 37.502669, "Catania"),
                    new GeoEntry(12.496366, 41.902782, "Rome"));
            seen.add(geo.addIfExists(new GeoEntry(13.4, 38.1, "Palermo"), new GeoEntry(1, 1, "Nowhere")));
            seen.add(geo.tryAdd(new GeoEntry(1, 1, "Rome"), new GeoEntry(9.19, 45.4642, "Milan")));
            seen.add(geo.search(GeoSearchArgs.from(15, 37).radius(1_000, GeoUnit.KILOMETERS).countAny(2)).size());
            seen.add(geo.storeSortedSearchTo(key("sorted"), GeoSearchArgs.from("Rome").box(2_000, 2_000,
                    GeoUnit.KILOMETERS).order(GeoOrder.ASC).count(3)));
            seen.add(geo.radiusStoreTo(key("stored"), 15, 37, 300, GeoUnit.KILOMETERS));
            seen.add(geo.radiusStoreSortedTo(key("storedSorted"), "Palermo", 300, GeoUnit.KILOMETERS, 1));
            seen.add(entries(geo.radiusWithPosition(15, 37, 300, GeoUnit.KILOMETERS, GeoOrder.DESC, 2)));
            seen.add(geo.dist("Rome", "Milan", GeoUnit.FEET));
            seen.add(client.getScoredSortedSet(key("sorted"), StringCodec.INSTANCE).readAll().toString());

            RStream<String, String> stream = client.getStream(key("stream"), StringCodec.INSTANCE);
            seen.add(stream.isExists());
            stream.add(new StreamMessageId(3, 1), StreamAddArgs.entry("a", "1"));
            stream.add(new StreamMessageId(3, 2), StreamAddArgs.entry("a", "2"));
            stream.createGroup(StreamCreateGroupArgs.name("lagging").id(StreamMessageId.ALL).entriesRead(1));
            stream.createGroup(StreamCreateGroupArgs.name("latest").id(StreamMessageId.NEWEST));
            seen.add(stream.readGroup("lagging", "c", StreamReadGroupArgs.neverDelivered().noAck()).keySet()
                    .toString());
            seen.add(stream.getPendingInfo("lagging").getTotal());
            seen.add(stream.listGroups().stream().map(g -> g.getName() + ":" + g.getLastDeliveredId() + ":"
                    + g.getEntriesRead() + ":" + g.getLag()).toList());
            seen.add(stream.trimNonStrict(StreamTrimArgs.minId(new StreamMessageId(3, 2)).limit(10)));
            seen.add(stream.trim(StreamTrimArgs.minId(new StreamMessageId(3, 2)).noLimit()));
            seen.add(stream.rangeReversed(StreamMessageId.MAX, StreamMessageId.MIN).toString());
            seen.add(failure(() -> stream.createGroup(StreamCreateGroupArgs.name("latest"))));
            seen.add(failure(() -> stream.ack("missing", new StreamMessageId(3, 2))));
            seen.add(failure(() -> stream.readGroup("missing", "c", StreamReadGroupArgs.neverDelivered())));

            RHyperLogLog<String> one = client.getHyperLogLog(key("one"), StringCodec.INSTANCE);
            RHyperLogLog<String> two = client.getHyperLogLog(key("two"), StringCodec.INSTANCE);
            RHyperLogLog<String> three = client.getHyperLogLog(key("three"), StringCodec.INSTANCE);
            one.addAll(List.of("a", "b"));
            two.addAll(List.of("b", "c"));
            three.addAll(List.of("c", "d", "e"));
            seen.add(one.countWith(two.getName(), three.getName()));
            one.mergeWith(two.getName(), three.getName());
            seen.add(one.count());
            seen.add(failure(() -> client.getHyperLogLog(key("stream"), StringCodec.INSTANCE).count()));

            RBloomFilter<String> missing = client.getBloomFilter(key("no-bloom"), StringCodec.INSTANCE);
            seen.add(failure(missing::getExpectedInsertions));
            RBitSet bits = client.getBitSet(key("bits"));
            seen.add(bits.incrementAndGetByte(0, (byte) 127));
            seen.add(bits.incrementAndGetByte(0, (byte) 1));
            seen.add(bits.setInteger(8, Integer.MIN_VALUE));
            seen.add(bits.incrementAndGetLong(100, -1));
            seen.add(bits.length());
            seen.add(failure(() -> client.getBitSet(key("stream")).cardinality()));
            return seen;
        });
        assertEquals(List.of(0L, 1L, 2, 3L, 2L, 2L), result.subList(0, 6));
        assertEquals(List.of(5L, 5L), result.subList(19, 21));
    }

    @Test
    void clientSideCachingSeesOtherClientsWrites() {
        List<Object> result = sides.onBothWithResp3((resp3, writer) -> {
            List<Object> seen = new ArrayList<>();
            RClientSideCaching caching = resp3.getClientSideCaching(ClientSideCachingOptions.defaults());
            RBucket<String> cached = caching.getBucket(key("cached"), StringCodec.INSTANCE);
            RBucket<String> written = writer.getBucket(key("cached"), StringCodec.INSTANCE);
            written.set("v1");
            seen.add(cached.get());
            long getsBefore = commandCalls(writer, "get");
            for (int i = 0; i < 5; i++) {
                seen.add(cached.get());
            }
            seen.add("GETs sent for 5 cached reads: " + (commandCalls(writer, "get") - getsBefore));
            written.set("v2");
            seen.add(eventuallyEquals("v2", cached::get));
            RStream<String, String> stream = caching.getStream(key("cachedStream"), StringCodec.INSTANCE);
            writer.<String, String>getStream(key("cachedStream"), StringCodec.INSTANCE)
                    .add(new StreamMessageId(1, 1), StreamAddArgs.entry("f", "1"));
            seen.add(stream.range(StreamMessageId.MIN, StreamMessageId.MAX).toString());
            writer.<String, String>getStream(key("cachedStream"), StringCodec.INSTANCE)
                    .add(new StreamMessageId(1, 2), StreamAddArgs.entry("f", "2"));
            seen.add(eventuallyEquals("{1-1={f=1}, 1-2={f=2}}",
                    () -> stream.range(StreamMessageId.MIN, StreamMessageId.MAX).toString()));
            caching.destroy();
            return seen;
        });
        assertEquals(List.of("v1", "v1", "v1", "v1", "v1", "v1", "GETs sent for 5 cached reads: 0", "v2",
                "{1-1={f=1}}", "{1-1={f=1}, 1-2={f=2}}"), result);
    }

    /** How many times the server has run {@code command}, from INFO commandstats. */
    private static long commandCalls(RedissonClient client, String command) {
        var stats = client.getRedisNodes(org.redisson.api.redisnode.RedisNodes.SINGLE).getInstance()
                .info(org.redisson.api.redisnode.RedisNode.InfoSection.COMMANDSTATS);
        String line = stats.getOrDefault("cmdstat_" + command, "calls=0,");
        return Long.parseLong(line.substring("calls=".length(), line.indexOf(',')));
    }

    @Test
    void keysOfEachObjectAreTheTypesRedisGivesThem() {
        List<Object> result = onBoth(client -> {
            client.getBloomFilter(key("bf"), StringCodec.INSTANCE).tryInit(100, 0.1);
            client.getBloomFilter(key("bf"), StringCodec.INSTANCE).add("x");
            client.getHyperLogLog(key("hll"), StringCodec.INSTANCE).add("x");
            client.getGeo(key("geo"), StringCodec.INSTANCE).add(1, 2, "x");
            client.getStream(key("st"), StringCodec.INSTANCE).add(StreamAddArgs.entry("a", "b"));
            var keys = client.getKeys();
            List<Object> seen = new ArrayList<>();
            for (String name : List.of("bf", "{" + key("bf") + "}:config", "hll", "geo", "st")) {
                String full = name.startsWith("{") ? name : key(name);
                seen.add(name + "=" + keys.getType(full));
            }
            seen.add(keys.getKeysByPattern(prefix + "*").iterator().hasNext());
            return seen;
        });
        assertEquals(List.of("bf=OBJECT", "{" + key("bf") + "}:config=MAP", "hll=OBJECT", "geo=ZSET", "st=STREAM",
                true), result);
    }

    private static List<Boolean> toList(boolean[] values) {
        List<Boolean> list = new ArrayList<>();
        for (boolean value : values) {
            list.add(value);
        }
        return list;
    }

    private static List<String> entries(Map<?, ?> map) {
        return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private static List<String> entries(List<? extends Map.Entry<?, ?>> list) {
        return list.stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private static String poll(RBlockingQueue<String> queue, long millis) {
        try {
            return queue.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS), "timed out waiting");
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code value}'s result once it is {@code expected}, or its last result after 5 s. */
    private static <T> T eventuallyEquals(T expected, java.util.function.Supplier<T> value) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        T seen = value.get();
        while (!expected.equals(seen) && System.nanoTime() < deadline) {
            sleep(20);
            seen = value.get();
        }
        return seen;
    }

    private static <T> T eventually(java.util.function.Supplier<T> value) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        T seen = value.get();
        while (seen == null && System.nanoTime() < deadline) {
            sleep(20);
            seen = value.get();
        }
        return seen;
    }

    /** Runs {@code steps} with notify-keyspace-events set to {@code flags} on both servers, then puts it back. */
    private static <T> T withKeyspaceEvents(String flags, java.util.function.Supplier<T> steps) {
        try (var redisConfig = RealRedis.shared().jedis(); var ourConfig = TestRedactor.shared().jedis()) {
            String redisBefore = redisConfig.configGet("notify-keyspace-events").get("notify-keyspace-events");
            String ourBefore = ourConfig.configGet("notify-keyspace-events").get("notify-keyspace-events");
            redisConfig.configSet("notify-keyspace-events", flags);
            ourConfig.configSet("notify-keyspace-events", flags);
            try {
                return steps.get();
            } finally {
                redisConfig.configSet("notify-keyspace-events", redisBefore);
                ourConfig.configSet("notify-keyspace-events", ourBefore);
            }
        }
    }

    /** The exception a call ends in: its class and message, without Redisson's description of the channel. */
    private static String failure(Runnable call) {
        try {
            call.run();
            return "no error";
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            int channel = message.indexOf(". channel:");
            return e.getClass().getSimpleName() + ": " + (channel < 0 ? message : message.substring(0, channel));
        }
    }
}
