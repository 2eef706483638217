package io.redactor.actors.data.zset;

import java.util.Arrays;

/**
 * The order of a sorted set: by score as C compares doubles (so -0 and 0 are equal), then by member bytes as
 * memcmp compares them, a shorter member first when it is a prefix of the other.
 */
final class ScoreOrder {
    private ScoreOrder() {
    }

    static int compare(double score1, byte[] member1, double score2, byte[] member2) {
        if (score1 < score2) {
            return -1;
        }
        if (score1 > score2) {
            return 1;
        }
        return Arrays.compareUnsigned(member1, member2);
    }

    static int compareMembers(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }
}
