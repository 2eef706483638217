package io.redactor.lua;

import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaDouble;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaInteger;
import org.luaj.vm2.LuaNumber;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/** Lua 5.1's arithmetic, comparison, length and concatenation, used by {@link ScriptClosure}. */
final class Lua51Arith {
    private static final LuaString ADD = LuaValue.valueOf("__add");
    private static final LuaString SUB = LuaValue.valueOf("__sub");
    private static final LuaString MUL = LuaValue.valueOf("__mul");
    private static final LuaString DIV = LuaValue.valueOf("__div");
    private static final LuaString MOD = LuaValue.valueOf("__mod");
    private static final LuaString POW = LuaValue.valueOf("__pow");
    private static final LuaString UNM = LuaValue.valueOf("__unm");
    private static final LuaString LT = LuaValue.valueOf("__lt");
    private static final LuaString LE = LuaValue.valueOf("__le");
    private static final LuaString CONCAT = LuaValue.valueOf("__concat");
    /** Concatenations at least this long count as work ({@link ScriptRun#spendCurrent}); shorter ones are cheap. */
    private static final long LARGE_CONCAT = 64 * 1024;

    private Lua51Arith() {
    }

    /** {@code run}: the run whose code does the arithmetic, for its string-to-number cache. */
    static LuaValue arith(int op, LuaValue x, LuaValue y, ScriptRun run) {
        if (x instanceof LuaNumber && y instanceof LuaNumber) {
            if (op == Lua.OP_ADD && x instanceof LuaInteger && y instanceof LuaInteger) {
                return LuaValue.valueOf((double) ((long) x.toint() + y.toint()));
            }
            return number(compute(op, x.todouble(), y.todouble()));
        }
        StringNumbers.Cache cache = run.numbers();
        double a = numberOrNot(x, cache);
        if (StringNumbers.isNumber(a)) {
            double b = numberOrNot(y, cache);
            if (StringNumbers.isNumber(b)) {
                return number(compute(op, a, b));
            }
        }
        LuaString event = switch (op) {
            case Lua.OP_ADD -> ADD;
            case Lua.OP_SUB -> SUB;
            case Lua.OP_MUL -> MUL;
            case Lua.OP_DIV -> DIV;
            case Lua.OP_MOD -> MOD;
            default -> POW;
        };
        LuaValue h = metaTag(x, event);
        if (h.isnil()) {
            h = metaTag(y, event);
        }
        if (h.isnil()) {
            boolean blameFirst = !isNumeric(x);
            throw new OperandError(OperandError.Kind.ARITH, blameFirst ? x : y, blameFirst ? 1 : 2);
        }
        return h.call(x, y).arg1();
    }

    static LuaValue number(double d) {
        if (d != d) {
            return LuaDouble.valueOf(Lua51Numbers.DEFAULT_NAN);
        }
        return LuaValue.valueOf(d);
    }

    private static double compute(int op, double a, double b) {
        switch (op) {
            case Lua.OP_ADD:
                return a + b;
            case Lua.OP_SUB:
                return a - b;
            case Lua.OP_MUL:
                return a * b;
            case Lua.OP_DIV:
                return a / b;
            case Lua.OP_MOD:
                return a - Math.floor(a / b) * b;
            default:
                return Math.pow(a, b);
        }
    }

    static LuaValue unm(LuaValue x) {
        if (x instanceof LuaNumber) {
            double d = x.todouble();
            return x instanceof LuaInteger && d != 0 ? LuaValue.valueOf(-x.toint()) : LuaDouble.valueOf(-d);
        }
        if (isNumeric(x)) {
            return LuaDouble.valueOf(-toNumber(x));
        }
        LuaValue h = metaTag(x, UNM);
        if (h.isnil()) {
            throw new OperandError(OperandError.Kind.ARITH, x, 2);
        }
        return h.call(x, x).arg1();
    }

    /** The number of a number or numeric string, else {@link StringNumbers#NOT_A_NUMBER}. */
    private static double numberOrNot(LuaValue v) {
        return numberOrNot(v, ScriptRun.numberCache());
    }

    private static double numberOrNot(LuaValue v, StringNumbers.Cache cache) {
        if (v instanceof LuaNumber) {
            return v.todouble();
        }
        if (v instanceof LuaString s) {
            return StringNumbers.of(s, cache);
        }
        return StringNumbers.NOT_A_NUMBER;
    }

    /** A number, or a string Lua 5.1 converts to one; anything else is NaN (check with isNumeric). */
    static double toNumber(LuaValue v) {
        double d = numberOrNot(v);
        return StringNumbers.isNumber(d) ? d : Double.NaN;
    }

    static boolean isNumeric(LuaValue v) {
        return StringNumbers.isNumber(numberOrNot(v));
    }

    /** A number value for a number or a numeric string (Lua 5.1's tonumber coercion), or null. */
    static LuaValue coerce(LuaValue v) {
        if (v instanceof LuaNumber) {
            return v;
        }
        if (v instanceof LuaString s) {
            Double d = Lua51Numbers.parse(s.m_bytes, s.m_offset, s.m_length);
            return d == null ? null : LuaValue.valueOf(d);
        }
        return null;
    }

    static LuaValue forNumber(LuaValue v, String message) {
        LuaValue n = coerce(v);
        if (n == null) {
            throw new LuaError(message);
        }
        return n;
    }

    private static LuaValue metaTag(LuaValue v, LuaString event) {
        LuaValue mt = v.getmetatable();
        return mt == null ? LuaValue.NIL : mt.rawget(event);
    }

    static boolean lessThan(LuaValue x, LuaValue y) {
        if (x instanceof LuaNumber && y instanceof LuaNumber) {
            return x.todouble() < y.todouble();
        }
        if (x instanceof LuaString a && y instanceof LuaString b) {
            return a.strcmp(b) < 0;
        }
        return orderByMeta(x, y, LT);
    }

    static boolean lessEqual(LuaValue x, LuaValue y) {
        if (x instanceof LuaNumber && y instanceof LuaNumber) {
            return x.todouble() <= y.todouble();
        }
        if (x instanceof LuaString a && y instanceof LuaString b) {
            return a.strcmp(b) <= 0;
        }
        if (x.type() == y.type()) {
            LuaValue h = sameMeta(x, y, LE);
            if (!h.isnil()) {
                return h.call(x, y).toboolean();
            }
            h = sameMeta(x, y, LT);
            if (!h.isnil()) {
                return !h.call(y, x).toboolean();
            }
        }
        throw compareError(x, y);
    }

    private static boolean orderByMeta(LuaValue x, LuaValue y, LuaString event) {
        if (x.type() == y.type()) {
            LuaValue h = sameMeta(x, y, event);
            if (!h.isnil()) {
                return h.call(x, y).toboolean();
            }
        }
        throw compareError(x, y);
    }

    private static LuaValue sameMeta(LuaValue x, LuaValue y, LuaString event) {
        LuaValue h1 = metaTag(x, event);
        if (h1.isnil()) {
            return LuaValue.NIL;
        }
        LuaValue h2 = metaTag(y, event);
        return h1.raweq(h2) ? h1 : LuaValue.NIL;
    }

    private static LuaError compareError(LuaValue x, LuaValue y) {
        String t1 = x.typename();
        String t2 = y.typename();
        return new LuaError(t1.equals(t2) ? "attempt to compare two " + t1 + " values"
                : "attempt to compare " + t1 + " with " + t2);
    }

    static LuaValue len(LuaValue v) {
        if (v instanceof LuaString s) {
            return LuaValue.valueOf(s.m_length);
        }
        if (v instanceof LuaTable t) {
            return LuaValue.valueOf(Lua51Table.border(t));
        }
        throw new OperandError(OperandError.Kind.LEN, v);
    }

    /**
     * R(b) .. ... .. R(c), right to left as Lua 5.1 does, numbers written as %.14g. Strings and numbers only are
     * joined in one array of the result's size, counted against the run's memory ({@link ScriptRun#making}).
     */
    static LuaValue concat(LuaValue[] stack, int b, int c) {
        long total = 0;
        byte[][] numbers = null;
        boolean simple = true;
        for (int r = b; r <= c; r++) {
            LuaValue v = stack[r];
            if (v instanceof LuaString s) {
                total += s.m_length;
            } else if (v instanceof LuaNumber) {
                if (numbers == null) {
                    numbers = new byte[c - b + 1][];
                }
                byte[] n = Lua51Numbers.toString(v.todouble()).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                numbers[r - b] = n;
                total += n.length;
            } else {
                simple = false;
                break;
            }
        }
        if (simple) {
            if (total > StringLibrary.MAX_STRING) {
                throw new LuaError(StringLibrary.NOT_ENOUGH_MEMORY);
            }
            ScriptRun.making(total);
            if (total >= LARGE_CONCAT) {
                // copying large strings is long work no loop polls for: it may stop, or move off a network thread
                ScriptRun.spendCurrent((int) (total / ScriptRun.BYTES_PER_UNIT));
            }
            byte[] out = new byte[(int) total];
            int at = 0;
            for (int r = b; r <= c; r++) {
                if (stack[r] instanceof LuaString s) {
                    System.arraycopy(s.m_bytes, s.m_offset, out, at, s.m_length);
                    at += s.m_length;
                } else {
                    byte[] n = numbers[r - b];
                    System.arraycopy(n, 0, out, at, n.length);
                    at += n.length;
                }
            }
            LuaString result = LuaString.valueUsing(out);
            ScriptRun.made(result, total);
            return result;
        }
        // general case: pairwise from the right, with __concat
        LuaValue acc = stack[c];
        for (int r = c - 1; r >= b; r--) {
            acc = concatPair(stack[r], acc, r, r + 1);
        }
        return acc;
    }

    private static LuaValue concatPair(LuaValue x, LuaValue y, int rx, int ry) {
        if ((x.isstring()) && (y.isstring())) {
            return ScriptRun.made(LuaString.valueUsing(concatBytes(toStringBytes(x), toStringBytes(y))));
        }
        LuaValue h = metaTag(x, CONCAT);
        if (h.isnil()) {
            h = metaTag(y, CONCAT);
        }
        if (h.isnil()) {
            boolean blameFirst = !(x instanceof LuaString || x instanceof LuaNumber);
            throw new OperandError(OperandError.Kind.CONCAT, blameFirst ? x : y, blameFirst ? rx : ry);
        }
        return h.call(x, y).arg1();
    }

    static byte[] toStringBytes(LuaValue v) {
        if (v instanceof LuaString s) {
            byte[] out = new byte[s.m_length];
            System.arraycopy(s.m_bytes, s.m_offset, out, 0, s.m_length);
            return out;
        }
        return Lua51Numbers.toString(v.todouble()).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static byte[] concatBytes(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Lua 5.1's tostring for strings and numbers (lua_tolstring); null for other types. */
    static LuaString toLuaString(LuaValue v) {
        if (v instanceof LuaString s) {
            return s;
        }
        if (v instanceof LuaNumber) {
            return LuaValue.valueOf(Lua51Numbers.toString(v.todouble()));
        }
        return null;
    }
}
