package io.redactor.actors.node;

import io.redactor.core.reply.ErrorReply;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Server-wide counters reported by INFO stats; updated from many threads, reset by CONFIG RESETSTAT. */
public final class ServerStats {
    public final LongAdder commandsProcessed = new LongAdder();
    public final LongAdder connectionsReceived = new LongAdder();
    public final LongAdder rejectedConnections = new LongAdder();
    public final LongAdder keyspaceHits = new LongAdder();
    public final LongAdder keyspaceMisses = new LongAdder();
    public final LongAdder expiredKeys = new LongAdder();
    public final LongAdder evictedKeys = new LongAdder();
    public final LongAdder netInputBytes = new LongAdder();
    public final LongAdder netOutputBytes = new LongAdder();
    public final LongAdder errorReplies = new LongAdder();
    /** AUTH and HELLO AUTH refused (wrong password, unknown or disabled user). */
    public final LongAdder authFailures = new LongAdder();
    /** Commands refused by ACL rules (-NOPERM). */
    public final LongAdder aclDenials = new LongAdder();
    public final LongAdder clientsClosedForOutputBuffer = new LongAdder();
    public final LongAdder reservations = new LongAdder();
    /** Clients waiting in a blocking command now (a gauge: not reset by CONFIG RESETSTAT). */
    public final LongAdder blockedClients = new LongAdder();
    private final OpsMeter opsMeter = new OpsMeter();
    private final Map<String, LongAdder> errorsByCode = new ConcurrentHashMap<>();

    public void reset() {
        for (LongAdder adder : new LongAdder[] {commandsProcessed, connectionsReceived, rejectedConnections,
                keyspaceHits, keyspaceMisses, expiredKeys, evictedKeys, netInputBytes, netOutputBytes, errorReplies,
                clientsClosedForOutputBuffer, reservations}) {
            adder.reset();
        }
        errorsByCode.clear();
    }

    /**
     * Counts an error reply, in total and by its code (INFO errorstats), unless it was counted where it arose
     * ({@link ErrorReply#alreadyCounted()}).
     */
    public void countError(ErrorReply error) {
        if (error.alreadyCounted()) {
            return;
        }
        errorReplies.increment();
        errorsByCode.computeIfAbsent(error.code(), code -> new LongAdder()).increment();
    }

    /** Error replies by code, sorted by code. */
    public Map<String, Long> errorsByCode() {
        Map<String, Long> counts = new TreeMap<>();
        errorsByCode.forEach((code, count) -> counts.put(code, count.sum()));
        return counts;
    }

    /** Samples the counters (called by the server cron) for INFO's instantaneous figures. */
    public void sample(long nowMs) {
        opsMeter.sample(nowMs, commandsProcessed.sum(), netInputBytes.sum(), netOutputBytes.sum());
    }

    public OpsMeter meter() {
        return opsMeter;
    }
}
