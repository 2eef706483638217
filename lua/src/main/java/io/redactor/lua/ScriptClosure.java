package io.redactor.lua;

import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.UpValue;
import org.luaj.vm2.Varargs;

/**
 * A Lua function of a running script: our own interpreter loop for LuaJ's (Lua 5.2) bytecode, so that
 * scripts behave as Lua 5.1 where they can tell ({@code ..} and {@code #}, arithmetic on strings, error
 * messages with positions and variable names) and can be stopped: every backward jump and call counts down
 * the run's budget, and at zero the run polls its stop flag (a volatile read every {@link ScriptRun#POLL_EVERY}
 * steps instead of LuaJ's per-instruction debug hook). Once a function is hot, its calls run the JVM class
 * {@link PrototypeCompiler} made of it instead of this loop (see {@link PrototypeCode}). A closure of a function
 * library is bound to {@link ScriptRun#DETACHED} and counts against whichever run calls it.
 */
final class ScriptClosure extends LuaClosure {
    private static final LuaString INDEX = LuaValue.valueOf("__index");
    private static final LuaString NEWINDEX = LuaValue.valueOf("__newindex");
    private static final int DEPTH_LIMIT = 16000;

    final ScriptRun run;
    final PrototypeCode prototypeCode;

    ScriptClosure(PrototypeCode code, LuaValue env, ScriptRun run) {
        super(code.p, env);
        this.prototypeCode = code;
        this.run = run;
    }

    /** A nested function: its upvalues are filled by the creating CLOSURE instruction. */
    ScriptClosure(PrototypeCode code, ScriptRun run) {
        super(code.p, null);
        this.prototypeCode = code;
        this.run = run;
    }

    @Override
    public String tojstring() {
        return "function: " + Integer.toHexString(System.identityHashCode(this));
    }

    @Override
    public String name() {
        return "?";
    }

    @Override
    protected Varargs execute(LuaValue[] stack, Varargs varargs) {
        final ScriptRun run = this.run.detached ? ScriptRun.current() : this.run;
        for (int r = p.numparams; r < stack.length; r++) {
            if (stack[r] == null) {
                stack[r] = NIL;
            }
        }
        UpValue[] openups = p.p.length > 0 ? new UpValue[stack.length] : null;
        if (++run.depth > DEPTH_LIMIT) {
            run.depth--;
            throw new ScriptLuaError(LuaValue.valueOf(where(p, 0).concat("stack overflow")), true);
        }
        try {
            CompiledFunction compiled = prototypeCode.compiled();
            return compiled != null ? compiled.run(this, stack, varargs, openups, run, 0, NONE, 0)
                    : interpret(stack, varargs, openups, run);
        } finally {
            run.depth--;
            if (openups != null) {
                FrameOps.closeUpvalues(openups, 0);
            }
        }
    }

    private Varargs interpret(LuaValue[] stack, Varargs varargs, UpValue[] openups, ScriptRun run) {
        final Prototype p = this.p;
        final int[] code = p.code;
        final LuaValue[] k = p.k;
        Varargs v = NONE;
        int pc = 0;
        int top = 0;
        int i;
        int a;
        int b;
        int c;
        try {
            loop:
            while (true) {
                i = code[pc++];
                a = (i >> 6) & 0xff;
                switch (i & 0x3f) {
                    case Lua.OP_MOVE:
                        stack[a] = stack[i >>> 23];
                        continue;
                    case Lua.OP_LOADK:
                        stack[a] = k[i >>> 14];
                        continue;
                    case Lua.OP_LOADKX:
                        stack[a] = k[code[pc++] >>> 6];
                        continue;
                    case Lua.OP_LOADBOOL:
                        stack[a] = (i >>> 23 != 0) ? TRUE : FALSE;
                        if ((i & (0x1ff << 14)) != 0) {
                            pc++;
                        }
                        continue;
                    case Lua.OP_LOADNIL:
                        for (b = i >>> 23; b-- >= 0;) {
                            stack[a++] = NIL;
                        }
                        continue;
                    case Lua.OP_GETUPVAL:
                        stack[a] = upValues[i >>> 23].getValue();
                        continue;
                    case Lua.OP_GETTABUP:
                        stack[a] = index(upValues[i >>> 23].getValue(), (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]);
                        continue;
                    case Lua.OP_GETTABLE:
                        stack[a] = index(stack[i >>> 23], (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]);
                        continue;
                    case Lua.OP_SETTABUP:
                        upValues[a].getValue().set(((b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b]),
                                (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]);
                        continue;
                    case Lua.OP_SETUPVAL:
                        upValues[i >>> 23].setValue(stack[a]);
                        continue;
                    case Lua.OP_SETTABLE:
                        setIndex(stack[a], ((b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b]),
                                (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]);
                        continue;
                    case Lua.OP_NEWTABLE:
                        stack[a] = new Lua51Table(fb2int(i >>> 23), fb2int((i >> 14) & 0x1ff));
                        continue;
                    case Lua.OP_SELF: {
                        LuaValue o = stack[i >>> 23];
                        stack[a + 1] = o;
                        stack[a] = index(o, (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]);
                        continue;
                    }
                    case Lua.OP_ADD:
                    case Lua.OP_SUB:
                    case Lua.OP_MUL:
                    case Lua.OP_DIV:
                    case Lua.OP_MOD:
                    case Lua.OP_POW:
                        stack[a] = Lua51Arith.arith(i & 0x3f, (b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b],
                                (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c], run);
                        continue;
                    case Lua.OP_UNM:
                        stack[a] = Lua51Arith.unm(stack[i >>> 23]);
                        continue;
                    case Lua.OP_NOT:
                        stack[a] = stack[i >>> 23].toboolean() ? FALSE : TRUE;
                        continue;
                    case Lua.OP_LEN:
                        stack[a] = Lua51Arith.len(stack[i >>> 23]);
                        continue;
                    case Lua.OP_CONCAT:
                        stack[a] = Lua51Arith.concat(stack, i >>> 23, (i >> 14) & 0x1ff);
                        continue;
                    case Lua.OP_JMP:
                        b = (i >>> 14) - 0x1ffff;
                        pc += b;
                        if (a > 0) {
                            FrameOps.closeUpvalues(openups, a - 1);
                        }
                        if (b < 0 && FrameOps.tick(run, this, pc)) {
                            break loop; // compiled meanwhile: the loop goes on there
                        }
                        continue;
                    case Lua.OP_EQ:
                        if (((b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b]).eq_b((c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]) != (a != 0)) {
                            ++pc;
                        }
                        continue;
                    case Lua.OP_LT:
                        if (Lua51Arith.lessThan(((b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b]), (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]) != (a != 0)) {
                            ++pc;
                        }
                        continue;
                    case Lua.OP_LE:
                        if (Lua51Arith.lessEqual(((b = i >>> 23) > 0xff ? k[b & 0xff] : stack[b]), (c = (i >> 14) & 0x1ff) > 0xff ? k[c & 0xff] : stack[c]) != (a != 0)) {
                            ++pc;
                        }
                        continue;
                    case Lua.OP_TEST:
                        if (stack[a].toboolean() != ((i & (0x1ff << 14)) != 0)) {
                            ++pc;
                        }
                        continue;
                    case Lua.OP_TESTSET: {
                        LuaValue o = stack[i >>> 23];
                        if (o.toboolean() != ((i & (0x1ff << 14)) != 0)) {
                            ++pc;
                        } else {
                            stack[a] = o;
                        }
                        continue;
                    }
                    case Lua.OP_CALL:
                        FrameOps.tick(run, this, pc);
                        v = FrameOps.call(stack, a, i >>> 23, top, v);
                        if ((c = (i >> 14) & 0x1ff) > 0) {
                            FrameOps.spread(stack, a, c, v);
                            v = NONE;
                        } else {
                            top = a + v.narg();
                        }
                        continue;
                    case Lua.OP_TAILCALL:
                        FrameOps.tick(run, this, pc);
                        return FrameOps.tailcall(stack, a, i >>> 23, top, v);
                    case Lua.OP_RETURN:
                        b = i >>> 23;
                        switch (b) {
                            case 0:
                                return FrameOps.returnAll(stack, a, top, v);
                            case 1:
                                return NONE;
                            case 2:
                                return stack[a];
                            default:
                                return varargsOf(stack, a, b - 1);
                        }
                    case Lua.OP_FORLOOP:
                        if (FrameOps.forLoop(stack, a)) {
                            pc += (i >>> 14) - 0x1ffff;
                            if (FrameOps.tick(run, this, pc)) {
                                break loop; // compiled meanwhile: the loop goes on there
                            }
                        }
                        continue;
                    case Lua.OP_FORPREP:
                        FrameOps.forPrep(stack, a);
                        pc += (i >>> 14) - 0x1ffff;
                        continue;
                    case Lua.OP_TFORCALL:
                        FrameOps.forCall(stack, a, (i >> 14) & 0x1ff);
                        v = NONE;
                        continue;
                    case Lua.OP_TFORLOOP:
                        if (!stack[a + 1].isnil()) {
                            stack[a] = stack[a + 1];
                            pc += (i >>> 14) - 0x1ffff;
                            if (FrameOps.tick(run, this, pc)) {
                                break loop; // compiled meanwhile: the loop goes on there
                            }
                        }
                        continue;
                    case Lua.OP_SETLIST:
                        if ((c = (i >> 14) & 0x1ff) == 0) {
                            c = code[pc++] >>> 6;
                        }
                        FrameOps.setList(stack, a, i >>> 23, c, top, v);
                        v = NONE;
                        continue;
                    case Lua.OP_CLOSURE:
                        stack[a] = FrameOps.closure(this, i >>> 14, stack, openups);
                        continue;
                    case Lua.OP_VARARG:
                        if ((b = i >>> 23) == 0) {
                            top = a + varargs.narg();
                            v = varargs;
                        } else {
                            FrameOps.spread(stack, a, b, varargs);
                        }
                        continue;
                    case Lua.OP_EXTRAARG:
                    default:
                        throw new IllegalStateException("bad opcode " + (i & 0x3f));
                }
            }
        } catch (LuaError e) {
            throw FrameOps.located(e, this, run, pc - 1);
        } catch (ScriptKilledError e) {
            throw FrameOps.located(e, this, pc - 1);
        } catch (StackOverflowError | OutOfMemoryError e) {
            throw FrameOps.located(e, this, run, pc - 1);
        }
        // outside the try: the compiled body locates its own errors
        return prototypeCode.compiled().run(this, stack, varargs, openups, run, pc, v, top);
    }

    static int fb2int(int x) {
        int e = (x >> 3) & 31;
        return e == 0 ? x : ((x & 7) + 8) << (e - 1);
    }

    /** t[k] with Lua 5.1's error for indexing a value that has no __index. */
    static LuaValue index(LuaValue t, LuaValue key) {
        if (t instanceof LuaTable) {
            return t.get(key);
        }
        if (t instanceof LuaString) {
            LuaValue mt = LuaString.s_metatable;
            LuaValue h = mt == null ? NIL : mt.rawget(INDEX);
            return h.istable() ? h.get(key) : t.get(key);
        }
        LuaValue mt = t.getmetatable();
        if (mt == null || mt.rawget(INDEX).isnil()) {
            throw new OperandError(OperandError.Kind.INDEX, t);
        }
        return t.get(key);
    }

    static void setIndex(LuaValue t, LuaValue key, LuaValue value) {
        if (t instanceof LuaTable) {
            if (key.isnil() || (key.isnumber() && Double.isNaN(key.todouble()))) {
                BaseLibrary.checkKey(key);
            }
            t.set(key, value);
            return;
        }
        LuaValue mt = t instanceof LuaString ? LuaString.s_metatable : t.getmetatable();
        if (mt == null || mt.rawget(NEWINDEX).isnil()) {
            throw new OperandError(OperandError.Kind.INDEX, t);
        }
        t.set(key, value);
    }

    /**
     * {@code chunk:line: }, or "" when the line is unknown. Like everything on the way of a stack overflow, built
     * without {@code +}: javac's string concatenation links a call site on first use, and when that first use
     * finds no stack left, the JDK class doing the linking fails to initialize for the whole JVM.
     */
    static String where(Prototype p, int pc) {
        int line = p.lineinfo != null && pc >= 0 && pc < p.lineinfo.length ? p.lineinfo[pc] : -1;
        if (line <= 0) {
            return "";
        }
        return new StringBuilder(ChunkNames.shortSource(p.source)).append(':').append(line).append(": ").toString();
    }
}
