package io.redactor.actors.reservation;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.core.keys.PartitionMap;

import java.util.Arrays;

/**
 * The partitions one holder (a running script) has been granted so far, possibly by several reservations, with
 * their data seen as one keyspace. Used only by the holder's thread.
 */
public final class HeldPartitions {
    private static final int[] NONE = new int[0];

    private final PartitionMap partitionMap;
    private int[] partitions = NONE;
    private PartitionData[] data = new PartitionData[0];
    private long[] reservationIds = new long[0];
    private Keyspace keyspace;

    public HeldPartitions(PartitionMap partitionMap) {
        this.partitionMap = partitionMap;
    }

    public boolean isEmpty() {
        return partitions.length == 0;
    }

    public boolean holds(int partition) {
        return Arrays.binarySearch(partitions, partition) >= 0;
    }

    /** The highest partition held, or -1. */
    public int highest() {
        return partitions.length == 0 ? -1 : partitions[partitions.length - 1];
    }

    /** The partitions held, ascending. */
    public int[] partitions() {
        return partitions.clone();
    }

    /** Adds the partitions of a grant, none of them held yet. */
    public void add(Reservation.Grant grant) {
        int n = partitions.length + grant.partitions().length;
        int[] mergedPartitions = new int[n];
        PartitionData[] mergedData = new PartitionData[n];
        long[] mergedIds = new long[n];
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            boolean fromHeld = j >= grant.partitions().length
                    || (i < partitions.length && partitions[i] < grant.partitions()[j]);
            if (fromHeld) {
                mergedPartitions[k] = partitions[i];
                mergedData[k] = data[i];
                mergedIds[k] = reservationIds[i++];
            } else {
                mergedPartitions[k] = grant.partitions()[j];
                mergedData[k] = grant.data()[j++];
                mergedIds[k] = grant.reservationId();
            }
        }
        partitions = mergedPartitions;
        data = mergedData;
        reservationIds = mergedIds;
        keyspace = null;
    }

    /** The held partitions' data as one keyspace (a key outside them is a bug of the caller). */
    public Keyspace keyspace() {
        if (keyspace == null) {
            keyspace = data.length == 1 ? data[0] : new ReservedKeyspace(partitions, data, partitionMap);
        }
        return keyspace;
    }

    /** The data of one held partition, for commands confined to it (SCAN walks one partition's own table). */
    public Keyspace partition(int partition) {
        return keyspace().partition(partition);
    }

    /** Sets the clock of every held partition (commands of a script all run at the script's start time). */
    public void setClock(long now) {
        for (PartitionData partition : data) {
            partition.clock().set(now);
        }
    }

    /** Tells every held partition it is released (by {@code release}), and forgets them. */
    public void releaseAll(Hold release) {
        forEach(release);
        partitions = NONE;
        data = new PartitionData[0];
        reservationIds = new long[0];
        keyspace = null;
    }

    /** Visits every held partition with the id of the reservation that holds it. */
    public void forEach(Hold action) {
        for (int i = 0; i < partitions.length; i++) {
            action.accept(partitions[i], reservationIds[i]);
        }
    }

    /** A held partition and the reservation holding it. */
    @FunctionalInterface
    public interface Hold {
        void accept(int partition, long reservationId);
    }
}
