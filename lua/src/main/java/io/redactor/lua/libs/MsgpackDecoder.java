package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cmsgpack.unpack}: MessagePack to Lua values as lua-cmsgpack 0.4.0 reads it. bin, ext and 0xc1 are "Bad
 * data format"; unsigned 64-bit integers go through a signed one (so 2^64-1 is -1). Also keeps count of the Lua
 * stack slots lua-cmsgpack would use, since its limits ("stack overflow (...)") follow from them.
 */
final class MsgpackDecoder {
    private static final String TOO_MANY_VALUES =
            "stack overflow (too many return values at once; use unpack_one or unpack_limit instead.)";

    /** The input ended inside a value. */
    static final class MissingBytes extends RuntimeException {
        MissingBytes() {
            super(null, null, false, false);
        }
    }

    /** A type byte lua-cmsgpack does not read. */
    static final class BadFormat extends RuntimeException {
        BadFormat() {
            super(null, null, false, false);
        }
    }

    private final byte[] bytes;
    private final int end;
    private int pos;

    MsgpackDecoder(LuaString data, int offset) {
        this.bytes = data.m_bytes;
        this.pos = data.m_offset + offset;
        this.end = data.m_offset + data.m_length;
    }

    int remaining() {
        return end - pos;
    }

    /**
     * Up to {@code limit} values (all when {@code limit} is negative) while input remains.
     *
     * @param stackTop Lua stack slots in use before the first value is pushed
     */
    List<LuaValue> values(long limit, int stackTop) {
        List<LuaValue> values = new ArrayList<>();
        while (remaining() > 0 && (limit < 0 || values.size() < limit)) {
            values.add(value(stackTop + values.size()));
        }
        return values;
    }

    private void need(long count) {
        if (remaining() < count) {
            throw new MissingBytes();
        }
    }

    private long unsigned(int count) {
        need(1L + count);
        long value = 0;
        for (int i = 1; i <= count; i++) {
            value = value << 8 | (bytes[pos + i] & 0xff);
        }
        pos += 1 + count;
        return value;
    }

    private long signed(int count) {
        int bits = 64 - 8 * count;
        return unsigned(count) << bits >> bits;
    }

    /** An array or map being read: its table, how many elements are left, the key read when a value is due. */
    private static final class Container {
        final LuaTable table;
        final boolean map;
        /** Lua stack slots in use before the table was pushed */
        final int stackTop;
        long remaining;
        long index = 1;
        LuaValue key;

        Container(LuaTable table, boolean map, int stackTop, long remaining) {
            this.table = table;
            this.map = map;
            this.stackTop = stackTop;
            this.remaining = remaining;
        }

        /** Slots in use before the next element is pushed: the table, and the index or the key. */
        int childStackTop() {
            return map && key == null ? stackTop + 1 : stackTop + 2;
        }
    }

    /**
     * One value. Iterative, not recursive: nesting may go thousands deep, past what a Java stack holds.
     *
     * @param stackTop Lua stack slots in use before this value is pushed
     */
    private LuaValue value(int stackTop) {
        ArrayDeque<Container> open = new ArrayDeque<>();
        while (true) {
            int top = open.isEmpty() ? stackTop : open.peek().childStackTop();
            need(1);
            if (top + 1 > Lua51.MAX_C_STACK) {
                throw LibArgs.error(TOO_MANY_VALUES);
            }
            int type = bytes[pos] & 0xff;
            LuaValue value;
            long length = -1;
            boolean map = false;
            if (type >= 0x80 && type <= 0x9f) {
                pos++;
                length = type & 0x0f;
                map = type <= 0x8f;
            } else if (type >= 0xdc && type <= 0xdf) {
                length = unsigned(type == 0xdc || type == 0xde ? 2 : 4);
                map = type >= 0xde;
            }
            if (length >= 0) {
                LuaTable table = new LuaTable();
                if (!map && top + 2 > Lua51.MAX_C_STACK) {
                    throw LibArgs.error("stack overflow (in function mp_decode_to_lua_array)");
                }
                if (length > 0) {
                    open.push(new Container(table, map, top, length));
                    continue;
                }
                value = table;
            } else {
                value = scalar(type);
            }
            // A value is complete: store it, closing the containers it completes.
            while (true) {
                Container container = open.peek();
                if (container == null) {
                    return value;
                }
                if (container.map) {
                    if (container.key == null) {
                        container.key = value;
                        break;
                    }
                    LuaValue key = container.key;
                    container.key = null;
                    if (key.isnil()) {
                        throw LibArgs.errorWithoutPosition("table index is nil");
                    }
                    if (key.type() == LuaValue.TNUMBER && Double.isNaN(key.todouble())) {
                        throw LibArgs.errorWithoutPosition("table index is NaN");
                    }
                    container.table.rawset(key, value);
                } else {
                    if (!value.isnil()) {
                        container.table.rawset(LuaValue.valueOf((double) container.index), value);
                    }
                    container.index++;
                }
                if (--container.remaining > 0) {
                    break;
                }
                open.pop();
                value = container.table;
            }
        }
    }

    private LuaValue scalar(int type) {
        if (type <= 0x7f) {
            pos++;
            return LuaValue.valueOf(type);
        }
        if (type >= 0xe0) {
            pos++;
            return LuaValue.valueOf((byte) type);
        }
        if (type >= 0xa0 && type <= 0xbf) {
            pos++;
            return string(type & 0x1f);
        }
        return switch (type) {
            case 0xc0 -> {
                pos++;
                yield LuaValue.NIL;
            }
            case 0xc2 -> {
                pos++;
                yield LuaValue.FALSE;
            }
            case 0xc3 -> {
                pos++;
                yield LuaValue.TRUE;
            }
            case 0xca -> LuaValue.valueOf(Float.intBitsToFloat((int) unsigned(4)));
            case 0xcb -> LuaValue.valueOf(Double.longBitsToDouble(unsigned(8)));
            case 0xcc -> LuaValue.valueOf(unsigned(1));
            case 0xcd -> LuaValue.valueOf(unsigned(2));
            case 0xce -> LuaValue.valueOf(unsigned(4));
            case 0xcf, 0xd3 -> LuaValue.valueOf((double) unsigned(8));
            case 0xd0 -> LuaValue.valueOf(signed(1));
            case 0xd1 -> LuaValue.valueOf(signed(2));
            case 0xd2 -> LuaValue.valueOf(signed(4));
            case 0xd9 -> string(unsigned(1));
            case 0xda -> string(unsigned(2));
            case 0xdb -> string(unsigned(4));
            default -> throw new BadFormat();
        };
    }

    private LuaValue string(long length) {
        need(length);
        LuaString s = ByteBuf.copyOf(bytes, pos, (int) length);
        pos += (int) length;
        return s;
    }
}
