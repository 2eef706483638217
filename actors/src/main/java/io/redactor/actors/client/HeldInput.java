package io.redactor.actors.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What a client's received and unanswered commands hold, in the order they came: a ring of each command's heap size
 * ({@link io.redactor.core.ArgsMemory}), the bytes it took on the wire and the length of its arguments, and their
 * sums. Commands are answered in the order they came, so answering takes sizes off the front. Written by the
 * pipeline's thread only; CLIENT LIST reads {@link #wireBytes()} and {@link #argumentBytes()} from any thread.
 */
final class HeldInput {
    private static final VarHandle WIRE;
    private static final VarHandle ARGUMENTS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WIRE = lookup.findVarHandle(HeldInput.class, "wireTotal", long.class);
            ARGUMENTS = lookup.findVarHandle(HeldInput.class, "argumentTotal", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long[] sizes = new long[16];
    private long[] wire = new long[16];
    private long[] arguments = new long[16];
    private int head;
    private int count;
    private long total;
    private long wireTotal;
    private long argumentTotal;

    void add(long size) {
        add(size, 0, 0);
    }

    /** A command: its heap size, its size as received (RESP) and the sum of its arguments' lengths. */
    void add(long size, long wireSize, long argumentLength) {
        if (count == sizes.length) {
            sizes = grown(sizes);
            wire = grown(wire);
            arguments = grown(arguments);
            head = 0;
        }
        int at = (head + count) & (sizes.length - 1);
        sizes[at] = size;
        wire[at] = wireSize;
        arguments[at] = argumentLength;
        count++;
        total += size;
        WIRE.setRelease(this, wireTotal + wireSize);
        ARGUMENTS.setRelease(this, argumentTotal + argumentLength);
    }

    private long[] grown(long[] ring) {
        long[] bigger = new long[ring.length * 2];
        for (int i = 0; i < count; i++) {
            bigger[i] = ring[(head + i) & (ring.length - 1)];
        }
        return bigger;
    }

    /** The oldest {@code answered} commands have been answered. */
    void answered(int answered) {
        long wireLeft = wireTotal;
        long argumentsLeft = argumentTotal;
        for (int i = 0; i < answered && count > 0; i++) {
            total -= sizes[head];
            wireLeft -= wire[head];
            argumentsLeft -= arguments[head];
            head = (head + 1) & (sizes.length - 1);
            count--;
        }
        WIRE.setRelease(this, wireLeft);
        ARGUMENTS.setRelease(this, argumentsLeft);
    }

    void clear() {
        head = 0;
        count = 0;
        total = 0;
        WIRE.setRelease(this, 0L);
        ARGUMENTS.setRelease(this, 0L);
    }

    int count() {
        return count;
    }

    long bytes() {
        return total;
    }

    /** The RESP bytes of the commands received and unanswered (the one running included), from any thread. */
    long wireBytes() {
        return (long) WIRE.getAcquire(this);
    }

    /** The summed argument lengths of those commands, from any thread. */
    long argumentBytes() {
        return (long) ARGUMENTS.getAcquire(this);
    }
}
