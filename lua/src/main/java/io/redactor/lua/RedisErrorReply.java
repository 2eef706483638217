package io.redactor.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * An error reply as scripts see it: a table whose {@code err} field is the error text without the leading
 * {@code -} (what {@code redis.error_reply} and {@code redis.pcall} return).
 */
public final class RedisErrorReply extends LuaTable {
    static final LuaValue ERR = LuaValue.valueOf("err");
    static final LuaValue IGNORE_ERROR_STATS_UPDATE = LuaValue.valueOf("ignore_error_stats_update");

    private RedisErrorReply(String message) {
        rawset(ERR, LuaValue.valueOf(message));
    }

    public static RedisErrorReply of(String message) {
        return new RedisErrorReply(message);
    }

    /**
     * Marks an error a command gave (or Redis refusing to run it) the way Redis 7.0 does: a field
     * {@code ignore_error_stats_update = true}, which scripts see ({@code cjson.encode(redis.pcall(...))}).
     */
    void markStatsUpdated() {
        // Redis iterates this table (pairs, cjson.encode) flag first; LuaJ does when the flag goes in first
        LuaValue err = rawget(ERR);
        rawset(ERR, LuaValue.NIL);
        rawset(IGNORE_ERROR_STATS_UPDATE, LuaValue.TRUE);
        rawset(ERR, err);
    }

    public String message() {
        return rawget(ERR).tojstring();
    }
}
