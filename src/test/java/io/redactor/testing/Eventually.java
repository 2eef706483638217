package io.redactor.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Waits for something the server does in the background (expiring keys, closing connections, delivering
 * messages): polls a condition until a deadline instead of sleeping a fixed time.
 */
public final class Eventually {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Eventually() {
    }

    /** Polls until {@code condition} holds; fails naming {@code what} after 10 s. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, TIMEOUT, condition);
    }

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for: " + what);
            }
            pause();
        }
    }

    /** Polls until {@code value} gives {@code expected}; fails showing the last value seen. */
    public static <T> void equal(String what, T expected, Supplier<T> value) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        T last = value.get();
        while (!expected.equals(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": expected " + expected + " but still " + last + " after " + TIMEOUT);
            }
            pause();
            last = value.get();
        }
    }

    public static void assertValue(long expected, LongSupplier value, String what) {
        equal(what, expected, value::getAsLong);
    }

    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
