package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

/**
 * A Lua error raised inside a script, carrying its error object and where it still needs a position:
 * Lua 5.1 prefixes string messages with {@code chunk:line:} of the frame {@code level} names, and
 * never for errors raised as non-strings or at level 0.
 */
final class ScriptLuaError extends LuaError {
    final LuaValue value;
    boolean positioned;
    /** Lua frames still to cross before the one whose position the message gets. */
    int levels;

    ScriptLuaError(LuaValue value, boolean positioned) {
        this(value, positioned, 0);
    }

    ScriptLuaError(LuaValue value, boolean positioned, int levels) {
        super(value);
        this.value = value;
        this.positioned = positioned;
        this.levels = levels;
    }

    @Override
    public LuaValue getMessageObject() {
        return value;
    }

    @Override
    public String getMessage() {
        return value.isstring() ? value.tojstring() : value.typename();
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
