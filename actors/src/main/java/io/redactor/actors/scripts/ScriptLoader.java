package io.redactor.actors.scripts;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The thread that compiles and runs code too big for the thread a command arrives on: FUNCTION LOAD and FUNCTION
 * RESTORE (a library of 100,000 functions, 7.5 MB, takes about a second), and script bodies of {@link #LARGE_BODY}
 * bytes or more that are not cached yet (EVAL, SCRIPT LOAD). On an event loop or a partition's thread that work
 * would stall every client served there; here it costs other clients a core at most.
 *
 * <p>One thread, at the server's priority: libraries load one at a time anyway (the registry's write lock), and a
 * lowered priority would let a busy machine stretch a load that its client waits for.
 */
final class ScriptLoader {
    /** A body this long compiles in about 0.2 ms on a warm JVM, and much longer on a cold one. */
    static final int LARGE_BODY = 4096;
    /** A body this long costs its SHA1 about half a millisecond: even finding it in the cache moves here. */
    static final int HUGE_BODY = 256 * 1024;

    private final ExecutorService thread = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("script-loader").daemon().factory());

    /** Runs {@code work} on the loader thread; its exceptions complete the future. */
    <T> CompletableFuture<T> supply(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, thread);
    }
}
