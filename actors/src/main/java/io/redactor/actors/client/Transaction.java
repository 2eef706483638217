package io.redactor.actors.client;

import io.redactor.actors.watch.WatchToken;
import io.redactor.actors.watch.WatchedKey;
import io.redactor.core.ArgsMemory;

import java.util.ArrayList;
import java.util.List;

/**
 * One client's MULTI state and WATCHed keys. Used by the client's own thread, and by the partitions running
 * its WATCH or EXEC while the client waits for their reply.
 */
public final class Transaction {
    /** A command queued between MULTI and EXEC, as received. */
    public record Queued(byte[][] args) {
    }

    private boolean active;
    private boolean aborted;
    private final List<Queued> queued = new ArrayList<>();
    /** Whether a queued command writes, and whether one may take memory (Redis's mstate.cmd_flags). */
    private boolean queuedWrite;
    private boolean queuedDenyOom;
    /** What the queued commands hold on the heap ({@link ArgsMemory}). */
    private long queuedBytes;
    private final List<WatchedKey> watched = new ArrayList<>();
    private WatchToken token = new WatchToken();

    public boolean active() {
        return active;
    }

    public void begin() {
        active = true;
        aborted = false;
        queued.clear();
        queuedBytes = 0;
        queuedWrite = false;
        queuedDenyOom = false;
    }

    /** A queue-time error: EXEC will answer EXECABORT. */
    public void abort() {
        aborted = true;
    }

    public boolean aborted() {
        return aborted;
    }

    public int queuedCount() {
        return queued.size();
    }

    public void queue(byte[][] args, boolean write, boolean denyOom) {
        queuedWrite |= write;
        queuedDenyOom |= denyOom;
        queued.add(new Queued(args));
        queuedBytes += ArgsMemory.of(args) + ArgsMemory.ARRAY_HEADER + ArgsMemory.REFERENCE;
    }

    /** Whether a queued command writes: EXEC then counts as a write, as Redis checks it before running it. */
    public boolean queuesWrite() {
        return queuedWrite;
    }

    /** Whether a queued command may take memory: EXEC is then refused over maxmemory, as in Redis. */
    public boolean queuesDenyOom() {
        return queuedDenyOom;
    }

    /** What the queued commands hold on the heap: their arguments, each in its record and list slot. */
    public long heldBytes() {
        return queuedBytes;
    }

    /** What is queued so far, in order (read-only). */
    public List<Queued> queued() {
        return java.util.Collections.unmodifiableList(queued);
    }

    /** Ends the MULTI block (EXEC, DISCARD) and returns what was queued. */
    public List<Queued> end() {
        List<Queued> commands = List.copyOf(queued);
        active = false;
        aborted = false;
        queued.clear();
        queuedBytes = 0;
        queuedWrite = false;
        queuedDenyOom = false;
        return commands;
    }

    public WatchToken token() {
        return token;
    }

    public void watched(int db, byte[] key, int partition) {
        watched.add(new WatchedKey(db, key, partition));
    }

    public List<WatchedKey> watchedKeys() {
        return List.copyOf(watched);
    }

    /**
     * Forgets the watched keys and starts a new token, so that late signals for the old watches cannot touch
     * the next ones; returns the old token, whose watches the caller removes from the partitions.
     */
    public WatchToken unwatchAll() {
        WatchToken old = token;
        token = new WatchToken();
        watched.clear();
        return old;
    }
}
