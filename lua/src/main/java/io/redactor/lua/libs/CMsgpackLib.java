package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.util.List;

/** The {@code cmsgpack} library of Redis 7.0 (lua-cmsgpack 0.4.0): pack, unpack, unpack_one, unpack_limit. */
public final class CMsgpackLib {
    private CMsgpackLib() {
    }

    public static LuaTable create() {
        LuaTable table = new LuaTable();
        function(table, "pack", args -> {
            if (args.narg() == 0) {
                throw LibArgs.argError(0, "pack", "MessagePack pack needs input.");
            }
            return new MsgpackEncoder().pack(args);
        });
        // unpack leaves its arguments on the Lua stack; unpack_one and unpack_limit drop all but the string.
        function(table, "unpack", args -> unpack(args, "unpack", 0, 0, Math.max(args.narg(), 1)));
        function(table, "unpack_one", args -> {
            long offset = LibArgs.optInteger(args, 2, "unpack_one", 0);
            return unpack(args, "unpack_one", 1, offset, 1);
        });
        function(table, "unpack_limit", args -> {
            long limit = LibArgs.checkInteger(args, 2, "unpack_limit");
            long offset = LibArgs.optInteger(args, 3, "unpack_limit", 0);
            return unpack(args, "unpack_limit", limit, offset, 1);
        });
        table.set("_NAME", "cmsgpack");
        table.set("_VERSION", "lua-cmsgpack 0.4.0");
        table.set("_COPYRIGHT", "Copyright (C) 2012, Salvatore Sanfilippo");
        table.set("_DESCRIPTION", "MessagePack C implementation for Lua");
        return table;
    }

    private static void function(LuaTable table, String name, NamedFunction.Body body) {
        table.set(name, new NamedFunction(name, body));
    }

    /**
     * A limit and offset both zero decode everything and return only the values; otherwise up to {@code limit}
     * values come after the offset of the next one (-1 once the input is used up).
     */
    private static Varargs unpack(Varargs args, String name, long limit, long offset, int stackTop) {
        LuaString data = LibArgs.checkString(args, 1, name);
        int length = data.m_length;
        if (offset < 0 || limit < 0) {
            throw LibArgs.error("Invalid request to unpack with offset of " + (int) offset + " and limit of "
                    + length + ".");
        }
        if (offset > length) {
            throw LibArgs.error("Start offset " + (int) offset + " greater than input length " + length + ".");
        }
        boolean all = limit == 0 && offset == 0;
        MsgpackDecoder decoder = new MsgpackDecoder(data, (int) offset);
        List<LuaValue> values;
        try {
            values = decoder.values(all ? -1 : limit, stackTop);
        } catch (MsgpackDecoder.MissingBytes e) {
            throw LibArgs.error("Missing bytes in input.");
        } catch (MsgpackDecoder.BadFormat e) {
            throw LibArgs.error("Bad data format in input.");
        }
        if (all) {
            return LuaValue.varargsOf(values.toArray(new LuaValue[0]));
        }
        if (stackTop + values.size() + 1 > Lua51.MAX_C_STACK) {
            throw LibArgs.error("stack overflow (in function mp_unpack_full)");
        }
        LuaValue[] result = new LuaValue[values.size() + 1];
        result[0] = LuaValue.valueOf(decoder.remaining() == 0 ? -1 : length - decoder.remaining());
        for (int i = 0; i < values.size(); i++) {
            result[i + 1] = values.get(i);
        }
        return LuaValue.varargsOf(result);
    }
}
