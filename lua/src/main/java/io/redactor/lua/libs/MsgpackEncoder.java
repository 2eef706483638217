package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * {@code cmsgpack.pack}: Lua values to MessagePack as lua-cmsgpack 0.4.0 writes them. Numbers that are whole and
 * fit in 64 bits are integers in the smallest encoding; other numbers are a float 32 when that loses nothing, else
 * a float 64. Strings use the str types (never bin). A table is an array when its keys are exactly 1..n, else a
 * map in iteration order. Tables nested deeper than 16 levels, functions, threads and userdata are nil.
 */
final class MsgpackEncoder {
    private static final int MAX_NESTING = 16;

    private final ByteBuf out = new ByteBuf();

    LuaString pack(Varargs values) {
        for (int i = 1; i <= values.narg(); i++) {
            encode(values.arg(i), 0);
        }
        return out.toLuaString();
    }

    private void encode(LuaValue value, int level) {
        switch (value.type()) {
            case LuaValue.TSTRING -> encodeString((LuaString) value);
            case LuaValue.TBOOLEAN -> out.add(value.toboolean() ? 0xc3 : 0xc2);
            case LuaValue.TNUMBER -> encodeNumber(value.todouble());
            case LuaValue.TTABLE -> {
                if (level == MAX_NESTING) {
                    out.add(0xc0);
                } else {
                    encodeTable((LuaTable) value, level);
                }
            }
            default -> out.add(0xc0);
        }
    }

    private void encodeString(LuaString s) {
        int length = s.m_length;
        if (length < 32) {
            out.add(0xa0 | length);
        } else if (length <= 0xff) {
            out.add(0xd9).add(length);
        } else if (length <= 0xffff) {
            out.add(0xda);
            bigEndian(length, 2);
        } else {
            out.add(0xdb);
            bigEndian(length, 4);
        }
        out.add(s);
    }

    private void encodeNumber(double n) {
        if (!Double.isInfinite(n) && n >= -0x1p63 && n < 0x1p63 && (long) n == n) {
            encodeInteger((long) n);
            return;
        }
        float f = (float) n;
        if (f == n) {
            out.add(0xca);
            bigEndian(Float.floatToRawIntBits(f), 4);
        } else {
            out.add(0xcb);
            bigEndian(Double.doubleToRawLongBits(n), 8);
        }
    }

    private void encodeInteger(long n) {
        if (n >= 0) {
            if (n <= 127) {
                out.add((int) n);
            } else if (n <= 0xff) {
                out.add(0xcc).add((int) n);
            } else if (n <= 0xffff) {
                out.add(0xcd);
                bigEndian(n, 2);
            } else if (n <= 0xffffffffL) {
                out.add(0xce);
                bigEndian(n, 4);
            } else {
                out.add(0xcf);
                bigEndian(n, 8);
            }
        } else if (n >= -32) {
            out.add((int) n & 0xff);
        } else if (n >= -128) {
            out.add(0xd0).add((int) n & 0xff);
        } else if (n >= -32768) {
            out.add(0xd1);
            bigEndian(n, 2);
        } else if (n >= Integer.MIN_VALUE) {
            out.add(0xd2);
            bigEndian(n, 4);
        } else {
            out.add(0xd3);
            bigEndian(n, 8);
        }
    }

    private void encodeTable(LuaTable table, int level) {
        long count = 0;
        long max = 0;
        boolean array = true;
        LuaValue key = LuaValue.NIL;
        while (true) {
            key = table.next(key).arg1();
            if (key.isnil()) {
                break;
            }
            count++;
            if (array) {
                double k = key.type() == LuaValue.TNUMBER ? key.todouble() : 0;
                long index = Lua51.toInt64(k);
                if (key.type() != LuaValue.TNUMBER || index != k || index < 1) {
                    array = false;
                } else {
                    max = Math.max(max, index);
                }
            }
        }
        if (array && max == count) {
            header(count, 0x90, 0xdc, 0xdd);
            for (long i = 1; i <= count; i++) {
                encode(table.get(LuaValue.valueOf((double) i)), level + 1);
            }
            return;
        }
        header(count, 0x80, 0xde, 0xdf);
        key = LuaValue.NIL;
        while (true) {
            Varargs entry = table.next(key);
            key = entry.arg1();
            if (key.isnil()) {
                break;
            }
            encode(key, level + 1);
            encode(entry.arg(2), level + 1);
        }
    }

    private void header(long count, int fix, int sixteen, int thirtyTwo) {
        if (count < 16) {
            out.add(fix | (int) count);
        } else if (count <= 0xffff) {
            out.add(sixteen);
            bigEndian(count, 2);
        } else {
            out.add(thirtyTwo);
            bigEndian(count, 4);
        }
    }

    private void bigEndian(long value, int bytes) {
        for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
            out.add((int) (value >>> shift) & 0xff);
        }
    }
}
