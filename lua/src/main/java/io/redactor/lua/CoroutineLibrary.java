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
 * Lua 5.1's coroutine library on {@link ScriptCoroutine}s, whose bodies run on virtual threads: a suspended
 * coroutine holds no OS thread, only its stack on the heap (about 2.5 KB for a short body).
 *
 * <p>A coroutine's body runs on a thread of its own, but always on behalf of the run that resumed it last: each
 * resume hands the coroutine the resumer's {@link ScriptRun} (a library's coroutine kept in an upvalue may be
 * resumed by a later FCALL than the one that made it, as in Redis), so its {@code redis.call}s go through the
 * caller's context, never through a run that has ended. Whatever other than a Lua error ends the body on its
 * thread (a kill, an {@link Error} the server's context raises to unwind or restart the script, a bug) is thrown
 * again on the resumer's thread, as if the body had run there.
 *
 * <p>Each started coroutine holds its stack until its body ends, so their number is bounded: at most
 * {@link #MAX_PER_RUN} alive that one run started, {@link #MAX_LIVE} in the JVM; starting one more fails with
 * {@link #TOO_MANY}. A script's coroutines cannot outlive its run (nothing a script makes is reachable by the next
 * one), so when the run ends those still suspended are ended too. A library's may be kept in an upvalue for later
 * calls, as in Redis: they stay until they are unreachable (a body waiting in a yield checks every few seconds
 * whether its coroutine was collected).
 */
final class CoroutineLibrary {
    private static final String YIELD_OUTSIDE = "attempt to yield across metamethod/C-call boundary";
    /** Coroutines alive at once that one run started. */
    static final int MAX_PER_RUN = 10_000;
    /** Coroutines alive at once in this JVM. */
    static final int MAX_LIVE = 50_000;
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

    /** Coroutines alive in this JVM: started, not ended. */
    static int live() {
        return LIVE.get();
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
        ScriptCoroutine resumer = self();
        if (resumer != null) {
            resumer.state.status = LuaThread.STATUS_NORMAL;
        }
        Varargs r;
        try {
            r = co.resume(args);
        } catch (OutOfMemoryError e) {
            if (status != LuaThread.STATUS_INITIAL) {
                throw e;
            }
            // no thread for it: the JVM has no room for one more
            co.state.status = LuaThread.STATUS_DEAD;
            LIVE.decrementAndGet();
            throw new LuaError(TOO_MANY);
        } finally {
            if (resumer != null) {
                resumer.state.status = LuaThread.STATUS_RUNNING;
            }
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
        if (LIVE.incrementAndGet() > MAX_LIVE) {
            LIVE.decrementAndGet();
            throw new LuaError(TOO_MANY);
        }
        if (!run.coroutines.add(co, MAX_PER_RUN)) {
            LIVE.decrementAndGet();
            throw new LuaError(TOO_MANY);
        }
    }

    /**
     * A run ended: the coroutines of a script that are still suspended end now (their threads unwind without
     * running anything more); a function's may be resumed by a later call.
     */
    static void ended(ScriptRun run) {
        if (run.sha() != null) {
            run.coroutines.cancelAll();
        } else {
            run.coroutines.clear();
        }
    }

    private static ScriptCoroutine self() {
        WeakReference<ScriptCoroutine> ref = SELF.get();
        return ref == null ? null : ref.get();
    }

    private static Varargs yield(Varargs args) {
        WeakReference<ScriptCoroutine> ref = SELF.get();
        if (ref == null || ref.get() == null) {
            throw new ScriptLuaError(LuaValue.valueOf(YIELD_OUTSIDE), true);
        }
        return ScriptCoroutine.yield(ref, args);
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
            } catch (ScriptCoroutine.Cancelled e) {
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
}
