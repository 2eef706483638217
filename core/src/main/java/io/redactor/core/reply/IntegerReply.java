package io.redactor.core.reply;

public record IntegerReply(long value) implements Reply {
    private static final int CACHE_LOW = -1;
    private static final int CACHE_HIGH = 1024;
    private static final IntegerReply[] CACHE = new IntegerReply[CACHE_HIGH - CACHE_LOW + 1];

    static {
        for (int i = 0; i < CACHE.length; i++) {
            CACHE[i] = new IntegerReply(i + CACHE_LOW);
        }
    }

    public static final IntegerReply ZERO = of(0);
    public static final IntegerReply ONE = of(1);
    public static final IntegerReply MINUS_ONE = of(-1);

    public static IntegerReply of(long value) {
        return value >= CACHE_LOW && value <= CACHE_HIGH ? CACHE[(int) value - CACHE_LOW] : new IntegerReply(value);
    }

    public static IntegerReply of(boolean value) {
        return value ? ONE : ZERO;
    }
}
