package org.luaj.vm2.compiler;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.luaj.vm2.LocVars;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Upvaldesc;

/**
 * Makes the prototypes of one compiled chunk share the parts that are equal: empty arrays, and equal instruction,
 * local-variable and upvalue tables. LuaJ's parser gives every function its own, and a library of many small
 * functions (100,000 {@code function(keys, args) return N end}) then holds half a million arrays and objects that
 * say nothing new, which the garbage collector copies in its pauses while the library loads. The parts are never
 * written after compiling. Line numbers and constants differ from function to function and stay apart.
 */
final class SharedPrototypeParts {
    private static final Prototype[] NO_PROTOTYPES = new Prototype[0];
    private static final Upvaldesc[] NO_UPVALUES = new Upvaldesc[0];
    private static final LocVars[] NO_LOCALS = new LocVars[0];

    private final Map<Object, Object> seen = new HashMap<>();

    private SharedPrototypeParts() {
    }

    /** Shares the equal parts of {@code main} and the functions it defines, at any depth; returns {@code main}. */
    static Prototype share(Prototype main) {
        SharedPrototypeParts parts = new SharedPrototypeParts();
        ArrayDeque<Prototype> pending = new ArrayDeque<>();
        pending.push(main);
        while (!pending.isEmpty()) {
            Prototype p = pending.pop();
            for (Prototype child : p.p) {
                pending.push(child);
            }
            parts.shareParts(p);
        }
        return main;
    }

    private void shareParts(Prototype p) {
        if (p.p.length == 0) {
            p.p = NO_PROTOTYPES;
        }
        p.code = intern(new Code(p.code), p.code);
        p.upvalues = p.upvalues.length == 0 ? NO_UPVALUES : intern(upvaluesKey(p.upvalues), p.upvalues);
        p.locvars = p.locvars.length == 0 ? NO_LOCALS : intern(localsKey(p.locvars), p.locvars);
    }

    @SuppressWarnings("unchecked")
    private <T> T intern(Object key, T value) {
        return (T) seen.computeIfAbsent(key, k -> value);
    }

    private static List<Object> upvaluesKey(Upvaldesc[] upvalues) {
        return key(Upvaldesc.class, upvalues.length, (i, k) -> {
            k[0] = upvalues[i].name;
            k[1] = upvalues[i].instack;
            k[2] = upvalues[i].idx;
        });
    }

    private static List<Object> localsKey(LocVars[] locals) {
        return key(LocVars.class, locals.length, (i, k) -> {
            k[0] = locals[i].varname;
            k[1] = locals[i].startpc;
            k[2] = locals[i].endpc;
        });
    }

    /** A key equal for arrays of {@code type} whose {@code count} elements give equal three fields each. */
    private static List<Object> key(Class<?> type, int count, ElementFields fields) {
        Object[] key = new Object[count * 3 + 1];
        key[0] = type;
        Object[] element = new Object[3];
        for (int i = 0; i < count; i++) {
            fields.fill(i, element);
            System.arraycopy(element, 0, key, i * 3 + 1, 3);
        }
        return Arrays.asList(key);
    }

    private interface ElementFields {
        void fill(int index, Object[] fields);
    }

    /** An instruction table as a key: equal by its contents. */
    private record Code(int[] instructions) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Code other && Arrays.equals(instructions, other.instructions);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(instructions);
        }
    }
}
