package io.redactor.lua;

import java.io.ByteArrayOutputStream;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaNumber;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.Lua51Compiler;

/** The base functions Redis 7.0 leaves to scripts, with Lua 5.1's behaviour. */
final class BaseLibrary {
    private static final LuaString TOSTRING = LuaValue.valueOf("__tostring");
    private static final LuaString METATABLE = LuaValue.valueOf("__metatable");
    private static final LuaValue ZERO_INDEX = LuaValue.valueOf(0);

    private BaseLibrary() {
    }

    static void install(LuaTable g) {
        Fn.put(g, "assert", BaseLibrary::assertion);
        Fn.put(g, "collectgarbage", BaseLibrary::collectgarbage);
        Fn.put(g, "error", BaseLibrary::error);
        Fn.put(g, "gcinfo", args -> LuaValue.valueOf((int) (usedKilobytes())));
        Fn.put(g, "getmetatable", BaseLibrary::getmetatable);
        Fn ipairsIterator = Fn.of("ipairs_aux", args -> {
            int i = (int) args.arg(2).todouble() + 1;
            LuaValue v = Args.checkTable(args, 1).rawget(i);
            return v.isnil() ? LuaValue.NIL : LuaValue.varargsOf(LuaValue.valueOf(i), v);
        });
        Fn.put(g, "ipairs", args -> LuaValue.varargsOf(ipairsIterator, Args.checkTable(args, 1), ZERO_INDEX));
        Fn.put(g, "load", BaseLibrary::load);
        Fn.put(g, "loadstring", BaseLibrary::loadstring);
        Fn next = Fn.of("next", BaseLibrary::next);
        g.rawset("next", next);
        Fn.put(g, "pairs", args -> LuaValue.varargsOf(next, Args.checkTable(args, 1), LuaValue.NIL));
        Fn.put(g, "pcall", BaseLibrary::pcall);
        Fn.put(g, "rawequal", args -> Fn.bool(Args.checkAny(args, 1).raweq(Args.checkAny(args, 2))));
        Fn.put(g, "rawget", args -> Args.checkTable(args, 1).rawget(Args.checkAny(args, 2)));
        Fn.put(g, "rawset", args -> {
            LuaTable t = Args.checkTable(args, 1);
            Args.checkAny(args, 2);
            Args.checkAny(args, 3);
            checkKey(args.arg(2));
            t.rawset(args.arg(2), args.arg(3));
            return t;
        });
        Fn.put(g, "select", BaseLibrary::select);
        Fn.put(g, "setmetatable", BaseLibrary::setmetatable);
        Fn.put(g, "tonumber", BaseLibrary::tonumber);
        Fn.put(g, "tostring", args -> tostring(Args.checkAny(args, 1)));
        Fn.put(g, "type", args -> LuaValue.valueOf(Args.checkAny(args, 1).typename()));
        Fn.put(g, "unpack", BaseLibrary::unpack);
        Fn.put(g, "xpcall", BaseLibrary::xpcall);
        g.rawset("_VERSION", LuaValue.valueOf("Lua 5.1"));
        Fn.put(g, "__redis__err__handler", args -> {
            LuaValue err = args.arg1();
            if (err.istable()) {
                return err;
            }
            LuaTable t = new Lua51Table();
            t.rawset(RedisErrorReply.ERR, LuaValue.valueOf("ERR " + tostring(err).tojstring()));
            return t;
        });
    }

    static void checkKey(LuaValue key) {
        if (key.isnil()) {
            throw new LuaError("table index is nil");
        }
        if (key.isnumber() && Double.isNaN(key.todouble())) {
            throw new LuaError("table index is NaN");
        }
    }

    private static long usedKilobytes() {
        Runtime rt = Runtime.getRuntime();
        return Math.max(1, (rt.totalMemory() - rt.freeMemory()) / 1024);
    }

    /** Lua 5.1's tostring: %.14g numbers, __tostring, "table: 0x..." for the rest. */
    static LuaString tostring(LuaValue v) {
        LuaValue mt = v.getmetatable();
        if (mt != null && !(v instanceof LuaString)) {
            LuaValue h = mt.rawget(TOSTRING);
            if (!h.isnil()) {
                LuaValue r = h.call(v);
                LuaString s = Lua51Arith.toLuaString(r);
                if (s == null) {
                    throw new LuaError("'__tostring' must return a string");
                }
                return s;
            }
        }
        if (v instanceof LuaString s) {
            return s;
        }
        if (v instanceof LuaNumber) {
            return LuaValue.valueOf(Lua51Numbers.toString(v.todouble()));
        }
        if (v.isnil()) {
            return LuaValue.valueOf("nil");
        }
        if (v.isboolean()) {
            return LuaValue.valueOf(v.toboolean() ? "true" : "false");
        }
        return LuaValue.valueOf(v.typename() + ": 0x" + String.format("%08x", System.identityHashCode(v)));
    }

    private static Varargs assertion(Varargs args) {
        Args.checkAny(args, 1);
        if (!args.arg1().toboolean()) {
            LuaString message = Args.optString(args, 2, LuaValue.valueOf("assertion failed!"));
            throw new ScriptLuaError(message, false);
        }
        return args;
    }

    private static Varargs collectgarbage(Varargs args) {
        String option = Args.optString(args, 1, LuaValue.valueOf("collect")).tojstring();
        switch (option) {
            case "count":
                Runtime rt = Runtime.getRuntime();
                return LuaValue.valueOf((rt.totalMemory() - rt.freeMemory()) / 1024.0);
            case "collect":
            case "stop":
            case "restart":
                return LuaValue.ZERO;
            case "step":
                return LuaValue.FALSE;
            case "setpause":
            case "setstepmul":
                return LuaValue.valueOf(option.equals("setpause") ? 200 : 200);
            default:
                throw Args.error(1, "invalid option '" + option + "'");
        }
    }

    private static Varargs error(Varargs args) {
        LuaValue value = args.arg1();
        int level = Args.optInt(args, 2, 1);
        if (value.isstring() && level > 0) {
            return fail(new ScriptLuaError(Lua51Arith.toLuaString(value), false, level - 1));
        }
        return fail(new ScriptLuaError(value, true));
    }

    private static Varargs fail(LuaError e) {
        throw e;
    }

    private static Varargs getmetatable(Varargs args) {
        LuaValue v = Args.checkAny(args, 1);
        LuaValue mt = v instanceof LuaString ? LuaString.s_metatable : v.getmetatable();
        if (mt == null) {
            return LuaValue.NIL;
        }
        LuaValue protectedValue = mt.rawget(METATABLE);
        return protectedValue.isnil() ? mt : protectedValue;
    }

    private static Varargs setmetatable(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        LuaValue mt = args.arg(2);
        if (!mt.isnil() && !mt.istable()) {
            throw Args.error(2, "nil or table expected");
        }
        LuaValue current = t.getmetatable();
        if (current != null && !current.rawget(METATABLE).isnil()) {
            throw new LuaError("cannot change a protected metatable");
        }
        t.setmetatable(mt.isnil() ? null : mt);
        return t;
    }

    private static Varargs next(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        try {
            return t.next(args.arg(2));
        } catch (LuaError e) {
            throw new LuaError("invalid key to 'next'");
        }
    }

    private static Varargs pcall(Varargs args) {
        LuaValue f = Args.checkAny(args, 1);
        ScriptRun run = ScriptRun.current();
        int depth = run.depth;
        try {
            return LuaValue.varargsOf(LuaValue.TRUE, f.invoke(args.subargs(2)));
        } catch (LuaError e) {
            run.depth = depth;
            return LuaValue.varargsOf(LuaValue.FALSE, caught(e));
        } catch (StackOverflowError e) {
            run.depth = depth;
            return LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf("stack overflow"));
        }
    }

    /** The error value a pcall returns; Redis 7.0's pcall gives the err field of error tables. */
    static LuaValue caught(LuaError e) {
        LuaValue value;
        if (e instanceof ScriptLuaError se) {
            value = se.value;
        } else if (e instanceof OperandError oe) {
            value = LuaValue.valueOf(ErrorNames.describe(oe, new Prototype(), -1));
        } else {
            value = LuaValue.valueOf(ErrorNames.anonymousArgument(e.getMessage()));
        }
        if (value.istable()) {
            LuaValue err = value.get(RedisErrorReply.ERR);
            if (err.isstring()) {
                return err;
            }
        }
        return value;
    }

    private static Varargs xpcall(Varargs args) {
        LuaValue f = args.arg(1);
        LuaValue handler = args.arg(2);
        ScriptRun run = ScriptRun.current();
        int depth = run.depth;
        try {
            return LuaValue.varargsOf(LuaValue.TRUE, f.invoke(LuaValue.NONE));
        } catch (LuaError e) {
            run.depth = depth;
            LuaValue value = e instanceof ScriptLuaError se ? se.value : caught(e);
            return LuaValue.varargsOf(LuaValue.FALSE, handler.call(value));
        }
    }

    private static Varargs select(Varargs args) {
        LuaValue n = args.arg1();
        int count = args.narg() - 1;
        if (n instanceof LuaString s && s.m_length > 0 && s.m_bytes[s.m_offset] == '#') {
            return LuaValue.valueOf(count);
        }
        int i = Args.checkInt(args, 1);
        if (i < 0) {
            i = count + i + 1;
        } else if (i > count) {
            i = count + 1;
        }
        if (i <= 0) {
            throw Args.error(1, "index out of range");
        }
        return args.subargs(i + 1);
    }

    private static Varargs tonumber(Varargs args) {
        int base = Args.optInt(args, 2, 10);
        if (base == 10) {
            LuaValue v = Args.checkAny(args, 1);
            LuaValue n = Lua51Arith.coerce(v);
            return n == null ? LuaValue.NIL : n;
        }
        LuaString s = Args.checkString(args, 1);
        if (base < 2 || base > 36) {
            throw Args.error(2, "base out of range");
        }
        Double d = Lua51Numbers.parse(s.m_bytes, s.m_offset, s.m_length, base);
        return d == null ? LuaValue.NIL : LuaValue.valueOf(d);
    }

    private static Varargs unpack(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        int i = Args.optInt(args, 2, 1);
        int e = args.arg(3).isnil() ? Lua51Table.border(t) : Args.checkInt(args, 3);
        if (i > e) {
            return LuaValue.NONE;
        }
        long n = (long) e - i + 1;
        if (n >= 8000 || n <= 0) {
            throw new LuaError("too many results to unpack");
        }
        LuaValue[] values = new LuaValue[(int) n];
        for (int k = 0; k < n; k++) {
            values[k] = t.rawget(i + k);
        }
        return LuaValue.varargsOf(values);
    }

    private static Varargs loadstring(Varargs args) {
        LuaString s = Args.checkString(args, 1);
        LuaString name = Args.optString(args, 2, s);
        return compileChunk(s.m_bytes, s.m_offset, s.m_length, name.tojstring());
    }

    private static Varargs load(Varargs args) {
        LuaValue f = args.arg1();
        if (!(f instanceof LuaFunction)) {
            throw Args.typeError(args, 1, "function");
        }
        String name = Args.optString(args, 2, LuaValue.valueOf("=(load)")).tojstring();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            LuaValue piece = f.call();
            if (piece.isnil()) {
                break;
            }
            LuaString s = piece instanceof LuaString ls ? ls : null;
            if (s == null) {
                return LuaValue.varargsOf(LuaValue.NIL, LuaValue.valueOf("reader function must return a string"));
            }
            if (s.m_length == 0) {
                break;
            }
            out.write(s.m_bytes, s.m_offset, s.m_length);
        }
        byte[] bytes = out.toByteArray();
        return compileChunk(bytes, 0, bytes.length, name);
    }

    /** Compiles source text (never binary chunks: their signature is a syntax error, as in Redis). */
    static Varargs compileChunk(byte[] bytes, int offset, int length, String chunkName) {
        ScriptRun run = ScriptRun.current();
        try {
            Prototype p = compile(bytes, offset, length, chunkName);
            return new ScriptClosure(new PrototypeCode(p), run.globals, run.closureBinding());
        } catch (LuaError e) {
            return LuaValue.varargsOf(LuaValue.NIL, LuaValue.valueOf(e.getMessage()));
        }
    }

    static Prototype compile(byte[] bytes, int offset, int length, String chunkName) {
        String shortSource = ChunkNames.shortSource(chunkName);
        if (length > 0 && bytes[offset] == 27) {
            throw new LuaError(shortSource + ":1: unexpected symbol near 'char(27)'");
        }
        Lua51Lexer.Result lexed = Lua51Lexer.scan(bytes, offset, length);
        Lua51Lexer.LexicalError error = lexed.error();
        return Lua51Compiler.compile(lexed.tokens(), lexed::nearText, chunkName, shortSource,
                error == null ? null : new Lua51Compiler.SyntaxError(error.text(shortSource)));
    }
}
