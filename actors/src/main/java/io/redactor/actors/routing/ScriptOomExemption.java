package io.redactor.actors.routing;

import java.util.function.Supplier;

/**
 * Where a script's commands are not refused for memory, as in Redis's scriptVerifyOOM: every command of a script that
 * declares allow-oom, and those of any other script once it has written (it may not stop halfway then). Marked on the
 * thread that routes the script's command, for that call only.
 */
public final class ScriptOomExemption {
    private static final ThreadLocal<Boolean> UNCHECKED = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private ScriptOomExemption() {
    }

    /** Runs {@code routing} with memory not checked. */
    static <T> T unchecked(Supplier<T> routing) {
        UNCHECKED.set(Boolean.TRUE);
        try {
            return routing.get();
        } finally {
            UNCHECKED.set(Boolean.FALSE);
        }
    }

    static boolean unchecked() {
        return UNCHECKED.get();
    }
}
