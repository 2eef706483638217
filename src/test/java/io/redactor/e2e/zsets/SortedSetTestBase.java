package io.redactor.e2e.zsets;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.CommandTestBase;

import java.util.HashSet;
import java.util.Set;

/**
 * Sorted set tests on the shared server, with keys of their own (see {@link CommandTestBase}; the prefix has no
 * braces, so a key name's own {hash tag} decides its partition) and RESP3 reply builders.
 */
abstract class SortedSetTestBase extends CommandTestBase {
    protected static final String NULL = "_\r\n";

    /**
     * {@code count} key names unique to this test, "name{t..}", each with a hash tag that puts it in a different
     * partition of the shared server from the others.
     */
    protected String[] keysInDifferentPartitions(String name, int count) {
        String[] keys = new String[count];
        Set<Integer> partitions = new HashSet<>();
        int n = 0;
        for (int tag = 0; n < count; tag++) {
            String candidate = key(name + "{t" + tag + "}");
            if (partitions.add(PartitionKeys.partitionOf(candidate))) {
                keys[n++] = candidate;
            }
        }
        return keys;
    }

    /** A RESP3 double as Redis 7.0 writes it (the text of {@code %.17g}, or inf and -inf). */
    protected static String dbl(String text) {
        return "," + text + "\r\n";
    }

    /** A RESP3 array of [member, score] pairs: members and score texts alternate in {@code items}. */
    protected static String pairs(String... items) {
        StringBuilder out = new StringBuilder("*").append(items.length / 2).append("\r\n");
        for (int i = 0; i < items.length; i += 2) {
            out.append("*2\r\n").append(bulk(items[i])).append(dbl(items[i + 1]));
        }
        return out.toString();
    }

    /** A RESP array of already encoded elements. */
    protected static String aggregate(String... encoded) {
        return "*" + encoded.length + "\r\n" + String.join("", encoded);
    }
}
