package io.redactor.actors.pause;

import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * CLIENT PAUSE and UNPAUSE: the node-wide pause (its mode and end time), and the clients whose next command waits
 * for it to end, in the order they came. A client's pipeline checks {@link #mode()}, one volatile read, before each
 * command; only while a pause is on does it ask more. When the pause ends (UNPAUSE, its time up, or a less
 * restrictive mode) every waiting client is resumed in arrival order and checks its command again, as Redis
 * unblocks its postponed clients.
 */
public final class ClientPause {
    private final LongSupplier clock;
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private volatile PauseMode mode = PauseMode.OFF;
    /** Unix ms at which the pause ends; read with {@link #mode}. */
    private volatile long endMs;

    public ClientPause() {
        this(System::currentTimeMillis);
    }

    public ClientPause(LongSupplier clock) {
        this.clock = clock;
    }

    /** The pause in force; OFF almost always. */
    public PauseMode mode() {
        return mode;
    }

    /**
     * Pauses until {@code untilMs} (unix ms); a pause in force keeps the later end and the more restrictive mode, as
     * Redis's pauseClients does.
     */
    public void pause(long untilMs, PauseMode requested) {
        synchronized (this) {
            if (mode == PauseMode.OFF) {
                endMs = untilMs;
                mode = requested;
            } else {
                endMs = Math.max(endMs, untilMs);
                mode = requested.compareTo(mode) > 0 ? requested : mode;
            }
        }
        expireIfDue();
    }

    /** CLIENT UNPAUSE. */
    public void unpause() {
        Runnable[] resumed;
        synchronized (this) {
            if (mode == PauseMode.OFF) {
                return;
            }
            mode = PauseMode.OFF;
            resumed = waiting.toArray(Runnable[]::new);
            waiting.clear();
        }
        for (Runnable resume : resumed) {
            resume.run();
        }
    }

    /** Ends the pause once its time is up (the server's cron calls it, and every check of a paused command). */
    public void expireIfDue() {
        if (mode != PauseMode.OFF && clock.getAsLong() > endMs) {
            synchronized (this) {
                if (mode == PauseMode.OFF || clock.getAsLong() <= endMs) {
                    return;
                }
            }
            unpause();
        }
    }

    /**
     * Whether a command that writes ({@code writes}: it may write or replicate) must wait now; if so {@code resume} is
     * run once the pause ends (on the thread ending it), and the caller must not run the command before.
     */
    public boolean holds(boolean writes, Runnable resume) {
        expireIfDue();
        synchronized (this) {
            if (mode == PauseMode.ALL || (mode == PauseMode.WRITE && writes)) {
                waiting.add(resume);
                return true;
            }
            return false;
        }
    }

    /** Whether expiry is held: keys past their time look gone but are not deleted, as in Redis 7.0. */
    public boolean holdsExpiry() {
        if (mode == PauseMode.OFF) {
            return false;
        }
        expireIfDue();
        return mode != PauseMode.OFF;
    }

    /** A client that left while waiting. */
    public synchronized void forget(Runnable resume) {
        waiting.remove(resume);
    }
}
