package io.redactor.actors.scripts;

import io.redactor.core.foreign.CFunctions;

import java.lang.invoke.MethodHandle;
import java.util.Locale;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calling OS thread's scheduling on Linux (for a virtual thread: its carrier's): its nice value and giving up its
 * core, through libc's {@code gettid}, {@code setpriority} and {@code sched_yield} ({@link CFunctions}); on JDK 21,
 * on other systems or without native access, nothing changes and the reason is logged once.
 * Raising a nice value needs no privilege.
 */
final class NativeThreads {
    private static final Logger log = LoggerFactory.getLogger(NativeThreads.class);
    private static final int PRIO_PROCESS = 0;
    private static final String NO_NATIVE_CALLS = "script threads keep the server's CPU priority and async scripts' "
            + "carriers do not offer their cores to other threads";
    private static final Native NATIVE = Native.link();

    private NativeThreads() {
    }

    /** Whether this JVM can make these calls. */
    static boolean available() {
        return NATIVE != null;
    }

    /** The calling OS thread's id, or -1 when {@link #available()} is false. */
    static int currentThreadId() {
        if (NATIVE == null) {
            return -1;
        }
        try {
            return (int) NATIVE.gettid.invokeExact();
        } catch (Throwable e) {
            return -1;
        }
    }

    /** Sets the calling OS thread's nice value; false if it could not. */
    static boolean setNice(int nice) {
        int tid = currentThreadId();
        if (tid < 0) {
            return false;
        }
        try {
            return (int) NATIVE.setpriority.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /**
     * Offers the calling OS thread's core to the other threads waiting for it ({@code sched_yield}); false if it could
     * not. For a platform thread {@link Thread#yield()} does the same; a virtual thread's yield only offers its
     * carrier to other virtual threads.
     */
    static boolean yieldCore() {
        if (NATIVE == null) {
            return false;
        }
        try {
            return (int) NATIVE.schedYield.invokeExact() == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    private record Native(MethodHandle gettid, MethodHandle setpriority, MethodHandle schedYield) {
        static Native link() {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
                log.info("{}: these are Linux calls", NO_NATIVE_CALLS);
                return null;
            }
            String unavailable = CFunctions.unavailableReason();
            if (unavailable != null) {
                log.info("{}: {}", NO_NATIVE_CALLS, unavailable);
                return null;
            }
            try {
                return new Native(CFunctions.function("gettid", int.class),
                        CFunctions.function("setpriority", int.class, int.class, int.class, int.class),
                        CFunctions.function("sched_yield", int.class));
            } catch (IllegalStateException e) {
                log.info("{}: {}", NO_NATIVE_CALLS, e.getMessage());
                return null;
            }
        }
    }
}
