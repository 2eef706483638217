package io.redactor.actors.data.stream;

/**
 * How many nodes Redis's radix tree has for a stream's master IDs (XINFO STREAM's radix-tree-nodes), counted from
 * the IDs instead of kept: the keys are the IDs as 16 big-endian bytes, and the tree is compressed as Redis keeps it
 * (rax.c): a chain of characters that only one key path goes through is one node, a place where keys part ways is
 * a node holding one character per way, and every key ends in a node of its own.
 */
final class RadixNodes {
    private static final int KEY_BYTES = 16;

    private RadixNodes() {
    }

    static long count(StreamNodes nodes) {
        return nodes.size() == 0 ? 1 : below(nodes, 0, nodes.size(), 0);
    }

    /** The nodes holding keys {@code [lo, hi)}, which share their first {@code depth} bytes, from that depth. */
    private static long below(StreamNodes nodes, int lo, int hi, int depth) {
        if (depth == KEY_BYTES) {
            return 1;
        }
        if (hi - lo == 1) {
            return 2;
        }
        int shared = depth;
        while (keyByte(nodes, lo, shared) == keyByte(nodes, hi - 1, shared)) {
            shared++;
        }
        long count = shared > depth ? 2 : 1;
        int from = lo;
        while (from < hi) {
            int b = keyByte(nodes, from, shared);
            int to = from + 1;
            while (to < hi && keyByte(nodes, to, shared) == b) {
                to++;
            }
            count += below(nodes, from, to, shared + 1);
            from = to;
        }
        return count;
    }

    private static int keyByte(StreamNodes nodes, int node, int at) {
        StreamId id = nodes.masterId(node);
        long half = at < 8 ? id.ms() : id.seq();
        return (int) (half >>> (8 * (7 - (at & 7)))) & 0xff;
    }
}
