package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code struct} library of Redis 7.0 (Roberto Ierusalimschy's struct.c): {@code pack}, {@code unpack},
 * {@code size}, with x86-64's sizes ({@code l}, {@code L} and {@code T} are 8 bytes, {@code i} 4) and no
 * alignment unless the format asks for it with {@code !}.
 */
public final class StructLib {
    private StructLib() {
    }

    public static LuaTable create() {
        LuaTable table = new LuaTable();
        table.set("pack", new NamedFunction("pack", StructLib::pack));
        table.set("unpack", new NamedFunction("unpack", StructLib::unpack));
        table.set("size", new NamedFunction("size", StructLib::size));
        return table;
    }

    private static Varargs pack(Varargs args) {
        StructFormat format = new StructFormat(LibArgs.checkString(args, 1, "pack"), "pack");
        ByteBuf out = new ByteBuf();
        int arg = 2;
        long total = 0;
        while (format.hasNext()) {
            char opt = format.next();
            long size = format.size(opt);
            long padding = format.padding(total, opt, size);
            total += padding;
            out.addZeros(padding);
            switch (opt) {
                case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' -> {
                    double n = packNumber(args, arg++);
                    long value = n < 0 ? Lua51.toInt64(n) : Lua51.toUint64(n);
                    putInteger(out, value, format.bigEndian, (int) size);
                }
                case 'x' -> out.add(0);
                case 'f' -> putInteger(out, Float.floatToRawIntBits((float) packNumber(args, arg++)) & 0xffffffffL,
                        format.bigEndian, 4);
                case 'd' -> putInteger(out, Double.doubleToRawLongBits(packNumber(args, arg++)), format.bigEndian, 8);
                case 'c', 's' -> {
                    LuaString s = packString(args, arg++);
                    if (size == 0) {
                        size = s.m_length;
                    }
                    if (s.m_length < size) {
                        throw LibArgs.argError(arg, "pack", "string too short");
                    }
                    out.add(s.m_bytes, s.m_offset, (int) size);
                    if (opt == 's') {
                        out.add(0);
                        size++;
                    }
                }
                default -> format.control(opt);
            }
            total += size;
        }
        return out.toLuaString();
    }

    /** struct.c pushes a nil after the arguments, so a missing one is reported as nil, not "no value". */
    private static double packNumber(Varargs args, int arg) {
        Double n = Lua51.toNumber(args.arg(arg));
        if (n == null) {
            throw LibArgs.argError(arg, "pack", "number expected, got " + args.arg(arg).typename());
        }
        return n;
    }

    private static LuaString packString(Varargs args, int arg) {
        LuaString s = Lua51.toLuaString(args.arg(arg));
        if (s == null) {
            throw LibArgs.argError(arg, "pack", "string expected, got " + args.arg(arg).typename());
        }
        return s;
    }

    /** The low {@code size} bytes of {@code value}; bytes beyond the eighth are zero. */
    private static void putInteger(ByteBuf out, long value, boolean bigEndian, int size) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[bigEndian ? size - 1 - i : i] = (byte) value;
            value >>>= 8;
        }
        out.add(bytes, 0, size);
    }

    private static Varargs unpack(Varargs args) {
        StructFormat format = new StructFormat(LibArgs.checkString(args, 1, "unpack"), "unpack");
        LuaString data = LibArgs.checkString(args, 2, "unpack");
        long length = data.m_length;
        long offset = LibArgs.optInteger(args, 3, "unpack", 1);
        if (offset == 0) {
            throw LibArgs.argError(3, "unpack", "offset must be 1 or greater");
        }
        // C keeps the position in a size_t: a negative offset wraps around to a huge one (past the data).
        long pos = offset - 1;
        int stackTop = Math.max(args.narg(), 2);
        List<LuaValue> results = new ArrayList<>();
        while (format.hasNext()) {
            char opt = format.next();
            long size = format.size(opt);
            pos += format.padding(pos, opt, size);
            if (pos < 0 || size > length || pos > length - size) {
                throw LibArgs.argError(2, "unpack", "data string too short");
            }
            if (stackTop + results.size() + 2 > Lua51.MAX_C_STACK) {
                throw LibArgs.error("stack overflow (too many results)");
            }
            int at = data.m_offset + (int) pos;
            switch (opt) {
                case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' -> results.add(LuaValue.valueOf(
                        getInteger(data.m_bytes, at, format.bigEndian, Character.isLowerCase(opt), (int) size)));
                case 'x' -> {
                }
                case 'f' -> results.add(LuaValue.valueOf(
                        Float.intBitsToFloat((int) getBits(data.m_bytes, at, format.bigEndian, 4))));
                case 'd' -> results.add(LuaValue.valueOf(
                        Double.longBitsToDouble(getBits(data.m_bytes, at, format.bigEndian, 8))));
                case 'c' -> {
                    if (size == 0) {
                        Double previous = results.isEmpty() ? null : Lua51.toNumber(results.get(results.size() - 1));
                        if (previous == null) {
                            throw LibArgs.error("format 'c0' needs a previous size");
                        }
                        size = Lua51.toUint64(previous);
                        results.remove(results.size() - 1);
                        if (size < 0 || size > length - pos) {
                            throw LibArgs.argError(2, "unpack", "data string too short");
                        }
                    }
                    results.add(ByteBuf.copyOf(data.m_bytes, at, (int) size));
                }
                case 's' -> {
                    int zero = at;
                    int dataEnd = data.m_offset + data.m_length;
                    while (zero < dataEnd && data.m_bytes[zero] != 0) {
                        zero++;
                    }
                    if (zero == dataEnd) {
                        throw LibArgs.error("unfinished string in data");
                    }
                    results.add(ByteBuf.copyOf(data.m_bytes, at, zero - at));
                    size = zero - at + 1;
                }
                default -> format.control(opt);
            }
            pos += size;
        }
        results.add(LuaValue.valueOf((double) (pos + 1)));
        return LuaValue.varargsOf(results.toArray(new LuaValue[0]));
    }

    private static long getBits(byte[] bytes, int at, boolean bigEndian, int size) {
        long value = 0;
        for (int i = 0; i < size; i++) {
            value = value << 8 | (bytes[at + (bigEndian ? i : size - 1 - i)] & 0xff);
        }
        return value;
    }

    /**
     * The integer in {@code size} bytes, only the low 64 bits of it for longer ones. The sign extension uses
     * struct.c's mask {@code ~0 << (size*8 - 1)}, whose shift count x86 takes modulo 64 (as Java does).
     */
    private static double getInteger(byte[] bytes, int at, boolean bigEndian, boolean signed, int size) {
        long value = getBits(bytes, at, bigEndian, size);
        if (!signed) {
            return Lua51.uint64ToDouble(value);
        }
        long mask = -1L << (size * 8 - 1);
        if ((value & mask) != 0) {
            value |= mask;
        }
        return value;
    }

    private static boolean isAsciiAlnum(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Unknown letters and digits count for nothing here: only other characters go through the control options. */
    private static Varargs size(Varargs args) {
        StructFormat format = new StructFormat(LibArgs.checkString(args, 1, "size"), "size");
        long pos = 0;
        while (format.hasNext()) {
            char opt = format.next();
            long size = format.size(opt);
            pos += format.padding(pos, opt, size);
            if (opt == 's') {
                throw LibArgs.argError(1, "size", "option 's' has no fixed size");
            } else if (opt == 'c' && size == 0) {
                throw LibArgs.argError(1, "size", "option 'c0' has no fixed size");
            }
            if (!isAsciiAlnum(opt)) {
                format.control(opt);
            }
            pos += size;
        }
        return LuaValue.valueOf((double) pos);
    }
}
