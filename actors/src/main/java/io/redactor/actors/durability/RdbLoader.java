package io.redactor.actors.durability;

import io.redactor.actors.data.Database;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyHash;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionChore;
import io.redactor.core.rdb.RdbBadDataException;
import io.redactor.core.rdb.RdbReadException;
import io.redactor.core.rdb.RdbReader;
import io.redactor.core.rdb.RdbValue;
import io.redactor.core.rdb.RdbValueReader;
import io.redactor.lua.functions.FunctionError;
import io.redactor.persistence.rdb.RdbFileReader;
import io.redactor.persistence.rdb.RdbInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * Loads an RDB file, or the RDB base of an append-only file, into the partitions, as Redis 7.0 loads one: the
 * function libraries first, then every key into the partition that owns it. The loading thread reads (and checks
 * the checksum), a pool of decoders (one per core: nothing else runs while a server starts) turns batches of values
 * into data structures, and the partitions insert them, a bounded number of batches ahead. Keys whose time has passed are
 * skipped (not from an AOF base, which must stay as the log that follows it expects); empty values are skipped with
 * a warning, as Redis does; anything else that is wrong stops the load with where it is.
 */
final class RdbLoader {
    private static final Logger log = LoggerFactory.getLogger(RdbLoader.class);
    private static final int BATCH = 512;
    private static final int BATCHES_IN_FLIGHT = 64;
    /** A resize hint reserves at most one key per this many bytes of the file left (a forged one costs little). */
    private static final int MIN_KEY_BYTES = 16;

    private final NodeServices node;
    private final boolean aofBase;
    /** The partitions' data when the caller holds them all (DEBUG RELOAD): keys go straight in. Else null. */
    private final PartitionData[] held;
    /** Keys and libraries already there are replaced instead of failing the load (DEBUG RELOAD MERGE). */
    private final boolean merge;
    private final RdbValues.Limits limits;
    /** Redis's hidden {@code key-load-delay} ({@link TestingDelay}). */
    private final long keyLoadDelay;
    private final Semaphore room = new Semaphore(BATCHES_IN_FLIGHT);
    private final AtomicReference<String> partitionFailure = new AtomicReference<>();
    /** The first value that could not be decoded, by offset in the file, and why; partitions report them. */
    private long badValueOffset = Long.MAX_VALUE;
    private String badValue;
    private final LongAdder loadedKeys = new LongAdder();
    private final LongAdder emptyKeys = new LongAdder();
    private final List<List<Loaded>> batches = new ArrayList<>();
    /** Where batches are decoded before their partition inserts them; started by the first batch. */
    private ExecutorService decoders;

    /** Counts of a load: keys loaded, and keys skipped because their time had passed. */
    record Counts(long keys, long expired) {
    }

    /** The file cannot be loaded: where and why. */
    static final class Corrupt extends Exception {
        private static final long serialVersionUID = 1L;

        Corrupt(String message) {
            super(message);
        }
    }

    /** A key as read: its value still encoded, and where it ended in the file (for errors). */
    private record Loaded(int db, byte[] key, int type, byte[] encoded, long expireAt, long offset) {
    }

    /** A loader at start-up: keys go to the partitions in batches, as messages. */
    RdbLoader(NodeServices node, boolean aofBase) {
        this(node, aofBase, null, false);
    }

    /** A loader into partitions the caller holds, indexed by partition number. */
    static RdbLoader into(NodeServices node, PartitionData[] held, boolean merge) {
        return new RdbLoader(node, false, held, merge);
    }

    private RdbLoader(NodeServices node, boolean aofBase, PartitionData[] held, boolean merge) {
        this.node = node;
        this.aofBase = aofBase;
        this.held = held;
        this.merge = merge;
        RuntimeConfig config = node.server().config();
        this.limits = new RdbValues.Limits(config.hashMaxListpackEntries(), config.hashMaxListpackValue(),
                config.setMaxIntsetEntries(), config.zsetMaxListpackEntries(), config.zsetMaxListpackValue());
        this.keyLoadDelay = Long.parseLong(config.get("key-load-delay"));
        for (int i = 0; i < node.server().partitions().count(); i++) {
            batches.add(new ArrayList<>(BATCH));
        }
    }

    /** Loads the RDB part of {@code in}, which has at most {@code length} bytes; {@code progress} gets bytes read. */
    Counts load(InputStream in, long length, LongConsumer progress) throws Corrupt {
        RdbInput input = new RdbInput(in, length);
        long now = System.currentTimeMillis();
        long[] counts = new long[3];
        try {
            RdbFileReader.read(input, new RdbFileReader.Visitor() {
                @Override
                public void aux(byte[] key, byte[] value) {
                    if ("redis-ver".equals(new String(key, StandardCharsets.ISO_8859_1))) {
                        log.info("Loading RDB produced by version {}", new String(value, StandardCharsets.UTF_8));
                    }
                }

                @Override
                public void resize(int db, long keys, long expiring) {
                    reserve(db, keys, input.remaining());
                }

                @Override
                public void library(byte[] code) throws RdbFileReader.RdbFormatException {
                    try {
                        node.scripts().loadLibrary(code, merge);
                    } catch (FunctionError e) {
                        throw new RdbFileReader.RdbFormatException("Failed loading library, " + e.getMessage());
                    }
                }

                @Override
                public void entry(int db, byte[] key, int type, byte[] bytes, long expireAt, long idle, int freq)
                        throws RdbFileReader.RdbFormatException {
                    delay();
                    if (!aofBase && expireAt != -1 && expireAt < now) {
                        counts[1]++;
                        return;
                    }
                    add(new Loaded(db, key, type, bytes, expireAt == -1 ? Db.NO_EXPIRE : expireAt,
                            input.position()));
                    progress.accept(input.position());
                }
            });
            finishBatches();
        } catch (RdbFileReader.RdbFormatException e) {
            throw firstOf(new Corrupt(e.getMessage() + " (offset " + input.position() + ")"));
        } catch (IOException e) {
            throw firstOf(new Corrupt("Short read or OOM loading DB: " + e.getMessage() + " (offset "
                    + input.position() + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Corrupt("interrupted");
        } finally {
            if (decoders != null) {
                decoders.shutdownNow();
            }
        }
        synchronized (this) {
            if (badValue != null) {
                throw new Corrupt(badValue);
            }
        }
        if (partitionFailure.get() != null) {
            throw new Corrupt(partitionFailure.get());
        }
        counts[0] = loadedKeys.sum();
        counts[2] = emptyKeys.sum();
        if (counts[2] > 0) {
            log.warn("Done loading RDB, keys loaded: {}, keys expired: {}, empty keys skipped: {}.", counts[0],
                    counts[1], counts[2]);
        } else {
            log.info("Done loading RDB, keys loaded: {}, keys expired: {}.", counts[0], counts[1]);
        }
        return new Counts(counts[0], counts[1]);
    }

    private void delay() throws RdbFileReader.RdbFormatException {
        try {
            TestingDelay.perKeys(keyLoadDelay, 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RdbFileReader.RdbFormatException("interrupted");
        }
    }

    /**
     * The value, or null when there is none to store: an empty one (skipped, as Redis skips them) or one that could
     * not be decoded (reported, and the load fails at its end).
     */
    private Object decode(Loaded entry) {
        RdbValue rdb;
        try {
            rdb = RdbValueReader.read(entry.type(), new RdbReader(entry.encoded()));
        } catch (RdbBadDataException e) {
            if (e.emptyValue()) {
                emptyKeys.increment();
                if (emptyKeys.sum() <= 10) {
                    log.warn("rdbLoadObject skipping empty key: {}", printable(entry.key()));
                }
                return null;
            }
            return badValue(entry, "bad value of key '" + printable(entry.key()) + "' before offset "
                    + entry.offset() + ": " + e.getMessage());
        } catch (RdbReadException e) {
            return badValue(entry, "key '" + printable(entry.key()) + "' before offset " + entry.offset() + ": "
                    + e.getMessage());
        }
        Object value = RdbValues.fromRdb(rdb, limits);
        if (value == null) {
            return badValue(entry, "a stream whose parts do not fit together in the value of key '"
                    + printable(entry.key()) + "' before offset " + entry.offset());
        }
        return value;
    }

    /**
     * The file says how many keys database {@code db} holds: each partition makes room for its share, so that its
     * table neither grows nor rehashes while they arrive. A hint from the file is believed only as far as the
     * bytes left could hold that many keys.
     */
    private void reserve(int db, long keys, long bytesLeft) {
        long plausible = Math.min(keys, bytesLeft / MIN_KEY_BYTES);
        if (plausible <= 0) {
            return;
        }
        int partitions = batches.size();
        int share = (int) Math.min(Integer.MAX_VALUE - 8, plausible / partitions);
        // keys spread over partitions by hash slot, not evenly: entries for the busier ones (buckets go by the
        // average, a power of two that the busier ones rarely pass)
        int entries = (int) Math.min(Integer.MAX_VALUE - 8, share + share / 16L + 16);
        for (int p = 0; p < partitions; p++) {
            if (held != null) {
                held[p].db(db).reserve(entries, share);
            } else {
                node.partitions().tell(p, new Partition.Step(data -> data.db(db).reserve(entries, share)));
            }
        }
    }

    /** Sends the keys not sent yet and waits until the partitions have them all. */
    private void finishBatches() throws InterruptedException {
        for (int p = 0; p < batches.size(); p++) {
            send(p);
        }
        room.acquire(BATCHES_IN_FLIGHT);
        room.release(BATCHES_IN_FLIGHT);
    }

    /**
     * Reading failed: a value before that point may have been bad already (the partitions decode them), and then
     * that is where the load failed first.
     */
    private Corrupt firstOf(Corrupt readFailure) {
        try {
            finishBatches();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            return badValue != null ? new Corrupt(badValue) : readFailure;
        }
    }

    private synchronized Object badValue(Loaded entry, String reason) {
        if (entry.offset() < badValueOffset) {
            badValueOffset = entry.offset();
            badValue = reason;
        }
        return null;
    }

    private void add(Loaded entry) throws RdbFileReader.RdbFormatException {
        int partition = node.server().partitions().partitionOf(entry.key());
        if (held != null) {
            Object value = decode(entry);
            if (value != null) {
                insert(held[partition], entry, KeyHash.hash(entry.key()), value);
            }
            return;
        }
        List<Loaded> batch = batches.get(partition);
        batch.add(entry);
        if (batch.size() >= BATCH) {
            try {
                send(partition);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RdbFileReader.RdbFormatException("interrupted");
            }
        }
    }

    private void send(int partition) throws InterruptedException {
        List<Loaded> batch = batches.get(partition);
        if (batch.isEmpty()) {
            return;
        }
        batches.set(partition, new ArrayList<>(BATCH));
        room.acquire();
        if (decoders == null) {
            decoders = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(),
                    Thread.ofPlatform().name("redactor-loader-decode-", 1).daemon().factory());
        }
        decoders.execute(() -> {
            try {
                Object[] values = new Object[batch.size()];
                int[] keyHashes = new int[batch.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = decode(batch.get(i));
                    keyHashes[i] = KeyHash.hash(batch.get(i).key());
                }
                node.partitions().tell(partition, new Partition.Step(new Insert(batch, values, keyHashes)));
            } catch (RuntimeException e) {
                partitionFailure.compareAndSet(null, "failed to decode values: " + e);
                room.release();
            }
        });
    }

    /**
     * A batch of keys for one partition with their decoded values (null: nothing to store) and the keys' hashes
     * (computed by the decoders, off the partition's thread), inserted in one step on its thread.
     */
    private final class Insert implements PartitionChore {
        private final List<Loaded> entries;
        private final Object[] values;
        private final int[] keyHashes;

        Insert(List<Loaded> entries, Object[] values, int[] keyHashes) {
            this.entries = entries;
            this.values = values;
            this.keyHashes = keyHashes;
        }

        @Override
        public void step(PartitionData data) {
            try {
                for (int i = 0; i < values.length; i++) {
                    if (values[i] != null) {
                        insert(data, entries.get(i), keyHashes[i], values[i]);
                    }
                }
            } catch (RuntimeException e) {
                partitionFailure.compareAndSet(null, "a partition failed to load its keys: " + e);
            } finally {
                room.release();
            }
        }
    }

    /** Adds a key to its partition's data, on the thread that may touch it. */
    private void insert(PartitionData data, Loaded entry, int keyHash, Object value) {
        loadedKeys.increment();
        Database db = data.db(entry.db());
        if (db.load(entry.key(), keyHash, value, entry.expireAt())) {
            return;
        }
        if (merge) {
            db.delete(entry.key());
            db.load(entry.key(), keyHash, value, entry.expireAt());
        } else {
            partitionFailure.compareAndSet(null, "RDB has duplicated key '" + printable(entry.key()) + "' in DB "
                    + entry.db());
        }
    }

    private static String printable(byte[] key) {
        String text = new String(key, StandardCharsets.ISO_8859_1);
        return text.length() > 128 ? text.substring(0, 128) + "..." : text;
    }
}
