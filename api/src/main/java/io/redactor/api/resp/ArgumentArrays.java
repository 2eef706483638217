package io.redactor.api.resp;

import io.redactor.actors.node.HeapGuard;

import java.util.function.Consumer;

/**
 * Makes the arrays that large arguments are read into, each at its full size and with the heap guard's reservation
 * ({@link HeapGuard#reserve}), so that no argument takes heap the guard does not know of. An array is made on the
 * event loop only when it is small and fits at once; otherwise on a virtual thread of its own, because making it may
 * mean waiting for a collection the guard asks for (tens of milliseconds) and zeroing memory the JVM has not used yet
 * (measured on a 1 GB heap: up to 0.55 s for 500 MB), and the event loop's other clients must not wait for either.
 */
final class ArgumentArrays {
    /** Arrays at least this large are always made aside. */
    static final int ASIDE_FROM = 1 << 20;

    private final HeapGuard heap;

    ArgumentArrays(HeapGuard heap) {
        this.heap = heap;
    }

    /** The array for an argument of {@code length} bytes, made here; null if it must be made aside. */
    byte[] makeHere(int length) {
        if (length >= ASIDE_FROM || !heap.admits(length) || !heap.reserve(length)) {
            return null;
        }
        try {
            return new byte[length];
        } catch (OutOfMemoryError e) {
            heap.settle(length);
            return null;
        }
    }

    /**
     * Makes the array on a virtual thread, then hands it to {@code made} there: null if the heap cannot take it.
     * An array handed over must be {@linkplain #settle settled} when the decoder is done with it.
     */
    void makeAside(int length, Consumer<byte[]> made) {
        Thread.ofVirtual().name("argument-array").start(() -> {
            byte[] array = null;
            if (heap.reserve(length)) {
                try {
                    array = new byte[length];
                } catch (OutOfMemoryError e) {
                    heap.settle(length);
                }
            }
            made.accept(array);
        });
    }

    /** The argument read into {@code array} was handed over or dropped. */
    void settle(byte[] array) {
        heap.settle(array.length);
    }
}
