package io.redactor.lua.libs;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The {@code bit} library of Redis 7.0 (LuaBitOp 1.0.2): 32-bit operations on Lua numbers, results as signed
 * 32-bit numbers. Arguments become 32 bits the way LuaBitOp does it: add 2^52+2^51 to the double and keep the low
 * 32 bits of its representation (rounding to nearest even, wrapping modulo 2^32 within 2^51).
 */
public final class BitLib {
    private static final double TOBIT_MAGIC = 6755399441055744.0;

    private BitLib() {
    }

    public static LuaTable create() {
        LuaTable table = new LuaTable();
        function(table, "tobit", args -> result(bits(args, 1, "tobit")));
        function(table, "bnot", args -> result(~bits(args, 1, "bnot")));
        function(table, "bswap", args -> result(Integer.reverseBytes(bits(args, 1, "bswap"))));
        function(table, "band", args -> fold(args, "band", (a, b) -> a & b));
        function(table, "bor", args -> fold(args, "bor", (a, b) -> a | b));
        function(table, "bxor", args -> fold(args, "bxor", (a, b) -> a ^ b));
        function(table, "lshift", args -> shift(args, "lshift", (b, n) -> b << n));
        function(table, "rshift", args -> shift(args, "rshift", (b, n) -> b >>> n));
        function(table, "arshift", args -> shift(args, "arshift", (b, n) -> b >> n));
        function(table, "rol", args -> shift(args, "rol", Integer::rotateLeft));
        function(table, "ror", args -> shift(args, "ror", Integer::rotateRight));
        function(table, "tohex", BitLib::tohex);
        return table;
    }

    private static void function(LuaTable table, String name, NamedFunction.Body body) {
        table.set(name, new NamedFunction(name, body));
    }

    /** The argument as LuaBitOp's 32 bits. */
    static int bits(Varargs args, int narg, String name) {
        return toBit(LibArgs.checkNumber(args, narg, name));
    }

    static int toBit(double number) {
        return (int) Double.doubleToRawLongBits(number + TOBIT_MAGIC);
    }

    private static LuaValue result(int bits) {
        return LuaValue.valueOf(bits);
    }

    private interface BinaryOp {
        int apply(int a, int b);
    }

    /** LuaBitOp reads the first argument, then the others from the last one down. */
    private static Varargs fold(Varargs args, String name, BinaryOp op) {
        int result = bits(args, 1, name);
        for (int i = args.narg(); i > 1; i--) {
            result = op.apply(result, bits(args, i, name));
        }
        return result(result);
    }

    private static Varargs shift(Varargs args, String name, BinaryOp op) {
        int value = bits(args, 1, name);
        int count = bits(args, 2, name) & 31;
        return result(op.apply(value, count));
    }

    /** Negative widths print upper case; widths past 8 print 8 digits. */
    private static Varargs tohex(Varargs args) {
        int value = bits(args, 1, "tohex");
        long width = LibArgs.isNone(args, 2) ? 8 : bits(args, 2, "tohex");
        String digits = "0123456789abcdef";
        if (width < 0) {
            width = -width;
            digits = "0123456789ABCDEF";
        }
        int n = (int) Math.min(width, 8);
        char[] out = new char[n];
        for (int i = n - 1; i >= 0; i--) {
            out[i] = digits.charAt(value & 15);
            value >>>= 4;
        }
        return LuaValue.valueOf(new String(out));
    }
}
