package io.redactor.core;

/**
 * What the JVM holds for a command's arguments ({@code byte[][]}), as counted against
 * {@code client-query-buffer-limit}: each argument's bytes and its array's header (16 bytes, rounded to 8), and
 * a reference slot for it (8 bytes, what the JVM uses without compressed references; with them the slack of a
 * growing array is covered). An empty argument thus costs 24 bytes, where its six bytes on the wire
 * ({@code $0\r\n\r\n}) would count only 0 as data.
 */
public final class ArgsMemory {
    /** Object header and length of an array. */
    public static final int ARRAY_HEADER = 16;
    /** One element of an array of references. */
    public static final int REFERENCE = 8;

    private ArgsMemory() {
    }

    /** The heap an argument of {@code length} bytes takes, with its reference slot. */
    public static long argument(long length) {
        return ARRAY_HEADER + ((length + 7) & ~7L) + REFERENCE;
    }

    /** The heap a command takes: its array of arguments and every argument. */
    public static long of(byte[][] args) {
        long total = ARRAY_HEADER;
        for (byte[] arg : args) {
            total += argument(arg.length);
        }
        return total;
    }
}
