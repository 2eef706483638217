package io.redactor.core.rdb;

import java.util.List;

/**
 * Writes a list as Redis 7.0 saves a quicklist (type 18): the node count, then per node its container (2 for a
 * listpack of elements, 1 for a "plain" node holding one large element as is) and its bytes as an RDB string.
 *
 * <p>The nodes are split as in a quicklist built by RPUSH of the elements in order ({@code quicklistPushTail} and
 * {@code _quicklistNodeAllowInsert}): an element joins the last node when that node is a listpack and its size in
 * bytes, plus the element's length, plus 8 stays within the limit of {@code list-max-listpack-size}: for -1..-5,
 * 4, 8, 16, 32 or 64 KB; for a count n >= 0, at most 8 KB and fewer than n elements before it. The setting is
 * clamped to -5..32767 as Redis clamps it. Elements of at least the packed threshold (1 GB) go to plain nodes.
 * Nodes are never LZF-compressed by the quicklist itself, as with Redis's default {@code list-compress-depth 0}.
 */
final class QuicklistWriter {
    static final int CONTAINER_PLAIN = 1;
    static final int CONTAINER_PACKED = 2;
    static final long DEFAULT_PACKED_THRESHOLD = 1L << 30;

    private static final int[] SIZE_LIMITS = {4096, 8192, 16384, 32768, 65536};
    private static final int SIZE_SAFETY_LIMIT = 8192;
    private static final int SIZE_ESTIMATE_OVERHEAD = 8;
    private static final int FILL_MAX = 32767;

    private final int fill;
    private final long packedThreshold;
    private final ListpackBuilder node = new ListpackBuilder();

    QuicklistWriter(int listMaxListpackSize, long packedThreshold) {
        this.fill = Math.max(-5, Math.min(FILL_MAX, listMaxListpackSize));
        this.packedThreshold = packedThreshold;
    }

    void write(RdbWriter out, List<byte[]> elements, boolean compress) {
        int mark = out.reserveLength();
        long nodes = 0;
        node.reset();
        for (byte[] e : elements) {
            if (e.length >= packedThreshold) {
                nodes += flush(out, compress);
                out.writeLength(CONTAINER_PLAIN);
                out.writeString(e, compress);
                nodes++;
            } else if (node.count() > 0 && allowInsert(e.length)) {
                node.append(e);
            } else {
                nodes += flush(out, compress);
                node.append(e);
            }
        }
        nodes += flush(out, compress);
        out.patchLength(mark, nodes);
    }

    /** Writes the node being built, if any; returns the number of nodes written. */
    private int flush(RdbWriter out, boolean compress) {
        if (node.count() == 0) {
            return 0;
        }
        byte[] lp = node.finish();
        out.writeLength(CONTAINER_PACKED);
        out.writeString(lp, 0, node.totalBytes(), compress);
        node.reset();
        return 1;
    }

    /** {@code _quicklistNodeAllowInsert} for the node being built. */
    private boolean allowInsert(int length) {
        long newSize = (long) node.totalBytes() + length + SIZE_ESTIMATE_OVERHEAD;
        if (fill < 0) {
            return newSize <= SIZE_LIMITS[-fill - 1];
        }
        return newSize <= SIZE_SAFETY_LIMIT && node.count() < fill;
    }
}
