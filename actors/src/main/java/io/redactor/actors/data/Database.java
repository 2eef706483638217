package io.redactor.actors.data;

import io.redactor.actors.data.stream.StreamValue;
import io.redactor.actors.effects.Effects;

import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One database of one partition: its keys, their values and expiry times. Owned by the partition actor;
 * single-threaded. Keys whose time has passed are removed when touched (lazy expiry) and by
 * {@link #expireSample} (active expiry).
 */
public final class Database implements Db {
    private static final byte[] DEL = {'D', 'E', 'L'};
    private static final byte[] UNLINK = {'U', 'N', 'L', 'I', 'N', 'K'};
    private final int index;
    private final DataEnvironment env;
    private final CommandClock clock;
    private final KeyObserver observer;
    private final Effects effects;
    private final MemoryMeter meter;
    private KeyTable table;

    public Database(int index, DataEnvironment env, CommandClock clock, KeyObserver observer, Effects effects) {
        this(index, env, clock, observer, effects, MemoryMeter.NONE);
    }

    public Database(int index, DataEnvironment env, CommandClock clock, KeyObserver observer, Effects effects,
                    MemoryMeter meter) {
        this.meter = meter;
        this.table = new KeyTable(meter);
        this.index = index;
        this.env = env;
        this.clock = clock;
        this.observer = observer;
        this.effects = effects;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public Object lookup(byte[] key, int flags) {
        int entry = Lookup.has(flags, Lookup.WRITE | Lookup.CHANGE) ? liveEntry(key) : readableEntry(key);
        if (entry < 0) {
            if (!Lookup.has(flags, Lookup.NONOTIFY | Lookup.WRITE)) {
                observer.notify(index, KeyspaceEvents.KEY_MISS, "keymiss", key);
            }
            if (!Lookup.has(flags, Lookup.NOSTATS | Lookup.WRITE)) {
                env.keyspaceMiss();
            }
            return null;
        }
        if (!Lookup.has(flags, Lookup.NOTOUCH)) {
            table.setAccess(entry, AccessClock.touch(table.access(entry), env.lfu(), clock.now(), env.lfuLogFactor(),
                    env.lfuDecayTime()));
        }
        if (!Lookup.has(flags, Lookup.NOSTATS | Lookup.WRITE)) {
            env.keyspaceHit();
        }
        if (Lookup.has(flags, Lookup.WRITE | Lookup.CHANGE)) {
            table.beforeWrite(entry);
        }
        return table.value(entry);
    }

    /** Redis's dbAdd: wakes clients blocked on the key for a list, sorted set or stream, and notifies "new". */
    @Override
    public void add(byte[] key, Object value) {
        if (env.expiryDeferred()) {
            // a key that read as gone during CLIENT PAUSE is still there: it goes now, as it would have
            liveEntry(key);
        }
        int entry = table.insert(key, value);
        table.setAccess(entry, AccessClock.initial(env.lfu(), clock.now()));
        if (value instanceof BlockableValue) {
            observer.ready(index, key);
        }
        observer.notify(index, KeyspaceEvents.NEW_KEY, "new", key);
    }

    @Override
    public void overwrite(byte[] key, Object value) {
        int entry = table.find(key);
        streamGone(key, table.value(entry));
        table.setValue(entry, value);
        table.setAccess(entry, AccessClock.initial(env.lfu(), clock.now()));
    }

    /** Redis's setKey, which also signals the change (WATCH). */
    @Override
    public void set(byte[] key, Object value, boolean keepTtl) {
        int entry = liveEntry(key);
        if (entry < 0) {
            add(key, value);
        } else {
            streamGone(key, table.value(entry));
            table.setValue(entry, value);
            table.setAccess(entry, AccessClock.initial(env.lfu(), clock.now()));
            if (!keepTtl) {
                table.setExpireAt(entry, NO_EXPIRE);
            }
        }
        observer.modified(this, key);
    }

    @Override
    public boolean delete(byte[] key) {
        return remove(liveEntry(key), key);
    }

    @Override
    public boolean deleteStored(byte[] key) {
        return remove(table.find(key), key);
    }

    private boolean remove(int entry, byte[] key) {
        if (entry < 0) {
            return false;
        }
        streamGone(key, table.value(entry));
        table.removeEntry(entry);
        return true;
    }

    /**
     * A stream is deleted or replaced: clients blocked on it in a consumer group are answered with an error, as
     * Redis signals the key ready for them.
     */
    private void streamGone(byte[] key, Object before) {
        if (before instanceof StreamValue) {
            observer.ready(index, key);
        }
    }

    @Override
    public boolean stored(byte[] key) {
        return table.find(key) >= 0;
    }

    @Override
    public boolean isExpired(byte[] key) {
        int entry = table.find(key);
        if (entry < 0) {
            return false;
        }
        long at = table.expireAt(entry);
        return at != NO_EXPIRE && at < clock.now() && !env.expiryPaused();
    }

    @Override
    public long expireAt(byte[] key) {
        return table.expireAt(table.find(key));
    }

    @Override
    public void setExpireAt(byte[] key, long unixMs) {
        table.setExpireAt(table.find(key), unixMs);
    }

    @Override
    public boolean persist(byte[] key) {
        int entry = liveEntry(key);
        if (entry < 0 || table.expireAt(entry) == NO_EXPIRE) {
            return false;
        }
        table.setExpireAt(entry, NO_EXPIRE);
        return true;
    }

    @Override
    public int accessBits(byte[] key) {
        return table.access(table.find(key));
    }

    @Override
    public void setAccessBits(byte[] key, int bits) {
        table.setAccess(table.find(key), bits);
    }

    @Override
    public long size() {
        return table.size();
    }

    @Override
    public long volatileSize() {
        return table.volatileCount();
    }

    @Override
    public byte[] randomKey(RandomGenerator random) {
        // Like Redis, retry when the pick has expired; give up on a database full of expired keys
        // only after a bounded number of tries (active expiry will clean it).
        for (int tries = 0; tries < 100 && table.size() > 0; tries++) {
            int entry = table.randomEntry(random);
            if (!readsAsExpired(entry)) {
                return table.key(entry);
            }
        }
        return null;
    }

    @Override
    public void forEachKey(Consumer<byte[]> action) {
        table.forEach(entry -> {
            if (!readsAsExpired(entry)) {
                action.accept(table.key(entry));
            }
        });
    }

    @Override
    public long clear() {
        long removed = table.size();
        KeyTable before = table;
        before.detachMeter();
        table = new KeyTable(meter);
        if (removed > 0) {
            observer.replaced(index, snapshotOf(before), this);
        }
        return removed;
    }

    @Override
    public void signalModified(byte[] key) {
        observer.modified(this, key);
    }

    @Override
    public void dirty(long changes) {
        effects.dirty(changes);
    }

    @Override
    public void notify(int eventClass, String event, byte[] key) {
        observer.notify(index, eventClass, event, key);
    }

    /** A read-only stand-in holding a former table, for {@link KeyObserver#replaced}. */
    private Database snapshotOf(KeyTable former) {
        Database old = new Database(index, env, clock, KeyObserver.NONE, Effects.NONE);
        old.table = former;
        return old;
    }

    /**
     * Makes room for {@code entries} keys in all, with buckets for {@code keys} of them: a snapshot being loaded
     * says how many it holds.
     */
    public void reserve(int entries, int keys) {
        table.reserve(entries, keys);
    }

    /**
     * Adds a key read from a snapshot: no notification, no change counted, no client woken (nobody is connected
     * yet). Returns false, adding nothing, when the key is already there (a snapshot that names a key twice).
     * {@code keyHash} is {@link KeyHash#hash} of the key, computed by the caller off this thread.
     */
    public boolean load(byte[] key, int keyHash, Object value, long expireAt) {
        table.hashed(key, keyHash);
        if (table.find(key) >= 0) {
            return false;
        }
        int entry = table.insert(key, value);
        table.setAccess(entry, AccessClock.initial(env.lfu(), clock.now()));
        if (expireAt != NO_EXPIRE) {
            table.setExpireAt(entry, expireAt);
        }
        return true;
    }

    /** Keys, values and the key table's arrays, in bytes. */
    public long memoryBytes() {
        return table.memoryBytes();
    }

    /** The key table's own arrays, in bytes (MEMORY STATS overhead.hashtable.main). */
    public long tableOverheadBytes() {
        return table.overheadBytes();
    }

    @Override
    public long memoryUsage(byte[] key) {
        int entry = table.find(key);
        return entry < 0 ? -1 : table.entryBytes(entry);
    }

    @Override
    public long mainTableBytes() {
        return table.overheadBytes() - table.expiresOverheadBytes();
    }

    @Override
    public long expiresTableBytes() {
        return table.expiresOverheadBytes();
    }

    /** Recomputes what the table holds from its entries (tests compare it with the running estimate). */
    public long recomputeMemoryBytes() {
        long[] sum = {table.overheadBytes()};
        table.forEach(e -> sum[0] += KeyTable.keyBytes(table.key(e)) + KeyTable.valueBytes(table.value(e)));
        return sum[0];
    }

    /** A key, its value and its expiry ({@link #NO_EXPIRE} when none), as {@link #visitStored} shows them. */
    @FunctionalInterface
    public interface StoredEntryVisitor {
        void visit(byte[] key, Object value, long expireAt);
    }

    /**
     * Every key as it is stored, those whose time has passed included (not expired here): DEBUG DIGEST sees the data
     * set as Redis's dictionary holds it.
     */
    public void visitStored(StoredEntryVisitor visitor) {
        table.forEach(entry -> visitor.visit(table.key(entry), table.value(entry), table.expireAt(entry)));
    }

    /** The stored value of {@code key}, null when absent, without expiring it (DEBUG DIGEST-VALUE). */
    public Object peek(byte[] key) {
        int entry = table.find(key);
        return entry < 0 ? null : table.value(entry);
    }

    /** Freezes this database's present state for a snapshot (see {@link KeyTable#freeze}). */
    public TableFreeze freeze() {
        return table.freeze();
    }

    /** One step of a SCAN over this database: visits live keys of the next bucket(s). */
    public long scan(long cursor, Consumer<byte[]> visitor) {
        return table.scan(cursor, entry -> {
            if (!readsAsExpired(entry)) {
                visitor.accept(table.key(entry));
            }
        });
    }

    /**
     * Active expiry: samples up to {@code samples} keys that have a time to live and removes the expired ones.
     * Returns how many were removed.
     */
    public int expireSample(int samples, RandomGenerator random) {
        int expired = 0;
        if (env.expiryDeferred()) {
            return 0;
        }
        for (int i = 0; i < samples && table.volatileCount() > 0; i++) {
            int entry = table.randomVolatileEntry(random);
            if (expireIfDue(entry)) {
                expired++;
            }
        }
        return expired;
    }

    @Override
    public long sampleAverageTtl(int samples, RandomGenerator random) {
        long total = 0;
        int counted = 0;
        for (int i = 0; i < samples && table.volatileCount() > 0; i++) {
            long remaining = table.expireAt(table.randomVolatileEntry(random)) - clock.now();
            if (remaining > 0) {
                total += remaining;
                counted++;
            }
        }
        return counted == 0 ? 0 : total / counted;
    }

    /** As {@link #liveEntry}, but during CLIENT PAUSE a key past its time reads as missing and stays. */
    private int readableEntry(byte[] key) {
        int entry = table.find(key);
        if (entry >= 0 && readsAsExpired(entry)) {
            return -1;
        }
        return entry;
    }

    private boolean readsAsExpired(int entry) {
        long at = table.expireAt(entry);
        if (at != NO_EXPIRE && at < clock.now() && !env.expiryPaused() && env.expiryDeferred()) {
            return true;
        }
        return expireIfDue(entry);
    }

    private int liveEntry(byte[] key) {
        int entry = table.find(key);
        if (entry >= 0 && expireIfDue(entry)) {
            return -1;
        }
        return entry;
    }

    /** Redis's expireIfNeeded with deleteExpiredKeyAndPropagate: removes, counts, notifies, signals. */
    private boolean expireIfDue(int entry) {
        long at = table.expireAt(entry);
        // Redis expires a key once the clock is past its time, not at it.
        if (at != NO_EXPIRE && at < clock.now() && !env.expiryPaused()) {
            byte[] key = table.key(entry);
            streamGone(key, table.value(entry));
            table.removeEntry(entry);
            effects.record(index, new byte[][] {env.lazyExpiry() ? UNLINK : DEL, key});
            env.keyExpired();
            observer.notify(index, KeyspaceEvents.EXPIRED, "expired", key);
            observer.modified(this, key);
            return true;
        }
        return false;
    }

    /**
     * Redis's eviction of a key (performEvictions): removes it, records its deletion, notifies "evicted", signals the
     * change (WATCH, tracking) and counts it. Returns the bytes its entry held, or -1 when the key is gone.
     * {@code entryHint} is the entry id sampling gave with the key, which saves hashing it while it still holds.
     */
    public long evict(int entryHint, byte[] key) {
        int entry = table.find(entryHint, key);
        if (entry < 0) {
            return -1;
        }
        long bytes = table.entryBytes(entry);
        streamGone(key, table.value(entry));
        table.removeEntry(entry);
        effects.record(index, new byte[][] {env.lazyEviction() ? UNLINK : DEL, key});
        env.keyEvicted();
        observer.notify(index, KeyspaceEvents.EVICTED, "evicted", key);
        observer.modified(this, key);
        return bytes;
    }

    /**
     * Samples up to {@code count} keys (among those with a time to live when {@code volatileOnly}) for eviction and
     * hands each to {@code sink} with its eviction score: the higher, the better a candidate (Redis's idle value:
     * idle time under LRU, 255 minus the decayed frequency under LFU, the nearer expiry under volatile-ttl, random
     * otherwise). Expired keys met are expired, not offered.
     */
    public void sampleForEviction(int count, boolean volatileOnly, EvictionScore scoring, RandomGenerator random,
                                  EvictionSink sink) {
        for (int i = 0; i < count; i++) {
            int entry = volatileOnly ? table.randomVolatileEntry(random) : table.randomEntry(random);
            if (entry < 0) {
                return;
            }
            if (expireIfDue(entry)) {
                continue;
            }
            long score = scoring.score(table.access(entry), table.expireAt(entry), clock.now());
            sink.offer(index, entry, table.key(entry), score);
        }
    }

    /** How good an eviction candidate a key is, from its access bits and expire time. */
    @FunctionalInterface
    public interface EvictionScore {
        long score(int accessBits, long expireAt, long nowMs);
    }

    /** Receives sampled eviction candidates. */
    @FunctionalInterface
    public interface EvictionSink {
        void offer(int db, int entry, byte[] key, long score);
    }

    /** Exchanges contents with another database (SWAPDB swaps tables, not objects). */
    void swapContents(Database other) {
        Database mineBefore = snapshotOf(table);
        Database otherBefore = other.snapshotOf(other.table);
        KeyTable mine = table;
        table = other.table;
        other.table = mine;
        observer.replaced(index, mineBefore, this);
        other.observer.replaced(other.index, otherBefore, other);
    }
}
