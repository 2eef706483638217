package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/** table.sort: an in-place quicksort over t[1..#t] with Lua's "<" or the script's comparator. */
final class Sorter {
    private Sorter() {
    }

    static void sort(LuaTable t, LuaValue comparator) {
        int n = Lua51Table.border(t);
        LuaValue[] a = new LuaValue[n];
        for (int i = 0; i < n; i++) {
            a[i] = t.rawget(i + 1);
        }
        quicksort(a, 0, n - 1, comparator);
        for (int i = 0; i < n; i++) {
            t.rawset(i + 1, a[i]);
        }
    }

    private static boolean less(LuaValue x, LuaValue y, LuaValue comparator) {
        if (comparator.isnil()) {
            return Lua51Arith.lessThan(x, y);
        }
        return comparator.call(x, y).toboolean();
    }

    private static void quicksort(LuaValue[] a, int lo, int hi, LuaValue cmp) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (less(a[mid], a[lo], cmp)) {
                swap(a, mid, lo);
            }
            if (less(a[hi], a[mid], cmp)) {
                swap(a, hi, mid);
                if (less(a[mid], a[lo], cmp)) {
                    swap(a, mid, lo);
                }
            }
            if (hi - lo <= 2) {
                return;
            }
            // a partition pass compares each element once: the run's work, so that sorting huge tables polls
            ScriptRun.spendCurrent((hi - lo) / 4 + 1);
            LuaValue pivot = a[mid];
            int i = lo;
            int j = hi;
            while (true) {
                while (less(a[++i], pivot, cmp)) {
                    if (i >= hi) {
                        throw new LuaError("invalid order function for sorting");
                    }
                }
                while (less(pivot, a[--j], cmp)) {
                    if (j <= lo) {
                        throw new LuaError("invalid order function for sorting");
                    }
                }
                if (i >= j) {
                    break;
                }
                swap(a, i, j);
            }
            if (j - lo < hi - j) {
                quicksort(a, lo, j, cmp);
                lo = j + 1;
            } else {
                quicksort(a, j + 1, hi, cmp);
                hi = j;
            }
        }
    }

    private static void swap(LuaValue[] a, int i, int j) {
        LuaValue x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}
