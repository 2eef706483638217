package io.redactor.actors.data;

import io.redactor.core.number.RedisIntegers;

/**
 * Strings are stored as an immutable {@code byte[]} (what SET and most commands store), as a
 * {@link FloatString} (an INCRBYFLOAT result), or as a {@link MutableString} (after APPEND or SETRANGE changed
 * one in place). This class hides the difference from commands.
 */
public final class StringValues {
    /** Redis stores strings up to this length inline with their header ("embstr"). */
    private static final int EMBSTR_LIMIT = 44;
    private static final int INT_ENCODABLE_LENGTH = 20;

    private StringValues() {
    }

    public static boolean isString(Object value) {
        return value instanceof byte[] || value instanceof MutableString || value instanceof FloatString;
    }

    /** The bytes of a string value, safe to hand out (a copy when the value is mutable). */
    public static byte[] bytes(Object value) {
        return switch (value) {
            case byte[] bytes -> bytes;
            case FloatString text -> text.bytes();
            case MutableString mutable -> mutable.toBytes();
            default -> throw new IllegalArgumentException("not a string: " + value.getClass());
        };
    }

    /**
     * Reads a string value's bytes where they are, without the copy {@link #bytes} makes of a mutable one: {@code
     * reader} gets an array and how many of its first bytes are the string, and must not change it nor keep it past
     * the command.
     */
    public static <R> R read(Object value, BytesReader<R> reader) {
        if (value instanceof MutableString mutable) {
            return reader.read(mutable.buffer(), mutable.length());
        }
        byte[] bytes = bytes(value);
        return reader.read(bytes, bytes.length);
    }

    /** What {@link #read} gives a string's bytes to. */
    @FunctionalInterface
    public interface BytesReader<R> {
        R read(byte[] bytes, int length);
    }

    public static int length(Object value) {
        return value instanceof MutableString mutable ? mutable.length() : bytes(value).length;
    }

    /** OBJECT ENCODING of a string, following Redis's rules for values it stores. */
    public static String encoding(Object value) {
        if (value instanceof MutableString) {
            return "raw";
        }
        byte[] bytes = bytes(value);
        if (value instanceof byte[] && bytes.length <= INT_ENCODABLE_LENGTH && RedisIntegers.isLong(bytes)) {
            return "int";
        }
        return bytes.length <= EMBSTR_LIMIT ? "embstr" : "raw";
    }

    /** A string that Redis would store as one of its shared integer objects (0..9999). */
    public static boolean isSharedInteger(Object value) {
        if (!(value instanceof byte[] bytes) || bytes.length > 4 || !RedisIntegers.isLong(bytes)) {
            return false;
        }
        long v = RedisIntegers.parseLong(bytes);
        return v >= 0 && v < 10_000;
    }
}
