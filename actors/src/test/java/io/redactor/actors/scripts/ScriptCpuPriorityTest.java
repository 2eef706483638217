package io.redactor.actors.scripts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;

import io.redactor.actors.node.ProcessMetrics;
import io.redactor.testing.ThreadStat;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Script threads and clients' async script carriers run at the configured nice increment over the process's own, and
 * nothing else changes.
 */
class ScriptCpuPriorityTest {

    /** The nice value of the calling OS thread (for a virtual thread, its carrier's). */
    private static int currentNice() {
        return ThreadStat.current().nice();
    }

    private static int niceOfNewThread(ThreadFactory factory) throws Exception {
        CompletableFuture<Integer> nice = new CompletableFuture<>();
        Thread t = factory.newThread(() -> nice.complete(currentNice()));
        t.start();
        t.join();
        return nice.get();
    }

    @Test
    void atomicScriptThreadsStartLowered() throws Exception {
        assumeTrue(NativeThreads.available(), "needs Linux, JDK 22+ and native access");
        int base = ProcessMetrics.niceValue();
        ThreadFactory platform = Thread.ofPlatform().factory();
        assertEquals(Math.min(19, base + 5), niceOfNewThread(new ScriptCpuPriority(5).lowering(platform)));
        assertEquals(Math.min(19, base + 19), niceOfNewThread(new ScriptCpuPriority(19).lowering(platform)));
        assertEquals(base, niceOfNewThread(new ScriptCpuPriority(0).lowering(platform)));
        assertEquals(base, niceOfNewThread(platform), "other threads keep the process's priority");
    }

    /** Where a virtual thread from {@code factory} runs: its carrier's nice value, and its own description. */
    private static String carrierOfNewVirtualThread(ThreadFactory factory) throws Exception {
        CompletableFuture<String> seen = new CompletableFuture<>();
        Thread t = factory.newThread(() -> seen.complete(currentNice() + " " + Thread.currentThread()));
        t.start();
        t.join();
        return seen.get();
    }

    @Test
    void clientsAsyncScriptsRunOnLoweredCarriersOfTheirOwn() throws Exception {
        assumeTrue(NativeThreads.available(), "needs Linux, JDK 22+ and native access");
        assumeTrue(Object.class.getModule().isOpen("java.lang", getClass().getModule()),
                "needs java --add-opens java.base/java.lang=ALL-UNNAMED, as bin/test passes");
        ThreadFactory clients = AsyncScriptCarriers.lowered(10);
        String expected = Math.min(19, ProcessMetrics.niceValue() + 10) + " ";
        for (int i = 0; i < 20; i++) {
            String seen = carrierOfNewVirtualThread(clients);
            assertTrue(seen.startsWith(expected), "script " + i + ": " + seen);
            assertTrue(seen.contains("@async-script-carrier-"), seen);
            assertTrue(seen.startsWith("VirtualThread[", expected.length()), seen);
        }
    }

    @Test
    void subscriptionsAndUnloweredClientsKeepTheSharedCarriers() throws Exception {
        String expected = ProcessMetrics.niceValue() + " ";
        ThreadFactory[] sharedCarriers = {AsyncScriptCarriers.shared(), AsyncScriptCarriers.lowered(0)};
        for (ThreadFactory shared : sharedCarriers) {
            String seen = carrierOfNewVirtualThread(shared);
            assertTrue(seen.startsWith(expected), seen);
            assertFalse(seen.contains("async-script-carrier-"), seen);
        }
    }

    @Test
    void theIncrementIsAValidNiceIncrement() {
        assertThrows(IllegalArgumentException.class, () -> settings(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> settings(20, 0));
        assertThrows(IllegalArgumentException.class, () -> settings(0, -1));
        assertThrows(IllegalArgumentException.class, () -> settings(0, 20));
        assertEquals(19, settings(19, 0).nice());
        assertEquals(19, settings(0, 19).asyncNice());
        assertEquals(0, settings(0, 0).nice());
    }

    private static ScriptSettings settings(int nice, int asyncNice) {
        return new ScriptSettings(1, 0, Duration.ZERO, 1, nice, asyncNice);
    }

    @Test
    void threadIdsAreTheKernelsWhenAvailable() throws ExecutionException, InterruptedException {
        assumeTrue(NativeThreads.available(), "needs Linux, JDK 22+ and native access");
        CompletableFuture<String> ids = new CompletableFuture<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
                ids.complete(NativeThreads.currentThreadId() + " " + self);
            } catch (IOException e) {
                ids.completeExceptionally(e);
            }
        });
        t.join();
        String[] parts = ids.get().split(" ");
        assertEquals(parts[1].substring(parts[1].lastIndexOf('/') + 1), parts[0]);
    }
}
