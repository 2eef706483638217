package io.redactor.lua;

import java.util.concurrent.atomic.AtomicLong;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * math.random as Redis 7.0 has it: one server-wide 48-bit linear congruential generator (the lrand48
 * recurrence), starting from the same state as a fresh Redis, not reseeded between scripts, so a fresh
 * server's first {@code math.random(100)} is 40 on both.
 */
final class LuaRandom {
    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long MASK = (1L << 48) - 1;
    private static final long INITIAL = 0x1234ABCD330EL;
    private static final long MAX = Integer.MAX_VALUE;

    private final AtomicLong state = new AtomicLong(INITIAL);

    void seed(int seed) {
        state.set((((long) seed) << 16 | 0x330EL) & MASK);
    }

    private long next31() {
        long s;
        long n;
        do {
            s = state.get();
            n = (s * MULTIPLIER + 0xB) & MASK;
        } while (!state.compareAndSet(s, n));
        return n >>> 17;
    }

    double nextDouble() {
        return (next31() % MAX) / (double) MAX;
    }

    Varargs random(Varargs args) {
        double r = nextDouble();
        switch (args.narg()) {
            case 0:
                return LuaValue.valueOf(r);
            case 1: {
                int u = Args.checkInt(args, 1);
                if (u < 1) {
                    throw Args.error(1, "interval is empty");
                }
                return LuaValue.valueOf(Math.floor(r * u) + 1);
            }
            case 2: {
                int l = Args.checkInt(args, 1);
                int u = Args.checkInt(args, 2);
                if (l > u) {
                    throw Args.error(2, "interval is empty");
                }
                return LuaValue.valueOf(Math.floor(r * (u - l + 1)) + l);
            }
            default:
                throw new LuaError("wrong number of arguments");
        }
    }
}
