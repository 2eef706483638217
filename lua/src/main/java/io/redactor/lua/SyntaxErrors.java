package io.redactor.lua;

/** LuaJ's compile error texts in Lua 5.1's form ({@code chunk:line: message near 'token'}). */
final class SyntaxErrors {
    private SyntaxErrors() {
    }

    static String lua51(String message, String chunkName) {
        if (message == null) {
            return ChunkNames.shortSource(chunkName) + ": syntax error";
        }
        return message;
    }
}
