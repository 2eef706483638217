package io.redactor.actors.client;

/**
 * The heap a client's received and unanswered commands hold, in the order they came: a ring of each command's
 * size ({@link io.redactor.core.ArgsMemory}) and their sum. Commands are answered in the order they came, so
 * answering takes sizes off the front. Confined to the pipeline's thread.
 */
final class HeldInput {
    private long[] sizes = new long[16];
    private int head;
    private int count;
    private long total;

    void add(long size) {
        if (count == sizes.length) {
            long[] grown = new long[sizes.length * 2];
            for (int i = 0; i < count; i++) {
                grown[i] = sizes[(head + i) & (sizes.length - 1)];
            }
            sizes = grown;
            head = 0;
        }
        sizes[(head + count) & (sizes.length - 1)] = size;
        count++;
        total += size;
    }

    /** The oldest {@code answered} commands have been answered. */
    void answered(int answered) {
        for (int i = 0; i < answered && count > 0; i++) {
            total -= sizes[head];
            head = (head + 1) & (sizes.length - 1);
            count--;
        }
    }

    void clear() {
        head = 0;
        count = 0;
        total = 0;
    }

    int count() {
        return count;
    }

    long bytes() {
        return total;
    }
}
