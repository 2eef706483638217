package io.redactor.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * A table whose length operator finds a border the way Lua 5.1 does: by binary search in the array part when
 * its last slot is empty (so {@code #{1, 2, nil, 4}} is 4, as in Redis), else by unbounded search.
 */
final class Lua51Table extends LuaTable {
    Lua51Table() {
        this.declared = 0;
    }

    /** The array size Lua 5.1 would have given this table's constructor (LuaJ rounds up to a power of 2). */
    private final int declared;

    Lua51Table(int narray, int nhash) {
        super(narray, nhash);
        this.declared = narray;
        counted(null, null);
    }

    /** Bytes an array slot costs (a reference). */
    private static final int ARRAY_SLOT = 8;
    /** Bytes a hash slot costs: its reference, and the entry objects LuaJ makes for a key and its value. */
    private static final int HASH_SLOT = 40;

    /** Every growth of a table goes through here: its array and hash parts are replaced by larger ones. */
    @Override
    public void hashset(LuaValue key, LuaValue value) {
        LuaValue[] a = array;
        Object h = hash;
        super.hashset(key, value);
        if (a != array || h != hash) {
            counted(a, h);
        }
    }

    /** Counts the parts that are not {@code oldArray} and {@code oldHash} against the run's memory. */
    private void counted(LuaValue[] oldArray, Object oldHash) {
        if (array != oldArray) {
            long bytes = (long) array.length * ARRAY_SLOT;
            ScriptRun.making(bytes);
            ScriptRun.made(array, bytes);
        }
        if (hash != oldHash) {
            long bytes = (long) getHashLength() * HASH_SLOT;
            ScriptRun.making(bytes);
            ScriptRun.made(hash, bytes);
        }
    }

    @Override
    public int length() {
        return border(this);
    }

    @Override
    public LuaValue len() {
        return LuaValue.valueOf(border(this));
    }

    @Override
    public int rawlen() {
        return border(this);
    }

    /** Lua 5.1's luaH_getn over LuaJ's array part (any table: those LuaJ made get the same rule). */
    static int border(LuaTable t) {
        if (t instanceof Lua51Table lt) {
            return lt.border51();
        }
        int n = 0;
        while (!t.rawget(n + 1).isnil()) {
            n++;
        }
        return n;
    }

    private int border51() {
        LuaValue[] a = array;
        int j = a.length;
        if (declared > 0 && declared < j && j == Integer.highestOneBit(declared - 1) << 1) {
            j = declared;
        }
        if (j > 0 && isEmpty(a[j - 1])) {
            int i = 0;
            while (j - i > 1) {
                int m = (i + j) >>> 1;
                if (isEmpty(a[m - 1])) {
                    j = m;
                } else {
                    i = m;
                }
            }
            return i;
        }
        boolean beyond = hashEntries > 0;
        for (int x = j; x < a.length && !beyond; x++) {
            beyond = !isEmpty(a[x]);
        }
        if (!beyond) {
            return j;
        }
        long i = j;
        long k = j + 1;
        while (!rawget((int) k).isnil()) {
            i = k;
            k *= 2;
            if (k > Integer.MAX_VALUE) {
                int n = 1;
                while (!rawget(n).isnil()) {
                    n++;
                }
                return n - 1;
            }
        }
        while (k - i > 1) {
            long m = (i + k) / 2;
            if (rawget((int) m).isnil()) {
                k = m;
            } else {
                i = m;
            }
        }
        return (int) i;
    }

    private static boolean isEmpty(LuaValue v) {
        return v == null || v.isnil();
    }
}
