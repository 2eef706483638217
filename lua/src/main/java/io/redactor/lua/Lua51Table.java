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
        counted();
    }

    /**
     * What an array slot is counted for: its reference and a typical value (a boxed number or a short string), which
     * are too small to be counted themselves; a table of ten million short strings holds about 600 MB.
     */
    private static final int ARRAY_SLOT = 40;
    /** The same for a hash slot: its reference, the entry object LuaJ makes for it, a typical key and value. */
    private static final int HASH_SLOT = 96;

    /** What the run's memory budget keeps for this table once it is large enough to count. */
    private Object memoryTicket;

    /** Every growth of a table goes through here: its array and hash parts are replaced by larger ones. */
    @Override
    public void hashset(LuaValue key, LuaValue value) {
        LuaValue[] a = array;
        Object h = hash;
        super.hashset(key, value);
        if (a != array || h != hash) {
            counted();
        }
    }

    private void counted() {
        memoryTicket = ScriptRun.resized(this, memoryTicket,
                (long) array.length * ARRAY_SLOT + (long) getHashLength() * HASH_SLOT);
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
