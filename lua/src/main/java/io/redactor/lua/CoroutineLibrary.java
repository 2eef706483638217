package io.redactor.lua;

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
 */
final class CoroutineLibrary {
    private static final String YIELD_OUTSIDE = "attempt to yield across metamethod/C-call boundary";
    /** The coroutine whose body runs on this thread; null on a script's own thread. */
    private static final ThreadLocal<ScriptCoroutine> SELF = new ThreadLocal<>();

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
            ScriptCoroutine running = SELF.get();
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
        co.run = run;
        // LuaJ marks the coroutine that resumes (found in the Globals) normal while this one runs
        co.globals.running = SELF.get();
        Varargs r = co.resume(args);
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

    private static Varargs yield(Varargs args) {
        ScriptCoroutine co = SELF.get();
        if (co == null) {
            throw new ScriptLuaError(LuaValue.valueOf(YIELD_OUTSIDE), true);
        }
        Varargs resumedWith = co.state.lua_yield(args);
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
        ScriptCoroutine[] self = new ScriptCoroutine[1];
        LuaValue body = Fn.of("coroutine", a -> {
            ScriptCoroutine co = self[0];
            SELF.set(co);
            ScriptRun.setCurrent(co.run);
            try {
                return f.invoke(a);
            } catch (LuaError e) {
                LuaValue v = e instanceof ScriptLuaError se ? se.value : LuaValue.valueOf(String.valueOf(e.getMessage()));
                co.raised = v;
                throw new LuaError(v.isstring() ? v.tojstring() : "(error object is a " + v.typename() + " value)");
            } catch (RuntimeException | Error e) {
                co.escaped = e;
                throw e;
            }
        });
        self[0] = new ScriptCoroutine(body);
        return self[0];
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

        ScriptCoroutine(LuaValue body) {
            super(new Globals(), body);
        }
    }
}
