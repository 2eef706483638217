package io.redactor.lua;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaThread;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Lua 5.1's coroutine library on LuaJ's LuaThread (one platform thread per live coroutine, see DESIGN.md;
 * scripts rarely use them).
 *
 * <p>A coroutine's body runs on a thread of its own, but always on behalf of the run that resumed it last: each
 * resume hands the coroutine the resumer's {@link ScriptRun} (a library's coroutine kept in an upvalue may be
 * resumed by a later FCALL than the one that made it, as in Redis), so its {@code redis.call}s go through the
 * caller's context, never through a run that has ended. Whatever other than a Lua error ends the body on its
 * thread (a kill, an {@link Error} the server's context raises to unwind or restart the script, a bug) is thrown
 * again on the resumer's thread, as if the body had run there.
 *
 * <p>Each started coroutine holds a platform thread until its body ends, so their number is bounded: at most
 * {@link #MAX_PER_RUN} alive that one run started, {@link #MAX_LIVE} in the JVM; starting one more fails with
 * {@link #TOO_MANY}. A script's coroutines cannot outlive its run (nothing a script makes is reachable by the next
 * one), so when the run ends those still suspended are ended too, and their threads with them. A library's may be
 * kept in an upvalue for later calls, as in Redis: they stay until LuaJ finds them unreachable (a thread waiting in
 * a yield checks every few seconds whether its coroutine was collected).
 */
final class CoroutineLibrary {
    private static final String YIELD_OUTSIDE = "attempt to yield across metamethod/C-call boundary";
    /** Coroutines alive at once that one run started. */
    static final int MAX_PER_RUN = 256;
    /** Coroutines alive at once in this JVM. */
    static final int MAX_LIVE = 4096;
    static final String TOO_MANY = "too many coroutines alive at once (at most " + MAX_PER_RUN + " started by a "
            + "script or function call, " + MAX_LIVE + " in the server)";
    private static final AtomicInteger LIVE = new AtomicInteger();
    /**
     * The coroutine whose body runs on this thread; null on a script's own thread. Weak, as is everything else the
     * coroutine's own thread keeps of it, so that a library's coroutine nobody can resume any more is collected.
     */
    private static final ThreadLocal<WeakReference<ScriptCoroutine>> SELF = new ThreadLocal<>();

    private CoroutineLibrary() {
    }

    static LuaTable create() {
        LuaTable t = new ReadOnlyTable();
        Fn.put(t, "create", args -> create(args, 1));
        Fn.put(t, "resume", args -> {
            if (!(args.arg1() instanceof ScriptCoroutine co)) {
                throw Args.typeError(args, 1, "coroutine");
            }
            return resume(co, args.subargs(2));
        });
        Fn.put(t, "yield", CoroutineLibrary::yield);
        Fn.put(t, "status", args -> {
            if (!(args.arg1() instanceof LuaThread co)) {
                throw Args.typeError(args, 1, "coroutine");
            }
            return LuaValue.valueOf(co.getStatus());
        });
        Fn.put(t, "running", args -> {
            ScriptCoroutine running = self();
            return running == null ? LuaValue.NIL : running;
        });
        Fn.put(t, "wrap", args -> {
            ScriptCoroutine co = create(args, 1);
            return Fn.of("wrap", a -> {
                Varargs r = resume(co, a);
                if (r.arg1().toboolean()) {
                    return r.subargs(2);
                }
                throw new ScriptLuaError(r.arg(2), false);
            });
        });
        return t;
    }

    private static Varargs resume(ScriptCoroutine co, Varargs args) {
        ScriptRun run = ScriptRun.current();
        int status = co.state.status;
        if (status == LuaThread.STATUS_RUNNING || status == LuaThread.STATUS_NORMAL) {
            return LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf(
                    "cannot resume " + (status == LuaThread.STATUS_RUNNING ? "running" : "normal") + " coroutine"));
        }
        if (status == LuaThread.STATUS_INITIAL) {
            start(co, run);
        }
        co.run = run;
        // LuaJ marks the coroutine that resumes (found in the Globals) normal while this one runs
        co.globals.running = self();
        Varargs r;
        try {
            r = co.resume(args);
        } catch (OutOfMemoryError e) {
            if (status != LuaThread.STATUS_INITIAL) {
                throw e;
            }
            // no thread for it: the JVM or the system has no room for one more
            co.state.status = LuaThread.STATUS_DEAD;
            LIVE.decrementAndGet();
            throw new LuaError(TOO_MANY);
        }
        Throwable escaped = co.escaped;
        if (escaped != null) {
            co.escaped = null;
            if (escaped instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) escaped;
        }
        if (run.stopRequested()) {
            // a kill that hit the coroutine's thread ended it; end the script too
            throw new ScriptKilledError();
        }
        return withRaisedValue(co, r);
    }

    /** Counts a coroutine whose thread is about to start, or refuses it. */
    private static void start(ScriptCoroutine co, ScriptRun run) {
        run.coroutines.removeIf(c -> c.state.status == LuaThread.STATUS_DEAD);
        if (run.coroutines.size() >= MAX_PER_RUN) {
            throw new LuaError(TOO_MANY);
        }
        if (LIVE.incrementAndGet() > MAX_LIVE) {
            LIVE.decrementAndGet();
            throw new LuaError(TOO_MANY);
        }
        run.coroutines.add(co);
    }

    /**
     * A run ended: the coroutines of a script that are still suspended end now (their threads unwind without
     * running anything more); a function's may be resumed by a later call.
     */
    static void ended(ScriptRun run) {
        if (run.coroutines.isEmpty()) {
            return;
        }
        if (run.sha() != null) {
            for (LuaThread c : run.coroutines) {
                ScriptCoroutine co = (ScriptCoroutine) c;
                synchronized (co.state) {
                    if (co.state.status == LuaThread.STATUS_SUSPENDED) {
                        co.cancelled = true;
                        co.state.status = LuaThread.STATUS_DEAD;
                        co.state.notifyAll();
                    }
                }
            }
        }
        run.coroutines.clear();
    }

    private static ScriptCoroutine self() {
        WeakReference<ScriptCoroutine> ref = SELF.get();
        return ref == null ? null : ref.get();
    }

    private static Varargs yield(Varargs args) {
        WeakReference<ScriptCoroutine> ref = SELF.get();
        ScriptCoroutine co = ref == null ? null : ref.get();
        if (co == null) {
            throw new ScriptLuaError(LuaValue.valueOf(YIELD_OUTSIDE), true);
        }
        LuaThread.State state = co.state;
        co = null; // not kept while suspended
        Varargs resumedWith = state.lua_yield(args);
        co = ref.get();
        if (co == null || co.cancelled) {
            throw new Cancelled();
        }
        ScriptRun.setCurrent(co.run);
        return resumedWith;
    }

    /** A failed resume gives the value the body raised (a table stays a table), not LuaJ's text of it. */
    private static Varargs withRaisedValue(ScriptCoroutine co, Varargs r) {
        if (!r.arg1().toboolean() && co.raised != null) {
            LuaValue raised = co.raised;
            co.raised = null;
            return LuaValue.varargsOf(LuaValue.FALSE, raised);
        }
        return r;
    }

    private static ScriptCoroutine create(Varargs args, int n) {
        LuaValue f = args.arg(n);
        if (!(f instanceof LuaClosure)) {
            throw Args.error(n, "Lua function expected");
        }
        @SuppressWarnings("unchecked")
        WeakReference<ScriptCoroutine>[] self = new WeakReference[1];
        LuaValue body = Fn.of("coroutine", a -> {
            WeakReference<ScriptCoroutine> ref = self[0];
            SELF.set(ref);
            ScriptRun.setCurrent(ref.get().run);
            try {
                return f.invoke(a);
            } catch (LuaError e) {
                LuaValue v = e instanceof ScriptLuaError se ? se.value : LuaValue.valueOf(String.valueOf(e.getMessage()));
                ScriptCoroutine co = ref.get();
                if (co != null) {
                    co.raised = v;
                }
                throw new LuaError(v.isstring() ? v.tojstring() : "(error object is a " + v.typename() + " value)");
            } catch (Cancelled e) {
                throw e;
            } catch (RuntimeException | Error e) {
                ScriptCoroutine co = ref.get();
                if (co != null) {
                    co.escaped = e;
                }
                throw e;
            } finally {
                LIVE.decrementAndGet();
            }
        });
        ScriptCoroutine co = new ScriptCoroutine(body);
        self[0] = new WeakReference<>(co);
        return co;
    }

    /** Unwinds the thread of a coroutine that will never be resumed (its run ended). */
    private static final class Cancelled extends Error {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("coroutine ended with its script", null, false, false);
        }
    }

    /**
     * A script's coroutine. Each has Globals of its own: LuaJ keeps the coroutine that resumed it there while it
     * runs, and coroutines made by different runs (a library's) may resume one another.
     */
    private static final class ScriptCoroutine extends LuaThread {
        /** The run that resumed it last: its body runs on that run's behalf. */
        volatile ScriptRun run;
        /** The value its body raised, which LuaJ's LuaThread only keeps as text. */
        LuaValue raised;
        /** What else ended its body, to be thrown again on the resumer's thread. */
        volatile Throwable escaped;
        /** Its script's run ended while it was suspended. */
        volatile boolean cancelled;

        ScriptCoroutine(LuaValue body) {
            super(new Globals(), body);
        }
    }
}
