package io.redactor.actors.data;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The 24 access bits Redis keeps per value: with an LRU policy, a seconds clock (24 bits, wrapping);
 * with an LFU policy, minutes (16 bits) and a logarithmic access counter (8 bits). Same arithmetic as
 * Redis so that OBJECT IDLETIME and OBJECT FREQ answer alike.
 */
public final class AccessClock {
    static final int LRU_CLOCK_MAX = (1 << 24) - 1;
    static final int LFU_INIT_VAL = 5;

    private AccessClock() {
    }

    public static int lruClock(long nowMs) {
        return (int) ((nowMs / 1000) & LRU_CLOCK_MAX);
    }

    static int lfuMinutes(long nowMs) {
        return (int) ((nowMs / 60_000) & 0xffff);
    }

    /** Bits for a value created now. */
    public static int initial(boolean lfu, long nowMs) {
        return lfu ? (lfuMinutes(nowMs) << 8) | LFU_INIT_VAL : lruClock(nowMs);
    }

    /** Bits after an access now. */
    public static int touch(int bits, boolean lfu, long nowMs, int logFactor, int decayMinutes) {
        if (!lfu) {
            return lruClock(nowMs);
        }
        int counter = incrementLogarithmic(frequency(bits, nowMs, decayMinutes), logFactor);
        return (lfuMinutes(nowMs) << 8) | counter;
    }

    /**
     * Bits for a value RESTORE gives a frequency (used under an LFU policy) or an idle time in seconds (under the
     * others); -1 when it gives neither that applies, and the value keeps the bits of one created now.
     */
    public static int restored(boolean lfu, long nowMs, long frequency, long idleSeconds) {
        if (lfu) {
            return frequency >= 0 ? (lfuMinutes(nowMs) << 8) | (int) frequency : -1;
        }
        if (idleSeconds < 0) {
            return -1;
        }
        long absolute = lruClock(nowMs) - idleSeconds;
        if (absolute < 0) {
            absolute += LRU_CLOCK_MAX;
        }
        return (int) (absolute & LRU_CLOCK_MAX);
    }

    /** OBJECT IDLETIME, in seconds. */
    public static long idleSeconds(int bits, long nowMs) {
        int clock = lruClock(nowMs);
        return clock >= bits ? clock - bits : clock + (LRU_CLOCK_MAX - bits);
    }

    /** OBJECT FREQ: the counter after decaying it by the minutes elapsed since the last access. */
    public static int frequency(int bits, long nowMs, int decayMinutes) {
        int lastMinutes = bits >>> 8;
        int counter = bits & 0xff;
        if (decayMinutes <= 0) {
            return counter;
        }
        int now = lfuMinutes(nowMs);
        int elapsed = now >= lastMinutes ? now - lastMinutes : 65535 - lastMinutes + now;
        int periods = elapsed / decayMinutes;
        return periods > counter ? 0 : counter - periods;
    }

    private static int incrementLogarithmic(int counter, int logFactor) {
        if (counter == 255) {
            return 255;
        }
        double base = Math.max(0, counter - LFU_INIT_VAL);
        double p = 1.0 / (base * logFactor + 1);
        return ThreadLocalRandom.current().nextDouble() < p ? counter + 1 : counter;
    }
}
