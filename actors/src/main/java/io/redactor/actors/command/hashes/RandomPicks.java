package io.redactor.actors.command.hashes;

import io.redactor.actors.data.hash.HashValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The reply of HRANDFIELD with a large negative count: that many fields picked at random with repetition,
 * drawn while the reply is written instead of all at once. It holds a snapshot of the hash's fields (and values),
 * never the hash itself, since the reply may be written on another thread after the hash has changed. Pick
 * {@code i} is a pure function of a seed and {@code i}, so reading an element twice gives the same element.
 */
final class RandomPicks extends AbstractList<Reply> implements RandomAccess {
    private final byte[][] fields;
    private final byte[][] values;
    private final int picks;
    private final boolean withValues;
    private final boolean pairs;
    private final long seed;

    /**
     * @param pairs RESP3 WITHVALUES: each pick is a [field, value] array; otherwise values (if wanted) follow
     *              their fields in one flat array
     */
    RandomPicks(HashValue hash, int picks, boolean withValues, boolean pairs, long seed) {
        int[] slots = hash.slots();
        this.fields = new byte[slots.length][];
        this.values = withValues ? new byte[slots.length][] : null;
        for (int i = 0; i < slots.length; i++) {
            fields[i] = hash.fieldAt(slots[i]);
            if (withValues) {
                values[i] = hash.valueAt(slots[i]);
            }
        }
        this.picks = picks;
        this.withValues = withValues;
        this.pairs = pairs;
        this.seed = seed;
    }

    @Override
    public int size() {
        return withValues && !pairs ? 2 * picks : picks;
    }

    @Override
    public Reply get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        if (pairs) {
            int chosen = choose(index);
            return ArrayReply.of(new BulkString(fields[chosen]), new BulkString(values[chosen]));
        }
        if (!withValues) {
            return new BulkString(fields[choose(index)]);
        }
        int chosen = choose(index >> 1);
        return new BulkString((index & 1) == 0 ? fields[chosen] : values[chosen]);
    }

    /** A uniform index below the number of fields, for pick number {@code pick}. */
    private int choose(int pick) {
        long z = seed + (pick + 1L) * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 33) * fields.length) >>> 31);
    }
}
