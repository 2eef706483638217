package io.redactor.e2e.pubsub;

import io.redactor.testing.RawClient;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition with a deadline instead of sleeping a fixed time. */
final class Await {
    static final Duration DEFAULT = Duration.ofSeconds(10);

    private Await() {
    }

    static void until(String what, BooleanSupplier condition) {
        until(what, DEFAULT, condition);
    }

    static void until(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for: " + what);
            }
            pause();
        }
    }

    /** Waits until {@code value} gives {@code expected}; fails showing the last value seen. */
    static <T> void equal(String what, T expected, Supplier<T> value) {
        long deadline = System.nanoTime() + DEFAULT.toNanos();
        T last = value.get();
        while (!expected.equals(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": expected " + expected + " but still " + last + " after " + DEFAULT);
            }
            pause();
            last = value.get();
        }
    }

    /**
     * PUBSUB CHANNELS and NUMPAT are server-wide: waits until the subscribers of earlier tests are gone (a closed
     * connection is noticed by the server a moment later).
     */
    static void noSubscriptions(String server, Supplier<RawClient> connect) {
        try (RawClient client = connect.get()) {
            until(server + " has no channel or pattern subscriptions",
                    () -> client.call("PUBSUB", "CHANNELS").equals("*0\r\n")
                            && client.call("PUBSUB", "NUMPAT").equals(":0\r\n"));
        }
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
