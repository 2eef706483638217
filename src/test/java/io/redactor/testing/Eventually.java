package io.redactor.testing;

import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** Waits for something the server does in the background (expiring keys, closing connections). */
public final class Eventually {
    private static final long TIMEOUT_NANOS = 3_000_000_000L;

    private Eventually() {
    }

    /** Polls {@code value} until it is {@code expected}; fails after 3 s. */
    public static void assertValue(long expected, LongSupplier value, String what) {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        long last;
        do {
            last = value.getAsLong();
            if (last == expected) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        } while (System.nanoTime() < deadline);
        fail(what + ": expected " + expected + " within 3 s, still " + last);
    }
}
