package io.redactor.lua.libs;

import io.redactor.lua.ScriptRun;
import org.luaj.vm2.LuaString;

import java.util.Arrays;

/** A growable byte array that ends as a Lua string (unlike ByteArrayOutputStream, not synchronized). */
public final class ByteBuf {
    private byte[] bytes;
    private int length;

    public ByteBuf() {
        this(64);
    }

    public ByteBuf(int capacity) {
        bytes = new byte[Math.max(capacity, 16)];
    }

    public int length() {
        return length;
    }

    public ByteBuf add(int b) {
        ensure(1);
        bytes[length++] = (byte) b;
        return this;
    }

    public ByteBuf add(byte[] source, int offset, int count) {
        ensure(count);
        System.arraycopy(source, offset, bytes, length, count);
        length += count;
        return this;
    }

    public ByteBuf add(LuaString s) {
        return add(s.m_bytes, s.m_offset, s.m_length);
    }

    /** Appends ASCII text. */
    ByteBuf add(String ascii) {
        ensure(ascii.length());
        for (int i = 0; i < ascii.length(); i++) {
            bytes[length++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    ByteBuf addZeros(long count) {
        for (long i = 0; i < count; i++) {
            add(0);
        }
        return this;
    }

    /** A Lua string of its own bytes: LuaJ's valueOf would share (and keep alive) the whole source array. */
    static LuaString copyOf(byte[] source, int offset, int count) {
        return LuaString.valueUsing(Arrays.copyOfRange(source, offset, offset + count));
    }

    /** The bytes as a Lua string, in an array of their size (a Lua string lives on; spare capacity would too). */
    public LuaString toLuaString() {
        return ScriptRun.made(length == bytes.length ? LuaString.valueUsing(bytes) : copyOf(bytes, 0, length));
    }

    private void ensure(int extra) {
        if (length + extra > bytes.length) {
            long wanted = Math.max((long) bytes.length * 2, (long) length + extra);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw LibArgs.error("not enough memory");
            }
            ScriptRun.making(wanted);
            bytes = Arrays.copyOf(bytes, (int) wanted);
        }
    }
}
