package io.redactor.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaThread;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Lua 5.1's coroutine library on LuaJ's LuaThread (one platform thread per live coroutine, see DESIGN.md;
 * scripts rarely use them). Each run keeps its own LuaJ Globals for them, so runs never share coroutine state.
 */
final class CoroutineLibrary {
    private CoroutineLibrary() {
    }

    static LuaTable create() {
        LuaTable t = new ReadOnlyTable();
        Fn.put(t, "create", args -> create(args, 1));
        Fn.put(t, "resume", args -> {
            if (!(args.arg1() instanceof LuaThread co)) {
                throw Args.typeError(args, 1, "coroutine");
            }
            return withRaisedValue(co, afterResume(co.resume(args.subargs(2))));
        });
        Fn.put(t, "yield", args -> ScriptRun.current().coroutineGlobals().yield(args));
        Fn.put(t, "status", args -> {
            if (!(args.arg1() instanceof LuaThread co)) {
                throw Args.typeError(args, 1, "coroutine");
            }
            return LuaValue.valueOf(co.getStatus());
        });
        Fn.put(t, "running", args -> {
            LuaThread running = ScriptRun.current().coroutineGlobals().running;
            return running == null || running.isMainThread() ? LuaValue.NIL : running;
        });
        Fn.put(t, "wrap", args -> {
            LuaThread co = create(args, 1);
            return Fn.of("wrap", a -> {
                Varargs r = withRaisedValue(co, afterResume(co.resume(a)));
                if (r.arg1().toboolean()) {
                    return r.subargs(2);
                }
                throw new ScriptLuaError(r.arg(2), false);
            });
        });
        return t;
    }

    /** A kill that hit the coroutine's thread ended it; end the script too. */
    private static Varargs afterResume(Varargs r) {
        if (ScriptRun.current().stopRequested()) {
            throw new ScriptKilledError();
        }
        return r;
    }

    /** A failed resume gives the value the body raised (a table stays a table), not LuaJ's text of it. */
    private static Varargs withRaisedValue(LuaThread co, Varargs r) {
        if (!r.arg1().toboolean() && co instanceof ScriptCoroutine sc && sc.raised != null) {
            LuaValue raised = sc.raised;
            sc.raised = null;
            return LuaValue.varargsOf(LuaValue.FALSE, raised);
        }
        return r;
    }

    private static LuaThread create(Varargs args, int n) {
        LuaValue f = args.arg(n);
        if (!f.isfunction()) {
            throw Args.typeError(args, n, "function");
        }
        ScriptRun run = ScriptRun.current();
        ScriptCoroutine[] self = new ScriptCoroutine[1];
        LuaValue body = Fn.of("coroutine", a -> {
            ScriptRun.setCurrent(run);
            try {
                return f.invoke(a);
            } catch (LuaError e) {
                LuaValue v = e instanceof ScriptLuaError se ? se.value : LuaValue.valueOf(String.valueOf(e.getMessage()));
                self[0].raised = v;
                throw new LuaError(v.isstring() ? v.tojstring() : "(error object is a " + v.typename() + " value)");
            }
        });
        self[0] = new ScriptCoroutine(run.coroutineGlobals(), body);
        return self[0];
    }

    /** A script's coroutine; keeps the value its body raised, which LuaJ's LuaThread only keeps as text. */
    private static final class ScriptCoroutine extends LuaThread {
        LuaValue raised;

        ScriptCoroutine(Globals globals, LuaValue body) {
            super(globals, body);
        }
    }
}
