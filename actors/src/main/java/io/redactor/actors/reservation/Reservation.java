package io.redactor.actors.reservation;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.effects.EffectUnit;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.ErrorReply;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exclusive use of several partitions at once, for work that must be atomic across them (multi-key commands,
 * transactions, scripts).
 *
 * <p>Partitions are reserved one after the other in ascending order, so two reservations can never wait for
 * each other in a cycle: no deadlock, and reservations over disjoint partitions proceed in parallel. The
 * request travels as a chain: each partition, when free, records its data in the reservation, forwards it to
 * the next partition and then holds every other message until it is released. The last partition runs the
 * work on its own thread with direct access to the data of all of them, then releases the others.
 *
 * <p>Data is handed over by reference: this works within one JVM, which is every deployment today.
 */
public final class Reservation {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final int[] partitions;
    private final PartitionData[] granted;
    private final PartitionMap partitionMap;
    private final Work work;
    private final Handover handover;
    private final boolean tryOnly;
    private int position;

    /** {@code partitions} must be distinct and in ascending order. */
    public Reservation(int[] partitions, PartitionMap partitionMap, Work work) {
        this(partitions, partitionMap, work, null, false);
    }

    /**
     * A reservation whose partitions all stay held once granted, for work that goes on elsewhere (a script on
     * its own thread) and releases them itself. {@code tryOnly}: a partition held by someone else refuses at
     * once instead of holding the request back, for holders that may not wait without risking a deadlock.
     */
    public Reservation(int[] partitions, PartitionMap partitionMap, Handover handover, boolean tryOnly) {
        this(partitions, partitionMap, null, handover, tryOnly);
    }

    private Reservation(int[] partitions, PartitionMap partitionMap, Work work, Handover handover, boolean tryOnly) {
        for (int i = 1; i < partitions.length; i++) {
            if (partitions[i] <= partitions[i - 1]) {
                throw new IllegalArgumentException("partitions must be distinct and ascending: "
                        + Arrays.toString(partitions));
            }
        }
        if (partitions.length == 0) {
            throw new IllegalArgumentException("a reservation needs at least one partition");
        }
        this.partitions = partitions;
        this.granted = new PartitionData[partitions.length];
        this.partitionMap = partitionMap;
        this.work = work;
        this.handover = handover;
        this.tryOnly = tryOnly;
    }

    public long id() {
        return id;
    }

    public int firstPartition() {
        return partitions[0];
    }

    /** The partition that must grant next. */
    public int nextPartition() {
        return partitions[position];
    }

    /** Called by the partition that grants; returns true when every partition is now held. */
    public boolean grant(PartitionData data) {
        if (data.partition() != partitions[position]) {
            throw new IllegalStateException("partition " + data.partition() + " granted out of turn, expected "
                    + partitions[position]);
        }
        granted[position++] = data;
        return position == partitions.length;
    }

    /** Runs the work with every partition held, on the thread of the last one; or hands them over. */
    public void run(long now) {
        for (PartitionData data : granted) {
            data.clock().set(now);
        }
        if (handover != null) {
            handover.granted(new Grant(id, partitions, granted));
            return;
        }
        EffectUnit unit = openUnit(granted);
        try {
            work.run(new ReservedKeyspace(partitions, granted, partitionMap), now);
        } finally {
            unit.commit();
        }
    }

    /**
     * Runs {@code work} over the partitions of a handed-over reservation, on the holder's own thread, as {@link #run}
     * runs it on the last partition's; the holder releases the partitions afterwards.
     */
    public static void runHeld(Grant grant, PartitionMap partitionMap, Work work, long now) {
        EffectUnit unit = openUnit(grant.data());
        try {
            work.run(new ReservedKeyspace(grant.partitions(), grant.data(), partitionMap), now);
        } finally {
            unit.commit();
        }
    }

    /** Collects the effects of work over these partitions, to land in the log as one. */
    public static EffectUnit openUnit(PartitionData[] partitions) {
        EffectUnit unit = partitions[0].effects().openUnit();
        for (int i = 1; i < partitions.length; i++) {
            unit.hold(partitions[i].effects());
        }
        return unit;
    }

    /** Whether every partition stays held after {@link #run}, until its holder releases it. */
    public boolean handsOver() {
        return handover != null;
    }

    /** The holder of a handed-over reservation (null otherwise). */
    public Handover holder() {
        return handover;
    }

    public boolean tryOnly() {
        return tryOnly;
    }

    /** The partitions on hold once the chain is complete: all but the last, which runs the work. */
    public int[] heldWhileRunning() {
        return Arrays.copyOf(partitions, partitions.length - 1);
    }

    /**
     * The reservation cannot complete (a partition's queue is full): the work is told why and never runs;
     * returns the partitions already held, which the caller must release.
     */
    public int[] refuse(ErrorReply reason) {
        if (handover != null) {
            handover.refused(reason);
        } else {
            work.refused(reason);
        }
        return Arrays.copyOf(partitions, position);
    }

    @Override
    public String toString() {
        return "Reservation[" + id + " " + Arrays.toString(partitions) + " at " + position + "]";
    }

    /** What runs once every partition is held. */
    public interface Work {
        /** Runs on the last partition's thread; must not block on other actors. */
        void run(Keyspace keyspace, long now);

        /** The reservation was refused before anything ran. */
        void refused(ErrorReply reason);
    }

    /** Partitions granted to a holder that uses them from its own thread. */
    public record Grant(long reservationId, int[] partitions, PartitionData[] data) {
    }

    /** Who gets the partitions of a handed-over reservation, and releases them. */
    public interface Handover {
        /** Called on the last partition's thread once every partition is held. */
        void granted(Grant grant);

        /** The reservation was refused; the partitions already held are released by the partition refusing. */
        void refused(ErrorReply reason);

        /**
         * What partitions held by this holder answer to commands instead of holding them back (a script past the
         * busy threshold), or null while they should hold commands back.
         */
        ErrorReply busyReply();
    }
}
