package io.redactor.actors.command.streams;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a command that changes consumer groups records instead of itself, as Redis 7.0 propagates it: XCLAIM with
 * everything the pending entry is (streamPropagateXCLAIM), XGROUP SETID with the read counter
 * (streamPropagateGroupID), XGROUP CREATECONSUMER (streamPropagateConsumerCreation). Collected during the command,
 * recorded together at its end.
 */
final class GroupEffects {
    private static final byte[] XCLAIM = ascii("XCLAIM");
    private static final byte[] XGROUP = ascii("XGROUP");
    private static final byte[] SETID = ascii("SETID");
    private static final byte[] CREATECONSUMER = ascii("CREATECONSUMER");
    private static final byte[] ENTRIESREAD = ascii("ENTRIESREAD");
    private static final byte[] TIME = ascii("TIME");
    private static final byte[] RETRYCOUNT = ascii("RETRYCOUNT");
    private static final byte[] FORCE = ascii("FORCE");
    private static final byte[] JUSTID = ascii("JUSTID");
    private static final byte[] LASTID = ascii("LASTID");
    private static final byte[] ZERO = ascii("0");

    private final KeyCall call;
    private final List<byte[][]> effects = new ArrayList<>();

    GroupEffects(KeyCall call) {
        this.call = call;
    }

    /**
     * {@code XCLAIM key group consumer 0 id TIME t RETRYCOUNT n FORCE JUSTID LASTID group-last-id}: makes the entry
     * pending as it is now, or drops it where the entry is gone. {@code id} as the command had it (XCLAIM passes its
     * argument on as written).
     */
    void claim(byte[] key, byte[] group, ConsumerGroup state, byte[] id, PendingEntry entry) {
        if (call.logging()) {
            effects.add(new byte[][] {XCLAIM, key, group, entry.consumer().name(), ZERO, id, TIME,
                    Propagation.number(entry.deliveryTime()), RETRYCOUNT, Propagation.number(entry.deliveryCount()),
                    FORCE, JUSTID, LASTID, state.lastId().toBytes()});
        }
    }

    /** {@code XGROUP SETID key group last-id ENTRIESREAD n}. */
    void setId(byte[] key, byte[] group, ConsumerGroup state) {
        if (call.logging()) {
            effects.add(new byte[][] {XGROUP, SETID, key, group, state.lastId().toBytes(), ENTRIESREAD,
                    Propagation.number(state.entriesRead())});
        }
    }

    /** {@code XGROUP CREATECONSUMER key group consumer}. */
    void createConsumer(byte[] key, byte[] group, byte[] consumer) {
        if (call.logging()) {
            effects.add(new byte[][] {XGROUP, CREATECONSUMER, key, group, consumer});
        }
    }

    /** Records what was collected, and only that (nothing when nothing was). */
    void record() {
        call.propagateAll(effects);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
