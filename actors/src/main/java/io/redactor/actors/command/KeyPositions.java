package io.redactor.actors.command;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Where the keys are in a command's arguments. {@code first}, {@code last}, {@code step} are Redis's legacy
 * form as COMMAND INFO reports it ({@code last} negative counts from the end: -1 is the last argument).
 * Commands whose keys move with their arguments (a numkeys count) also have a {@link KeyFinder}, which routing
 * uses instead.
 */
public record KeyPositions(int first, int last, int step, KeyFinder finder) {
    private static final int[] NO_KEYS = new int[0];
    private static final int[] FIRST_ARG = {1};

    public static final KeyPositions NONE = new KeyPositions(0, 0, 0, null);

    public static KeyPositions of(int first, int last, int step) {
        return new KeyPositions(first, last, step, null);
    }

    /** Indices of the keys in {@code args}; {@code args} has already passed the arity check. */
    public int[] find(byte[][] args) {
        if (finder != null) {
            return finder.find(args);
        }
        if (first == 0) {
            return NO_KEYS;
        }
        if (first == 1 && last == 1) {
            return FIRST_ARG;
        }
        int end = last >= 0 ? last : args.length + last;
        if (end >= args.length) {
            end = args.length - 1;
        }
        int count = end < first ? 0 : (end - first) / step + 1;
        int[] positions = new int[count];
        for (int i = 0; i < count; i++) {
            positions[i] = first + i * step;
        }
        return positions;
    }

    /** Key positions computed from the arguments. */
    @FunctionalInterface
    public interface KeyFinder {
        int[] find(byte[][] args);
    }

    /**
     * Keys counted by a numkeys argument: the keys at {@code fixed} positions (ZUNIONSTORE's destination, say),
     * then {@code numkeys} keys starting at {@code firstKey}. When numkeys is not a valid count, only the fixed
     * keys are routed on and the command reports the error itself.
     */
    public static KeyFinder numkeys(int numkeysPosition, int firstKey, int... fixed) {
        return args -> {
            long count = 0;
            try {
                count = numkeysPosition < args.length ? RedisIntegers.parseLong(args[numkeysPosition]) : 0;
            } catch (NotANumberException e) {
                count = 0;
            }
            if (count < 0 || count > args.length - firstKey) {
                count = 0;
            }
            int[] positions = new int[fixed.length + (int) count];
            System.arraycopy(fixed, 0, positions, 0, fixed.length);
            for (int i = 0; i < count; i++) {
                positions[fixed.length + i] = firstKey + i;
            }
            return positions;
        };
    }
}
