package io.redactor.lua;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongPredicate;

import org.luaj.vm2.LuaError;

/**
 * What one script run holds of the large values it made (strings and tables of {@link #COUNTED_FROM} bytes or more;
 * a string as Lua 5.1 would hold it, by its length, even where LuaJ shares the bytes of another), against its budget
 * ({@code redactor.scripts.max-memory}). A value counts from when it is made until the garbage collector finds it
 * unreachable, so a script that builds and drops big strings in a loop is not mistaken
 * for one that keeps them. Past the budget, or when the heap guard says the heap cannot take the value, the script
 * gets Lua's {@code not enough memory} error.
 *
 * <p>Dropped values are handed back only once a collection has seen them. Before failing a run over its budget,
 * collections are asked for ({@link System#gc()}), so a run is failed only for what it really holds; that costs one
 * collection per budget's worth of large values made and dropped, which ordinary scripts never reach.
 *
 * <p>Used by the run's thread and its coroutines' threads, which take turns: not thread-safe.
 */
final class ScriptMemory {
    /** Smaller values are not counted: counting every short string would cost more than it tells. */
    static final int COUNTED_FROM = 4096;
    /**
     * How long to wait for the next cleared reference after a collection before taking the count as it is. A
     * concurrent cycle on a loaded machine may take long to clear the first one: with 200 ms, a script that only
     * made and dropped large strings failed for memory twice in CI runs (never on a quiet machine), which this
     * wait is meant to end. A script really over its budget fails that much later.
     */
    private static final long QUEUE_WAIT_MS = 1000;
    /**
     * Collections asked for before a run over its budget fails. One is not always enough: a reference the young
     * collections promoted to the old generation keeps its young value alive through them (the old object's fields
     * count as roots), and a concurrent cycle does not look at young values, so dead strings stayed counted after one
     * collection (seen in CI: 16 strings of 16 MB, none cleared). Each further collection ages such values towards
     * the old generation, where a concurrent cycle clears them.
     */
    private static final int COLLECTIONS_BEFORE_FAILING = 4;
    /** The wait for cleared references after the later collections, which come when the first one has finished. */
    private static final long LATER_QUEUE_WAIT_MS = 250;

    private final long budget;
    private final LongPredicate heapAdmits;
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    /** Keeps the references themselves reachable until their values are collected. */
    private final Set<Counted> counted = new HashSet<>();
    private long held;

    /** {@code budget} 0: no budget; {@code heapAdmits} tells whether the heap can take that many more bytes. */
    ScriptMemory(long budget, LongPredicate heapAdmits) {
        this.budget = budget;
        this.heapAdmits = heapAdmits;
    }

    /** Bytes of counted values still reachable, as last seen. */
    long held() {
        release();
        return held;
    }

    /** Before making a value of {@code bytes}: fails if the heap or the budget cannot take it. */
    void admit(long bytes) {
        if (!heapAdmits.test(bytes)) {
            throw new LuaError(StringLibrary.NOT_ENOUGH_MEMORY);
        }
        if (budget > 0 && held + bytes > budget) {
            release();
            for (int collection = 0; held + bytes > budget && collection < COLLECTIONS_BEFORE_FAILING; collection++) {
                System.gc();
                awaitReleased(budget - bytes, collection == 0 ? QUEUE_WAIT_MS : LATER_QUEUE_WAIT_MS);
            }
            if (held + bytes > budget) {
                throw new LuaError(StringLibrary.NOT_ENOUGH_MEMORY);
            }
        }
    }

    /** Counts {@code value} (a string) of {@code bytes}, made after {@link #admit}, until it is collected. */
    void made(Object value, long bytes) {
        if (budget == 0) {
            return;
        }
        held += bytes;
        counted.add(new Counted(value, bytes, this));
    }

    /**
     * A table grew to {@code bytes}: counts the difference with what its {@code ticket} (null at first, or one of
     * another run's) counted, and returns the ticket to keep in the table.
     */
    Object resized(Object table, Object ticket, long bytes) {
        if (budget == 0) {
            return ticket;
        }
        if (ticket instanceof Counted c && c.owner == this) {
            held += bytes - c.bytes;
            c.bytes = bytes;
            return c;
        }
        Counted c = new Counted(table, bytes, this);
        held += bytes;
        counted.add(c);
        return c;
    }

    private void release() {
        for (Object r; (r = collected.poll()) != null;) {
            forget((Counted) r);
        }
    }

    private void forget(Counted c) {
        if (counted.remove(c)) {
            held -= c.bytes;
        }
    }

    /**
     * After a collection: the references it cleared reach the queue soon after, from the JVM's reference thread,
     * which a busy machine may not run at once. Waits until the count is down to {@code target}, or no reference
     * came for {@code waitMs}.
     */
    private void awaitReleased(long target, long waitMs) {
        try {
            for (Object r; held > target && (r = collected.remove(waitMs)) != null;) {
                forget((Counted) r);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        release();
    }

    /**
     * A counted value's reference. The value is the string or table object, not its byte or slot array: G1's
     * concurrent cycles leave references to dead humongous arrays uncleared (measured), and a table's parts change.
     */
    private static final class Counted extends PhantomReference<Object> {
        final ScriptMemory owner;
        long bytes;

        Counted(Object value, long bytes, ScriptMemory owner) {
            super(value, owner.collected);
            this.bytes = bytes;
            this.owner = owner;
        }
    }
}
