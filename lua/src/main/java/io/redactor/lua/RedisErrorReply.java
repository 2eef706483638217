package io.redactor.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * An error reply as scripts see it: a table whose {@code err} field is the error text without the leading
 * {@code -} (what {@code redis.error_reply} and {@code redis.pcall} return).
 */
public final class RedisErrorReply extends LuaTable {
    static final LuaValue ERR = LuaValue.valueOf("err");

    private RedisErrorReply(String message) {
        rawset(ERR, LuaValue.valueOf(message));
    }

    public static RedisErrorReply of(String message) {
        return new RedisErrorReply(message);
    }

    public String message() {
        return rawget(ERR).tojstring();
    }
}
