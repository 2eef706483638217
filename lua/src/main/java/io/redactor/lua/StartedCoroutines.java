package io.redactor.lua;

import java.util.ArrayList;
import java.util.List;

import org.luaj.vm2.LuaThread;

/**
 * The coroutines one run started, for its bound on those alive at once and for ending a script's suspended ones
 * with it. Those that ended are dropped now and then, each time the list has doubled, so that a script starting
 * coroutines one after another pays a constant cost for each.
 */
final class StartedCoroutines {
    private static final int FIRST_PRUNE = 64;
    private final List<ScriptCoroutine> started = new ArrayList<>(0);
    private int pruneAt = FIRST_PRUNE;

    /** Adds a coroutine about to start; false, adding nothing, when {@code max} of them are alive already. */
    boolean add(ScriptCoroutine co, int max) {
        if (started.size() >= pruneAt || started.size() >= max) {
            started.removeIf(c -> c.state.status == LuaThread.STATUS_DEAD);
            pruneAt = Math.max(FIRST_PRUNE, 2 * started.size());
            if (started.size() >= max) {
                return false;
            }
        }
        started.add(co);
        return true;
    }

    /** Ends those still suspended (their bodies unwind without running anything more) and forgets them all. */
    void cancelAll() {
        for (ScriptCoroutine co : started) {
            co.cancel();
        }
        clear();
    }

    /** Forgets them all: they stay as they are. */
    void clear() {
        started.clear();
        pruneAt = FIRST_PRUNE;
    }
}
