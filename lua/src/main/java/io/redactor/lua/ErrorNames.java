package io.redactor.lua;


import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.compiler.Lua51Compiler;

/**
 * Lua 5.1's descriptions of values in error messages ("local 't'", "global 'f'", "field 'x'", "method 'm'",
 * "upvalue 'u'"), found from the bytecode of the failing instruction.
 */
final class ErrorNames {
    /**
     * How library functions word an argument error ({@code bad argument #2: number expected}). Parsed by hand: this
     * runs when a script's Java stack has overflowed, where a regex (and a class initializer compiling one) fails.
     */
    private static final String BAD_ARGUMENT = "bad argument #";

    private ErrorNames() {
    }

    static String describe(OperandError e, Prototype p, int pc) {
        String[] name = null;
        if (pc >= 0 && pc < p.code.length) {
            int i = p.code[pc];
            int op = i & 0x3f;
            int a = (i >> 6) & 0xff;
            int b = i >>> 23;
            int c = (i >> 14) & 0x1ff;
            switch (e.kind) {
                case INDEX -> {
                    if (op == Lua.OP_GETTABLE || op == Lua.OP_SELF) {
                        name = objectName(p, pc, b);
                    } else if (op == Lua.OP_SETTABLE) {
                        name = objectName(p, pc, a);
                    } else if (op == Lua.OP_GETTABUP) {
                        name = upvalueName(p, b);
                    } else if (op == Lua.OP_SETTABUP) {
                        name = upvalueName(p, a);
                    }
                }
                case CALL -> {
                    if (op == Lua.OP_CALL || op == Lua.OP_TAILCALL) {
                        name = objectName(p, pc, a);
                    }
                }
                case ARITH -> {
                    if (op == Lua.OP_UNM) {
                        name = objectName(p, pc, b);
                    } else if (op >= Lua.OP_ADD && op <= Lua.OP_POW) {
                        int rk = e.where == 1 ? b : c;
                        if (rk <= 0xff) {
                            name = objectName(p, pc, rk);
                        }
                    }
                }
                case CONCAT -> {
                    if (e.where >= 0) {
                        name = objectName(p, pc, e.where);
                    }
                }
                case LEN -> name = objectName(p, pc, b);
            }
        }
        String type = e.operand.typename();
        if (name == null) {
            return "attempt to " + e.kind.verb + " a " + type + " value";
        }
        return "attempt to " + e.kind.verb + " " + name[0] + " '" + name[1] + "' (a " + type + " value)";
    }

    /** LuaJ's "bad argument #n: msg" as Lua 5.1 words it, naming the function as the call site does. */
    static String renameArgument(String message, Prototype p, int pc) {
        if (message == null) {
            return "nil";
        }
        if (!message.startsWith(BAD_ARGUMENT)) {
            return message;
        }
        int digitsStart = BAD_ARGUMENT.length();
        int digitsEnd = digitsStart;
        while (digitsEnd < message.length() && Character.isDigit(message.charAt(digitsEnd))) {
            digitsEnd++;
        }
        if (digitsEnd == digitsStart || digitsEnd - digitsStart > 9 || !message.startsWith(": ", digitsEnd)) {
            return message;
        }
        int narg = Integer.parseInt(message.substring(digitsStart, digitsEnd));
        String problem = message.substring(digitsEnd + 2);
        String[] name = null;
        if (p != null && pc >= 0 && pc < p.code.length) {
            int i = p.code[pc];
            int op = i & 0x3f;
            if (op == Lua.OP_CALL || op == Lua.OP_TAILCALL) {
                name = objectName(p, pc, (i >> 6) & 0xff);
            }
        }
        if (name != null && name[0].equals("method")) {
            narg--;
            if (narg == 0) {
                return "calling '" + name[1] + "' on bad self (" + problem + ")";
            }
        }
        return "bad argument #" + narg + " to '" + (name == null ? "?" : name[1]) + "' (" + problem + ")";
    }

    /** An argument error raised where no Lua call site is known (e.g. straight under pcall). */
    static String anonymousArgument(String message) {
        return renameArgument(message, null, -1);
    }

    private static String[] upvalueName(Prototype p, int index) {
        if (p.upvalues == null || index >= p.upvalues.length || p.upvalues[index].name == null) {
            return null;
        }
        return new String[] {"upvalue", p.upvalues[index].name.tojstring()};
    }

    static String[] objectName(Prototype p, int pc, int reg) {
        LuaString local = p.getlocalname(reg + 1, pc);
        if (local != null) {
            return local.tojstring().startsWith("(") ? null : new String[] {"local", local.tojstring()};
        }
        int setter = findSetter(p, pc, reg);
        if (setter < 0) {
            return null;
        }
        int i = p.code[setter];
        int op = i & 0x3f;
        int a = (i >> 6) & 0xff;
        int b = i >>> 23;
        int c = (i >> 14) & 0x1ff;
        switch (op) {
            case Lua.OP_MOVE:
                return b < a ? objectName(p, setter, b) : null;
            case Lua.OP_GETTABUP: {
                String key = constantName(p, c);
                if (key == null) {
                    return null;
                }
                boolean env = p.upvalues != null && b < p.upvalues.length && p.upvalues[b].name != null
                        && p.upvalues[b].name.eq_b(Lua51Compiler.GLOBALS_UPVALUE);
                return new String[] {env ? "global" : "field", key};
            }
            case Lua.OP_GETTABLE: {
                String key = constantName(p, c);
                return key == null ? null : new String[] {"field", key};
            }
            case Lua.OP_GETUPVAL:
                return upvalueName(p, b);
            case Lua.OP_SELF: {
                String key = constantName(p, c);
                return key == null ? null : new String[] {"method", key};
            }
            default:
                return null;
        }
    }

    private static String constantName(Prototype p, int rk) {
        if (rk > 0xff) {
            LuaValue k = p.k[rk & 0xff];
            return k instanceof LuaString ? k.tojstring() : null;
        }
        return null;
    }

    /** The last instruction before pc that writes register reg (a straight-line approximation of Lua's). */
    private static int findSetter(Prototype p, int lastpc, int reg) {
        int setter = -1;
        int[] code = p.code;
        for (int pc = 0; pc < lastpc; pc++) {
            int i = code[pc];
            int op = i & 0x3f;
            int a = (i >> 6) & 0xff;
            switch (op) {
                case Lua.OP_LOADNIL -> {
                    if (a <= reg && reg <= a + (i >>> 23)) {
                        setter = pc;
                    }
                }
                case Lua.OP_TFORCALL -> {
                    if (reg >= a + 2) {
                        setter = pc;
                    }
                }
                case Lua.OP_CALL, Lua.OP_TAILCALL -> {
                    if (reg >= a) {
                        setter = pc;
                    }
                }
                case Lua.OP_JMP, Lua.OP_SETTABUP, Lua.OP_SETUPVAL, Lua.OP_SETTABLE, Lua.OP_SETLIST, Lua.OP_EQ,
                        Lua.OP_LT, Lua.OP_LE, Lua.OP_TEST, Lua.OP_RETURN, Lua.OP_EXTRAARG -> {
                }
                case Lua.OP_LOADKX -> {
                    if (a == reg) {
                        setter = pc;
                    }
                    pc++;
                }
                default -> {
                    if (a == reg) {
                        setter = pc;
                    }
                }
            }
        }
        return setter;
    }
}
