package io.redactor.lua.functions;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.redactor.lua.LuaEngine;
import io.redactor.lua.ScriptCompileError;
import io.redactor.lua.ScriptContext;

/** Turns a library's code into a {@link FunctionLibrary}, with Redis 7.0's checks in Redis's order. */
final class LibraryLoader {
    /** Redis gives this text for bad function names too. */
    static final String BAD_NAME = "Library names can only contain letters, numbers, or underscores(_) and must be "
            + "at least one character long";

    private LibraryLoader() {
    }

    /** The first line, then the library name, then the engine: the checks Redis makes before anything else. */
    static LibraryShebang shebang(byte[] code) {
        LibraryShebang shebang = LibraryShebang.parse(code);
        if (!validName(shebang.name())) {
            throw FunctionError.err(BAD_NAME);
        }
        if (!isLua(shebang.engine())) {
            throw FunctionError.err("Engine '" + shebang.engine() + "' not found");
        }
        return shebang;
    }

    /**
     * Compiles and runs the code; each {@code redis.register_function} is checked as Redis's
     * {@code functionLibCreateFunction} does (name characters, then a second function of the same name in this
     * library, compared case-sensitively).
     */
    static FunctionLibrary load(LuaEngine engine, LibraryShebang shebang, byte[] code, ScriptContext context,
            long timeoutMillis) {
        List<RegisteredFunction> functions = new ArrayList<>();
        // sized for a registration per 64 bytes of code: growing a set of 100,000 names step by step cost more
        Set<String> names = HashSet.newHashSet(code.length / 64);
        String library = shebang.name();
        try {
            engine.loadLibrary(code, shebang.codeOffset(), context, timeoutMillis, (function, description, flags) -> {
                if (!validName(function.name())) {
                    return BAD_NAME;
                }
                if (!names.add(function.name())) {
                    return "Function already exists in the library";
                }
                functions.add(new RegisteredFunction(function, library, description, flags));
                return null;
            });
        } catch (ScriptCompileError e) {
            throw new FunctionError(e.getMessage());
        }
        if (functions.isEmpty()) {
            throw FunctionError.err("No functions registered");
        }
        return new FunctionLibrary(library, code.clone(), functions);
    }

    /** Letters, digits and underscores, at least one. */
    static boolean validName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** Engines are looked up ignoring ASCII case. */
    private static boolean isLua(String engine) {
        return engine.length() == 3 && FunctionNames.key(engine).equals("lua");
    }
}
