package io.redactor.lua;

import org.luaj.vm2.LuaString;

/**
 * The Lua strings of one multi-element reply, with equal short strings shared: LRANGE, HGETALL, ZRANGE and
 * the like often repeat small values (numbers, flags, field names), and a script keeps its reply tables for
 * its whole run. One string object per distinct value instead of one per element keeps those tables small,
 * so far less survives each young collection while scripts run (LuaJ's own cache of recent short strings is
 * global and has 128 slots: the numbers 0 to 99 alone collide in 19 of them). Lua cannot tell shared strings
 * apart: its strings are values. Direct-mapped, so a colliding value just gets a string of its own.
 */
final class ShortStringPool {
    /** Replies with fewer elements than this convert without a pool. */
    static final int MIN_ELEMENTS = 16;
    private static final int MAX_LENGTH = 32;
    private static final int SLOTS = 256;

    private final LuaString[] slots = new LuaString[SLOTS];

    LuaString of(byte[] bytes) {
        int length = bytes.length;
        if (length > MAX_LENGTH) {
            return copyOf(bytes);
        }
        int hash = LuaString.hashCode(bytes, 0, length);
        int slot = (hash ^ (hash >>> 8)) & (SLOTS - 1);
        LuaString known = slots[slot];
        if (known != null && known.m_length == length && LuaString.equals(known.m_bytes, known.m_offset, bytes, 0, length)) {
            return known;
        }
        LuaString fresh = copyOf(bytes);
        slots[slot] = fresh;
        return fresh;
    }

    /** A string of its own: the reply's bytes may be the stored value itself, which later commands change. */
    static LuaString copyOf(byte[] bytes) {
        return LuaString.valueUsing(bytes.clone());
    }
}
