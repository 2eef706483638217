package io.redactor.lua.functions;

import java.util.List;

/** A loaded library: its name, engine, code (with its shebang line) and functions in registration order. */
public final class FunctionLibrary {
    /** The only engine of Redis 7.0, as FUNCTION LIST and FUNCTION STATS name it. */
    public static final String ENGINE = "LUA";

    private final String name;
    private final byte[] code;
    private final List<RegisteredFunction> functions;

    FunctionLibrary(String name, byte[] code, List<RegisteredFunction> functions) {
        this.name = name;
        this.code = code;
        this.functions = List.copyOf(functions);
    }

    public String name() {
        return name;
    }

    public String engine() {
        return ENGINE;
    }

    /** The code as loaded, first line included (FUNCTION LIST WITHCODE, FUNCTION DUMP). */
    public byte[] code() {
        return code.clone();
    }

    byte[] codeNoCopy() {
        return code;
    }

    public List<RegisteredFunction> functions() {
        return functions;
    }

    @Override
    public String toString() {
        return "library " + name + " " + functions;
    }
}
