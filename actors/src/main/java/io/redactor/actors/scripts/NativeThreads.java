package io.redactor.actors.scripts;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calling OS thread's scheduling on Linux (for a virtual thread: its carrier's): its nice value and giving up its
 * core, through libc's {@code gettid}, {@code setpriority} and {@code sched_yield} called with the foreign function
 * API. That API is final from JDK 22 and a preview in JDK 21, which the code is compiled for, so it is reached by
 * reflection; on JDK 21, on other systems or without native access, nothing changes and the reason is logged once.
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
            if (Runtime.version().feature() < 22) {
                log.info("{}: native calls need JDK 22 or later", NO_NATIVE_CALLS);
                return null;
            }
            try {
                Module own = NativeThreads.class.getModule();
                if (!(boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(own)) {
                    log.info("{}: native access is off (java --enable-native-access=ALL-UNNAMED turns it on)",
                            NO_NATIVE_CALLS);
                    return null;
                }
                Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
                Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
                Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
                Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
                Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
                Object linker = linkerType.getMethod("nativeLinker").invoke(null);
                Object libc = linkerType.getMethod("defaultLookup").invoke(linker);
                Method find = Class.forName("java.lang.foreign.SymbolLookup").getMethod("find", String.class);
                Object javaInt = Class.forName("java.lang.foreign.ValueLayout").getField("JAVA_INT").get(null);
                Method descriptor = descriptorType.getMethod("of", layoutType, layoutType.arrayType());
                Method downcall = linkerType.getMethod("downcallHandle", segmentType, descriptorType,
                        optionType.arrayType());
                Object noOptions = Array.newInstance(optionType, 0);

                Object[] intArgs = (Object[]) Array.newInstance(layoutType, 3);
                Arrays.fill(intArgs, javaInt);
                Object noArgs = Array.newInstance(layoutType, 0);
                MethodHandle gettid = (MethodHandle) downcall.invoke(linker,
                        ((Optional<?>) find.invoke(libc, "gettid")).orElseThrow(),
                        descriptor.invoke(null, javaInt, noArgs), noOptions);
                MethodHandle setpriority = (MethodHandle) downcall.invoke(linker,
                        ((Optional<?>) find.invoke(libc, "setpriority")).orElseThrow(),
                        descriptor.invoke(null, javaInt, intArgs), noOptions);
                MethodHandle schedYield = (MethodHandle) downcall.invoke(linker,
                        ((Optional<?>) find.invoke(libc, "sched_yield")).orElseThrow(),
                        descriptor.invoke(null, javaInt, noArgs), noOptions);
                return new Native(gettid, setpriority, schedYield);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                log.info("{}: {}", NO_NATIVE_CALLS, e.getCause() != null ? e.getCause() : e);
                return null;
            }
        }
    }
}
