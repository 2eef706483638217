package io.redactor.lua;

import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.TailcallVarargs;
import org.luaj.vm2.UpValue;
import org.luaj.vm2.Varargs;

/**
 * The instructions of a Lua frame that are more than a line, as one method each, shared by
 * {@link ScriptClosure}'s interpreter loop and the code {@link PrototypeCompiler} writes, so both run them alike.
 * {@code stack} is the frame's registers; {@code top} and {@code v} are the interpreter's: after a call or
 * {@code ...} whose results are all kept, the registers end at {@code top - v.narg()} and {@code v} holds the rest.
 */
final class FrameOps {
    private static final LuaValue CALL = LuaValue.valueOf("__call");

    private FrameOps() {
    }

    /**
     * Counts a backward jump or a call against the run's budget; at zero, polls its stop flag. Whether the function
     * has a compiled body now: the interpreter then continues a loop there (at a backward jump's target).
     */
    static boolean tick(ScriptRun run, ScriptClosure closure, int pc) {
        if (--run.countdown <= 0) {
            run.poll(closure, pc);
            return closure.prototypeCode.compiled() != null;
        }
        return false;
    }

    /** CALL and TAILCALL's callee and arguments: the results of calling register {@code a} (B = {@code b}). */
    static Varargs call(LuaValue[] stack, int a, int b, int top, Varargs v) {
        LuaValue f = callable(stack[a]);
        return f.invoke(arguments(stack, a, b, top, v, f));
    }

    /** TAILCALL: a Lua callee is left to the caller's loop (LuaJ's trampoline), anything else is called now. */
    static Varargs tailcall(LuaValue[] stack, int a, int b, int top, Varargs v) {
        LuaValue f = callable(stack[a]);
        Varargs args = arguments(stack, a, b, top, v, f);
        return f instanceof ScriptClosure ? new TailcallVarargs(f, args) : f.invoke(args);
    }

    private static Varargs arguments(LuaValue[] stack, int a, int b, int top, Varargs v, LuaValue f) {
        if (f != stack[a]) {
            // __call: the object becomes the first argument
            return b > 0 ? LuaValue.varargsOf(stack, a, b) : LuaValue.varargsOf(stack, a, top - v.narg() - a, v);
        }
        return b > 0 ? LuaValue.varargsOf(stack, a + 1, b - 1) : LuaValue.varargsOf(stack, a + 1, top - v.narg() - (a + 1), v);
    }

    /**
     * The first {@code n - 1} values of {@code v} into registers {@code a ..}: a call's results (C = n) or VARARG's
     * extra arguments (B = n).
     */
    static void spread(LuaValue[] stack, int a, int n, Varargs v) {
        for (int j = 1; j < n; j++) {
            stack[a + j - 1] = v.arg(j);
        }
    }

    private static LuaValue callable(LuaValue f) {
        if (f instanceof LuaFunction) {
            return f;
        }
        LuaValue mt = f.getmetatable();
        LuaValue h = mt == null ? LuaValue.NIL : mt.rawget(CALL);
        if (h.isnil()) {
            throw new OperandError(OperandError.Kind.CALL, f);
        }
        return h;
    }

    /** RETURN with B = 0: registers {@code a ..} up to the top, then the last call's results. */
    static Varargs returnAll(LuaValue[] stack, int a, int top, Varargs v) {
        return LuaValue.varargsOf(stack, a, top - v.narg() - a, v);
    }

    /** FORLOOP: steps the counter; whether the loop goes on (then the counter is in registers a and a + 3). */
    static boolean forLoop(LuaValue[] stack, int a) {
        double st = stack[a + 2].todouble();
        double idx = stack[a].todouble() + st;
        double lim = stack[a + 1].todouble();
        if (st > 0 ? idx <= lim : idx >= lim) {
            LuaValue x = LuaValue.valueOf(idx);
            stack[a] = x;
            stack[a + 3] = x;
            return true;
        }
        return false;
    }

    static void forPrep(LuaValue[] stack, int a) {
        LuaValue init = Lua51Arith.forNumber(stack[a], "'for' initial value must be a number");
        LuaValue limit = Lua51Arith.forNumber(stack[a + 1], "'for' limit must be a number");
        LuaValue step = Lua51Arith.forNumber(stack[a + 2], "'for' step must be a number");
        stack[a] = LuaValue.valueOf(init.todouble() - step.todouble());
        stack[a + 1] = limit;
        stack[a + 2] = step;
    }

    /** TFORCALL: the generic for's iterator called, its C = {@code c} results into registers {@code a + 3 ..}. */
    static void forCall(LuaValue[] stack, int a, int c) {
        LuaValue f = callable(stack[a]);
        Varargs v = f == stack[a] ? f.invoke(LuaValue.varargsOf(stack[a + 1], stack[a + 2]))
                : f.invoke(LuaValue.varargsOf(stack[a], stack[a + 1], stack[a + 2]));
        while (--c >= 0) {
            stack[a + 3 + c] = v.arg(c + 1);
        }
    }

    /** SETLIST: block {@code c} (1-based) of the table in register a, B = {@code b} values (0: up to the top). */
    static void setList(LuaValue[] stack, int a, int b, int c, int top, Varargs v) {
        int offset = (c - 1) * Lua.LFIELDS_PER_FLUSH;
        LuaValue o = stack[a];
        if (b == 0) {
            b = top - a - 1;
            int m = b - v.narg();
            int j = 1;
            for (; j <= m; j++) {
                o.rawset(offset + j, stack[a + j]);
            }
            for (; j <= b; j++) {
                o.rawset(offset + j, v.arg(j - m));
            }
        } else {
            o.presize(offset + b);
            for (int j = 1; j <= b; j++) {
                o.rawset(offset + j, stack[a + j]);
            }
        }
    }

    private static final UpValue[] NO_UPVALUES = new UpValue[0];

    /** CLOSURE: a closure of {@code closure}'s nested function {@code index}, its upvalues bound. */
    static ScriptClosure closure(ScriptClosure closure, int index, LuaValue[] stack, UpValue[] openups) {
        PrototypeCode code = closure.prototypeCode.children[index];
        ScriptClosure ncl = new ScriptClosure(code, closure.run);
        org.luaj.vm2.Upvaldesc[] uv = code.p.upvalues;
        UpValue[] target = uv.length == 0 ? NO_UPVALUES : new UpValue[uv.length];
        for (int j = 0; j < uv.length; ++j) {
            if (uv[j].instack) {
                int b = uv[j].idx;
                target[j] = openups[b] != null ? openups[b] : (openups[b] = new UpValue(stack, b));
            } else {
                target[j] = closure.upValues[uv[j].idx];
            }
        }
        ncl.upValues = target;
        return ncl;
    }

    /** JMP with A > 0: closes the upvalues of registers {@code from} and above. */
    static void closeUpvalues(UpValue[] openups, int from) {
        for (int c = openups.length; --c >= from;) {
            if (openups[c] != null) {
                openups[c].close();
                openups[c] = null;
            }
        }
    }

    /** What a frame throws for a Lua error raised at instruction {@code pc}: with its position and variable names. */
    static LuaError located(LuaError e, ScriptClosure closure, ScriptRun run, int pc) {
        return run.locate(e, closure, pc);
    }

    /** What a frame throws for a kill: one inside a call (an async script's redis.call woken) gets that call's line. */
    static ScriptKilledError located(ScriptKilledError e, ScriptClosure closure, int pc) {
        return e.line() < 0 ? ScriptKilledError.at(closure.p, pc) : e;
    }

    /**
     * A stack overflow, or a heap that could not take what the frame was making (the memory budget and the heap
     * guard refuse most such values before they are made): Lua's error for each, which pcall may catch as in Lua 5.1.
     */
    static LuaError located(VirtualMachineError e, ScriptClosure closure, ScriptRun run, int pc) {
        String message = e instanceof OutOfMemoryError ? StringLibrary.NOT_ENOUGH_MEMORY : "stack overflow";
        return run.locate(new LuaError(message), closure, pc);
    }
}
