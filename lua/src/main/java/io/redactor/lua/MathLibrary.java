package io.redactor.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.jse.JseMathLib;

/** Lua 5.1's math library: LuaJ's functions plus mod, log10, 5.1's log and Redis's random generator. */
final class MathLibrary {
    private MathLibrary() {
    }

    static LuaTable create(LuaRandom random) {
        Globals scratch = ScratchGlobals.create();
        new JseMathLib().call(LuaValue.valueOf("math"), scratch);
        LuaTable luaj = (LuaTable) scratch.rawget("math");
        LuaTable t = new ReadOnlyTable();
        for (String name : new String[] {"abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "deg", "exp",
                "floor", "frexp", "ldexp", "max", "min", "modf", "rad", "sin", "sinh", "sqrt", "tan", "tanh"}) {
            LuaValue f = luaj.rawget(name);
            t.rawset(name, Fn.of(name, args -> {
                for (int i = 1; i <= Math.max(1, args.narg()); i++) {
                    Args.checkNumber(args, i);
                }
                Varargs r = f.invoke(numbers(args));
                return nanFix(r);
            }));
        }
        t.rawset("huge", LuaValue.valueOf(Double.POSITIVE_INFINITY));
        t.rawset("pi", LuaValue.valueOf(Math.PI));
        Fn.put(t, "fmod", args -> Lua51Arith.number(cFmod(Args.checkNumber(args, 1), Args.checkNumber(args, 2))));
        t.rawset("mod", t.rawget("fmod"));
        Fn.put(t, "log", args -> Lua51Arith.number(Math.log(Args.checkNumber(args, 1))));
        Fn.put(t, "log10", args -> Lua51Arith.number(Math.log10(Args.checkNumber(args, 1))));
        Fn.put(t, "pow", args -> Lua51Arith.number(Math.pow(Args.checkNumber(args, 1), Args.checkNumber(args, 2))));
        Fn.put(t, "random", random::random);
        Fn.put(t, "randomseed", args -> {
            random.seed(Args.checkInt(args, 1));
            return LuaValue.NONE;
        });
        return t;
    }

    private static double cFmod(double a, double b) {
        return a % b;
    }

    private static Varargs numbers(Varargs args) {
        LuaValue[] values = new LuaValue[args.narg()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Lua51Arith.coerce(args.arg(i + 1));
        }
        return LuaValue.varargsOf(values);
    }

    private static Varargs nanFix(Varargs r) {
        LuaValue first = r.arg1();
        if (first.isnumber() && Double.isNaN(first.todouble())) {
            return LuaValue.varargsOf(Lua51Arith.number(Double.NaN), r.subargs(2));
        }
        return r;
    }
}
