package io.redactor.lua;

import java.util.Set;

import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Lua;

/**
 * Recognizes bodies that cannot run for long by themselves: no backward jump (no loop), no nested function (so no
 * recursion and no callbacks), no use of the globals that make code at run time ({@code loadstring},
 * {@code load}), no library function whose one call can take long (pattern matching, {@code string.rep},
 * {@code table.concat} and {@code sort}, JSON and MessagePack), and no table indexed by a key computed at run time
 * (through which such a function could be reached), and at most {@link #MAX_INSTRUCTIONS} instructions. Such a
 * script runs each instruction at most once, and the server may run it on a network thread. Code reached another
 * way still polls like any script, and the server treats a poll in such a script as "not straight after all".
 */
final class StraightLine {
    /** Instructions run at most once each: a few microseconds' worth on a network thread. */
    private static final int MAX_INSTRUCTIONS = 500;
    private static final Set<String> CODE_MAKERS = Set.of("loadstring", "load", "dofile", "loadfile", "require");
    private static final Set<String> LONG_CALLS = Set.of("find", "match", "gmatch", "gfind", "gsub", "rep",
            "concat", "sort", "unpack", "encode", "decode", "pack", "rawget", "next");

    private StraightLine() {
    }

    static boolean is(Prototype p) {
        if (p.p != null && p.p.length > 0 || p.code.length > MAX_INSTRUCTIONS) {
            return false;
        }
        for (int i : p.code) {
            switch (Lua.GET_OPCODE(i)) {
                case Lua.OP_FORLOOP, Lua.OP_TFORLOOP -> {
                    return false;
                }
                case Lua.OP_JMP -> {
                    if (Lua.GETARG_sBx(i) < 0) {
                        return false;
                    }
                }
                case Lua.OP_GETTABLE, Lua.OP_GETTABUP, Lua.OP_SELF -> {
                    if (!Lua.ISK(Lua.GETARG_C(i))) {
                        return false;
                    }
                }
                default -> {
                }
            }
        }
        for (LuaValue k : p.k) {
            if (k.isstring() && (CODE_MAKERS.contains(k.tojstring()) || LONG_CALLS.contains(k.tojstring()))) {
                return false;
            }
        }
        return true;
    }
}
