package io.redactor.lua;

import java.io.ByteArrayOutputStream;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/** Lua 5.1's table library (with getn, setn, maxn, foreach, foreachi). */
final class TableLibrary {
    private TableLibrary() {
    }

    static LuaTable create() {
        LuaTable t = new ReadOnlyTable();
        Fn.put(t, "concat", TableLibrary::concat);
        Fn.put(t, "foreach", args -> {
            LuaTable table = Args.checkTable(args, 1);
            LuaValue f = checkFunction(args, 2);
            LuaValue k = LuaValue.NIL;
            while (true) {
                Varargs n = table.next(k);
                if ((k = n.arg1()).isnil()) {
                    return LuaValue.NIL;
                }
                LuaValue r = f.call(k, n.arg(2));
                if (!r.isnil()) {
                    return r;
                }
            }
        });
        Fn.put(t, "foreachi", args -> {
            LuaTable table = Args.checkTable(args, 1);
            LuaValue f = checkFunction(args, 2);
            int n = Lua51Table.border(table);
            for (int i = 1; i <= n; i++) {
                LuaValue r = f.call(LuaValue.valueOf(i), table.rawget(i));
                if (!r.isnil()) {
                    return r;
                }
            }
            return LuaValue.NIL;
        });
        Fn.put(t, "getn", args -> LuaValue.valueOf(Lua51Table.border(Args.checkTable(args, 1))));
        Fn.put(t, "insert", TableLibrary::insert);
        Fn.put(t, "maxn", args -> {
            LuaTable table = Args.checkTable(args, 1);
            double max = 0;
            LuaValue k = LuaValue.NIL;
            while (true) {
                Varargs n = table.next(k);
                if ((k = n.arg1()).isnil()) {
                    return LuaValue.valueOf(max);
                }
                if (k.isnumber() && k.todouble() > max) {
                    max = k.todouble();
                }
            }
        });
        Fn.put(t, "remove", TableLibrary::remove);
        Fn.put(t, "setn", args -> {
            Args.checkTable(args, 1);
            throw new LuaError("'setn' is obsolete");
        });
        Fn.put(t, "sort", args -> {
            LuaTable table = Args.checkTable(args, 1);
            LuaValue comparator = args.arg(2);
            if (!comparator.isnil() && !comparator.isfunction()) {
                throw Args.typeError(args, 2, "function");
            }
            Sorter.sort(table, comparator);
            return LuaValue.NONE;
        });
        return t;
    }

    private static LuaValue checkFunction(Varargs args, int n) {
        LuaValue f = args.arg(n);
        if (!f.isfunction()) {
            throw Args.typeError(args, n, "function");
        }
        return f;
    }

    private static Varargs concat(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        LuaString sep = Args.optString(args, 2, LuaValue.EMPTYSTRING);
        int i = Args.optInt(args, 3, 1);
        int last = args.arg(4).isnil() ? Lua51Table.border(t) : Args.checkInt(args, 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long k = i; k <= last; k++) {
            LuaValue v = t.rawget((int) k);
            LuaString s = Lua51Arith.toLuaString(v);
            if (s == null) {
                throw new LuaError("invalid value (" + v.typename() + ") at index " + k + " in table for 'concat'");
            }
            out.write(s.m_bytes, s.m_offset, s.m_length);
            if (k != last) {
                out.write(sep.m_bytes, sep.m_offset, sep.m_length);
            }
        }
        return ScriptRun.made(LuaString.valueUsing(out.toByteArray()));
    }

    private static Varargs insert(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        int e = Lua51Table.border(t) + 1;
        switch (args.narg()) {
            case 2:
                t.rawset(e, args.arg(2));
                return LuaValue.NONE;
            case 3: {
                int pos = Args.checkInt(args, 2);
                if (pos > e) {
                    e = pos;
                }
                for (int i = e; i > pos; i--) {
                    t.rawset(i, t.rawget(i - 1));
                }
                t.rawset(pos, args.arg(3));
                return LuaValue.NONE;
            }
            default:
                throw new LuaError("wrong number of arguments to 'insert'");
        }
    }

    private static Varargs remove(Varargs args) {
        LuaTable t = Args.checkTable(args, 1);
        int e = Lua51Table.border(t);
        int pos = Args.optInt(args, 2, e);
        if (pos < 1 || pos > e) {
            // Lua 5.1.5: nothing to remove outside 1..#t (the loop below would run from pos up to #t)
            return LuaValue.NONE;
        }
        LuaValue removed = t.rawget(pos);
        for (; pos < e; pos++) {
            t.rawset(pos, t.rawget(pos + 1));
        }
        t.rawset(e, LuaValue.NIL);
        return removed;
    }
}
