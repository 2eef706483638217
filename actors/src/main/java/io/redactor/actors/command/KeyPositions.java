package io.redactor.actors.command;

/**
 * Where the keys are in a command's arguments, in Redis's legacy (first, last, step) form; {@code last}
 * negative counts from the end (-1 is the last argument).
 */
public record KeyPositions(int first, int last, int step) {
    private static final int[] NO_KEYS = new int[0];
    private static final int[] FIRST_ARG = {1};

    public static final KeyPositions NONE = new KeyPositions(0, 0, 0);

    /** Indices of the keys in {@code args}; {@code args} has already passed the arity check. */
    public int[] find(byte[][] args) {
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
}
