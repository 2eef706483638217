package io.redactor.actors.command;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.Reply;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The reply of HRANDFIELD, SRANDMEMBER or ZRANDMEMBER with a large negative count: that many entries drawn at random
 * with repetition, drawn while the reply is written instead of all at once, so the reply holds memory for the
 * collection's entries, not for the draws. It keeps a snapshot of the entries, never the collection itself, since
 * the reply is written on another thread after the collection may have changed. Draw {@code i} is a pure function
 * of a seed and {@code i}, so reading an element twice gives the same element.
 */
public final class RepeatedDraws extends AbstractList<Reply> implements RandomAccess {
    /** Up to this many draws are best made at once; more are drawn while the reply is written. */
    public static final int EAGER_DRAWS = 4096;
    /** The most elements a reply can have: the longest Java array. */
    public static final long MAX_REPLY_ELEMENTS = Integer.MAX_VALUE - 8;

    private final Reply[] names;
    private final Reply[] values;
    private final int draws;
    private final boolean pairs;
    private final long seed;

    private RepeatedDraws(Reply[] names, Reply[] values, int draws, boolean pairs, long seed) {
        if (names.length == 0 || draws < 0 || (long) draws * (values != null && !pairs ? 2 : 1) > MAX_REPLY_ELEMENTS) {
            throw new IllegalArgumentException(draws + " draws from " + names.length + " entries");
        }
        this.names = names;
        this.values = values;
        this.draws = draws;
        this.pairs = pairs;
        this.seed = seed;
    }

    /**
     * {@code draws} draws from {@code names}, each one element; or, with {@code values} (of the same length), each a
     * name followed by its value (RESP2's WITHVALUES and WITHSCORES), or a [name, value] array when {@code pairs}
     * (RESP3's).
     */
    public static RepeatedDraws of(Reply[] names, Reply[] values, boolean pairs, int draws, long seed) {
        if (values != null && values.length != names.length) {
            throw new IllegalArgumentException(names.length + " names, " + values.length + " values");
        }
        return new RepeatedDraws(names, values, draws, values != null && pairs, seed);
    }

    @Override
    public int size() {
        return values != null && !pairs ? 2 * draws : draws;
    }

    @Override
    public Reply get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        if (values == null) {
            return names[choose(index)];
        }
        if (pairs) {
            int chosen = choose(index);
            return ArrayReply.of(names[chosen], values[chosen]);
        }
        int chosen = choose(index >> 1);
        return (index & 1) == 0 ? names[chosen] : values[chosen];
    }

    /** A uniform index below the number of entries, for draw number {@code draw} (SplitMix64 of the seed). */
    private int choose(int draw) {
        long z = seed + (draw + 1L) * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 33) * names.length) >>> 31);
    }
}
