package io.redactor.lua;

import java.util.Set;

import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Lua;

/**
 * Recognizes bodies that cannot run for long by themselves: no backward jump (no loop), no nested function (so no
 * recursion and no callbacks), and no use of the globals that make code at run time ({@code loadstring},
 * {@code load}). Such a script runs each instruction at most once. Code reached another way (a name built at run
 * time) still polls like any script, and the server treats a poll in such a script as "not straight after all".
 */
final class StraightLine {
    private static final Set<String> CODE_MAKERS = Set.of("loadstring", "load", "dofile", "loadfile", "require");

    private StraightLine() {
    }

    static boolean is(Prototype p) {
        if (p.p != null && p.p.length > 0) {
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
                default -> {
                }
            }
        }
        for (LuaValue k : p.k) {
            if (k.isstring() && CODE_MAKERS.contains(k.tojstring())) {
                return false;
            }
        }
        return true;
    }
}
