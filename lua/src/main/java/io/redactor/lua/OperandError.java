package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

/**
 * A VM operation applied to a value that does not support it. The message is completed where the failing
 * instruction is known ({@link ErrorLocator}), which adds Lua 5.1's variable description
 * ("local 't'", "global 'x'", "field 'y'").
 */
final class OperandError extends LuaError {
    enum Kind {
        INDEX("index"), CALL("call"), ARITH("perform arithmetic on"), CONCAT("concatenate"), LEN("get length of");

        final String verb;

        Kind(String verb) {
            this.verb = verb;
        }
    }

    final Kind kind;
    final LuaValue operand;
    /** For CONCAT: the register holding the operand; for ARITH: 1 or 2 (which RK operand); else -1. */
    final int where;

    OperandError(Kind kind, LuaValue operand) {
        this(kind, operand, -1);
    }

    OperandError(Kind kind, LuaValue operand, int where) {
        super("attempt to " + kind.verb + " a " + operand.typename() + " value");
        this.kind = kind;
        this.operand = operand;
        this.where = where;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
