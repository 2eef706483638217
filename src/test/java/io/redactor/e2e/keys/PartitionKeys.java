package io.redactor.e2e.keys;

import io.redactor.core.keys.PartitionMap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static java.nio.charset.StandardCharsets.UTF_8;

/** Key names chosen by the partition they fall in on the shared test server (16 partitions). */
public final class PartitionKeys {
    public static final PartitionMap SHARED = new PartitionMap(16);

    private PartitionKeys() {
    }

    public static int partitionOf(String key) {
        return SHARED.partitionOf(key.getBytes(UTF_8));
    }

    /** {@code count} keys "prefix0", "prefix1", ...; fails unless they cover every partition. */
    public static List<String> spread(String prefix, int count) {
        List<String> keys = new ArrayList<>(count);
        Set<Integer> partitions = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String key = prefix + i;
            keys.add(key);
            partitions.add(partitionOf(key));
        }
        if (partitions.size() != SHARED.count()) {
            throw new IllegalArgumentException(count + " keys " + prefix + "* cover only " + partitions.size()
                    + " partitions");
        }
        return keys;
    }

    /** The first key "prefix0", "prefix1", ... that lives in another partition than {@code other}. */
    public static String elsewhere(String prefix, String other) {
        for (int i = 0; ; i++) {
            String key = prefix + i;
            if (partitionOf(key) != partitionOf(other)) {
                return key;
            }
        }
    }
}
