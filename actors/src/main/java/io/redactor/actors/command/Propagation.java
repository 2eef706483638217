package io.redactor.actors.command;

import io.redactor.core.number.RedisIntegers;

import java.nio.charset.StandardCharsets;

/**
 * The command names and helpers commands use to record what they did in place of their own arguments
 * ({@link KeyCall#propagate}), as Redis 7.0 rewrites them: upper case, as Redis's shared objects are.
 */
public final class Propagation {
    public static final byte[] SET = ascii("SET");
    public static final byte[] PXAT = ascii("PXAT");
    public static final byte[] KEEPTTL = ascii("KEEPTTL");
    public static final byte[] DEL = ascii("DEL");
    public static final byte[] PEXPIREAT = ascii("PEXPIREAT");
    public static final byte[] PERSIST = ascii("PERSIST");
    public static final byte[] HSET = ascii("HSET");
    public static final byte[] SREM = ascii("SREM");
    public static final byte[] LPOP = ascii("LPOP");
    public static final byte[] RPOP = ascii("RPOP");
    public static final byte[] LMOVE = ascii("LMOVE");
    public static final byte[] RPOPLPUSH = ascii("RPOPLPUSH");
    public static final byte[] ZPOPMIN = ascii("ZPOPMIN");
    public static final byte[] ZPOPMAX = ascii("ZPOPMAX");
    public static final byte[] ABSTTL = ascii("ABSTTL");

    private Propagation() {
    }

    public static byte[] number(long value) {
        return RedisIntegers.toBytes(value);
    }

    /** {@code PEXPIREAT key ms}: what every relative or absolute expiry is recorded as. */
    public static void expireAt(KeyCall call, byte[] key, long unixMs) {
        if (call.logging()) {
            call.propagate(PEXPIREAT, key, number(unixMs));
        }
    }

    /** {@code DEL key}: a key a command removed as a side effect (an expiry time already passed). */
    public static void deleted(KeyCall call, byte[] key) {
        if (call.logging()) {
            call.propagate(DEL, key);
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
