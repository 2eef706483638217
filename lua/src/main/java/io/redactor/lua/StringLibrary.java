package io.redactor.lua;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaNumber;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.DumpState;
import org.luaj.vm2.lib.StringLib;

/**
 * Lua 5.1's string library: LuaJ's pattern functions, with numbers given as strings written the 5.1 way
 * ({@code %.14g}), plus our {@code string.format} and the 5.1 {@code gfind}.
 */
final class StringLibrary {
    /** ESC "Lua", version 5.1, official format, little endian, sizes of int, size_t, Instruction, lua_Number, floats. */
    private static final byte[] LUA51_HEADER = {0x1b, 'L', 'u', 'a', 0x51, 0, 1, 4, 8, 4, 8, 0};
    /** LuaJ's 5.2 header: signature, version, format, six sizes and flags, then the six bytes of LUAC_TAIL. */
    private static final int LUAJ_HEADER_LENGTH = 18;
    /** The longest byte array the JVM makes. */
    static final int MAX_STRING = Integer.MAX_VALUE - 8;
    /** Bytes string.rep copies between two reports of its work, so that building a huge string can be killed. */
    private static final int REP_CHUNK = 1 << 20;
    /** LUAI_MAXCSTACK: the most values a C function may push. */
    private static final int MAX_C_STACK = 8000;
    /** Lua's message when an allocation fails. */
    static final String NOT_ENOUGH_MEMORY = "not enough memory";

    private StringLibrary() {
    }

    private static LuaTable shared;

    /**
     * One frozen string table per JVM: LuaJ's string metatable is JVM-wide, so every engine must hand out the
     * very table it indexes ({@code getmetatable('').__index == string}).
     */
    static synchronized LuaTable shared() {
        if (shared == null) {
            shared = ((ReadOnlyTable) create()).freeze();
            ReadOnlyTable mt = new ReadOnlyTable();
            mt.rawset(LuaValue.INDEX, shared);
            LuaString.s_metatable = mt.freeze();
        }
        return shared;
    }

    private static LuaTable create() {
        Globals scratch = ScratchGlobals.create();
        LuaValue saved = LuaString.s_metatable;
        new StringLib().call(LuaValue.valueOf("string"), scratch);
        LuaString.s_metatable = saved;
        LuaTable luaj = (LuaTable) scratch.rawget("string");
        LuaTable t = new ReadOnlyTable();
        // arguments (by position) that are strings, to be converted from numbers the Lua 5.1 way
        wrap(t, luaj, "byte", 1);
        wrap(t, luaj, "char", 0);
        Fn.put(t, "dump", StringLibrary::dump);
        wrap(t, luaj, "find", 1, 2);
        wrap(t, luaj, "gmatch", 1, 2);
        wrap(t, luaj, "gsub", 1, 2, 3);
        wrap(t, luaj, "len", 1);
        wrap(t, luaj, "lower", 1);
        wrap(t, luaj, "match", 1, 2);
        wrap(t, luaj, "rep", 1);
        wrap(t, luaj, "reverse", 1);
        wrap(t, luaj, "sub", 1);
        wrap(t, luaj, "upper", 1);
        t.rawset("gfind", t.rawget("gmatch"));
        Fn.put(t, "format", Lua51Format::format);
        return t;
    }

    /**
     * LuaJ's functions whose result is a string of its own in Lua 5.1 (LuaJ's sub shares its argument's bytes, but
     * the budget counts strings as Lua holds them); gsub's result counts as it is built (PatternFunctions).
     */
    private static final java.util.Set<String> MAKES_STRINGS = java.util.Set.of("lower", "upper", "reverse", "sub");

    private static void wrap(LuaTable target, LuaTable luaj, String name, int... stringArgs) {
        LuaValue f = switch (name) {
            case "find" -> Fn.of(name, PatternFunctions::find);
            case "match" -> Fn.of(name, PatternFunctions::match);
            case "gmatch" -> Fn.of(name, PatternFunctions::gmatch);
            case "gsub" -> Fn.of(name, PatternFunctions::gsub);
            default -> luaj.rawget(name);
        };
        boolean makesString = MAKES_STRINGS.contains(name);
        target.rawset(name, Fn.of(name, args -> {
            Varargs a = args;
            for (int n : stringArgs) {
                if (n > 0 && a.arg(n) instanceof LuaNumber num) {
                    a = replace(a, n, Lua51Arith.toLuaString(num));
                } else if (n > 0 && !(name.equals("gsub") && n == 3)) {
                    Args.checkString(a, n);
                }
            }
            if (name.equals("rep") || name.equals("sub")) {
                Args.checkNumber(a, 2);
            }
            if (name.equals("rep") && a.narg() >= 2) {
                return rep(Args.checkString(a, 1), Args.checkNumber(a, 2));
            }
            switch (name) {
                case "sub", "byte" -> a = positions(a, 2, 3);
                case "find", "match" -> a = positions(a, 3);
                default -> {
                }
            }
            if (name.equals("byte")) {
                checkSlice(a);
            }
            if (name.equals("char")) {
                for (int i = 1; i <= a.narg(); i++) {
                    int c = Args.checkInt(a, i);
                    if (c < 0 || c > 255) {
                        throw Args.error(i, "invalid value");
                    }
                }
            }
            Varargs result = f.invoke(a);
            if (makesString) {
                ScriptRun.made((LuaString) result.arg1());
            }
            return result;
        }));
    }

    /**
     * String positions are 64-bit integers in Lua 5.1 (luaL_checkinteger), where LuaJ takes the low 32 bits of
     * them: 2^32 + 2 became 2. As no string is 2^31 bytes long, a position beyond the int range means the same as
     * the int range's end, so it is clamped there.
     */
    private static Varargs positions(Varargs args, int... positions) {
        Varargs a = args;
        for (int n : positions) {
            LuaValue number = Lua51Arith.coerce(a.arg(n));
            if (number != null) {
                long v = Lua51Numbers.toLongLikeC(number.todouble());
                a = replace(a, n, LuaValue.valueOf((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v))));
            }
        }
        return a;
    }

    /**
     * string.byte returns each byte as a value on the Lua stack, which Lua 5.1 refuses to grow past 8000 slots
     * (arguments included): "stack overflow (string slice too long)" rather than millions of values.
     */
    private static void checkSlice(Varargs a) {
        LuaString s = Args.checkString(a, 1);
        long length = s.m_length;
        long first = relative(a.arg(2).isnil() ? 1 : Args.checkNumber(a, 2), length);
        long last = relative(a.arg(3).isnil() ? first : Args.checkNumber(a, 3), length);
        first = Math.max(first, 1);
        last = Math.min(last, length);
        if (first <= last && last - first + 1 + a.narg() > MAX_C_STACK) {
            throw new LuaError("stack overflow (string slice too long)");
        }
    }

    /** Lua 5.1's posrelat: a negative position counts from the end; before the start is 0. */
    private static long relative(double position, long length) {
        long pos = Lua51Numbers.toLongLikeC(position);
        if (pos < 0) {
            pos += length + 1;
        }
        return Math.max(pos, 0);
    }

    /**
     * string.rep as Lua 5.1 counts (luaL_checkint: the number made a 64-bit integer, then its low 32 bits, so
     * {@code 2^32 + 1} is 1 and {@code 2^31} is negative). A result no Java array can hold, or the heap has no room
     * for, is Lua's memory error rather than a wrapped-around size.
     */
    static LuaString rep(LuaString s, double count) {
        int n = (int) (long) count;
        if (n <= 0 || s.m_length == 0) {
            return LuaValue.EMPTYSTRING;
        }
        long total = (long) s.m_length * n;
        // more than the heap can ever hold fails at once, rather than after a full collection that stalls everyone
        if (total > MAX_STRING || total > Runtime.getRuntime().maxMemory()) {
            throw new LuaError(NOT_ENOUGH_MEMORY);
        }
        ScriptRun.making(total);
        ScriptRun run = ScriptRun.currentOrNull();
        if (run != null) {
            // counted before the allocation, so that a run about to build a huge string polls first
            run.spend((int) (total / ScriptRun.BYTES_PER_UNIT));
        }
        byte[] out;
        try {
            out = new byte[(int) total];
        } catch (OutOfMemoryError e) {
            throw new LuaError(NOT_ENOUGH_MEMORY);
        }
        System.arraycopy(s.m_bytes, s.m_offset, out, 0, s.m_length);
        int filled = s.m_length;
        // whole repetitions at a time, so that what is copied from the start stays in step
        int cap = Math.max(s.m_length, REP_CHUNK / s.m_length * s.m_length);
        while (filled < out.length) {
            int chunk = Math.min(Math.min(filled, out.length - filled), cap);
            System.arraycopy(out, 0, out, filled, chunk);
            filled += chunk;
            if (run != null) {
                run.spend(chunk / ScriptRun.BYTES_PER_UNIT);
            }
        }
        LuaString result = LuaString.valueUsing(out);
        ScriptRun.made(result, total);
        return result;
    }

    /**
     * string.dump. Lua 5.1 dumps Lua functions only ("unable to dump given function" for the others). Nothing can
     * load the chunk again (binary chunks are parsed as source and refused), so what scripts can see of it is its
     * header: Lua 5.1's, in front of LuaJ's function body.
     */
    private static Varargs dump(Varargs args) {
        LuaValue f = args.arg1();
        if (!f.isfunction()) {
            throw Args.typeError(args, 1, "function");
        }
        if (!(f instanceof LuaClosure closure)) {
            throw new LuaError("unable to dump given function");
        }
        ByteArrayOutputStream luaj = new ByteArrayOutputStream();
        try {
            DumpState.dump(closure.p, luaj, false, DumpState.NUMBER_FORMAT_FLOATS_OR_DOUBLES, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] body = luaj.toByteArray();
        ByteArrayOutputStream chunk = new ByteArrayOutputStream(LUA51_HEADER.length + body.length);
        chunk.writeBytes(LUA51_HEADER);
        chunk.write(body, LUAJ_HEADER_LENGTH, body.length - LUAJ_HEADER_LENGTH);
        return LuaString.valueUsing(chunk.toByteArray());
    }

    private static Varargs replace(Varargs args, int n, LuaValue value) {
        int count = Math.max(args.narg(), n);
        LuaValue[] values = new LuaValue[count];
        for (int i = 0; i < count; i++) {
            values[i] = i + 1 == n ? value : args.arg(i + 1);
        }
        return LuaValue.varargsOf(values);
    }
}
