package io.redactor.persistence.aof;

/**
 * Where a thread's batch of work ends. A thread that serves many clients in turns (a network event loop) can run
 * a task once its current turn is over, before it waits for more: the append-only file uses that to write and
 * flush there, as Redis does before its event loop sleeps, instead of waking a writer thread and being woken by
 * it. The server registers its event loops here; threads without turns run nothing.
 */
public final class TurnEnds {
    /** Runs a task on the calling thread when its turn ends. */
    @FunctionalInterface
    public interface Scheduler {
        /** Arranges for {@code task} to run on this thread at the end of its turn; false when it has no turns. */
        boolean runAtEndOfTurn(Runnable task);
    }

    private static final Scheduler NONE = task -> false;
    private static volatile Scheduler scheduler = NONE;

    private TurnEnds() {
    }

    /** Registers the process's scheduler (null for none); returns the one it replaces. */
    public static Scheduler install(Scheduler next) {
        Scheduler previous = scheduler;
        scheduler = next == null ? NONE : next;
        return previous;
    }

    static boolean runAtEndOfTurn(Runnable task) {
        return scheduler.runAtEndOfTurn(task);
    }
}
