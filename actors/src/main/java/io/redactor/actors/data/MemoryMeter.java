package io.redactor.actors.data;

import java.util.Arrays;

/**
 * One partition's estimate of the memory its data holds (keys, values, expiry, the tables), kept exact as the data
 * changes: the key tables add and subtract what goes in and out, and values changed in place are re-read after the
 * command that changed them ({@link #settle}). Owned by the partition's actor; the node reads the figure the actor
 * publishes (see {@link MemoryLedger}).
 */
public final class MemoryMeter {
    /** A meter nobody reads: tables that are not (or no longer) a partition's. */
    static final MemoryMeter NONE = new MemoryMeter();

    long used;
    /** The part of {@link #used} that is the key tables' own arrays. */
    long overhead;
    private SizedValue[] touched = new SizedValue[8];
    private int touchedCount;

    public long used() {
        return used;
    }

    public long overhead() {
        return overhead;
    }

    /** A value about to be changed in place: its size is read again at {@link #settle}. */
    void touched(SizedValue value) {
        if (value.touched || this == NONE) {
            return;
        }
        value.touched = true;
        if (touchedCount == touched.length) {
            touched = Arrays.copyOf(touched, touchedCount * 2);
        }
        touched[touchedCount++] = value;
    }

    /** Counts what the values changed since the last settle hold now; after every command or turn. */
    public void settle() {
        for (int i = 0; i < touchedCount; i++) {
            SizedValue value = touched[i];
            touched[i] = null;
            value.touched = false;
            if (value.owner != null) {
                value.owner.recount(value);
            }
        }
        touchedCount = 0;
        if (touched.length > 1024) {
            touched = new SizedValue[8];
        }
    }
}
