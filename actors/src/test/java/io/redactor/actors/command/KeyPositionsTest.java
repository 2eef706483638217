package io.redactor.actors.command;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class KeyPositionsTest {
    private static byte[][] args(String... words) {
        return Arrays.stream(words).map(w -> w.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    @Test
    void legacyRanges() {
        assertArrayEquals(new int[] {1}, KeyPositions.of(1, 1, 1).find(args("GET", "k")));
        assertArrayEquals(new int[] {1, 3, 5}, KeyPositions.of(1, -1, 2).find(args("MSET", "a", "1", "b", "2", "c", "3")));
        assertArrayEquals(new int[] {1, 2}, KeyPositions.of(1, 2, 1).find(args("RENAME", "a", "b")));
        assertArrayEquals(new int[0], KeyPositions.NONE.find(args("PING")));
    }

    @Test
    void numkeysCountsTheKeysAfterItAndKeepsFixedOnes() {
        KeyPositions.KeyFinder zunionstore = KeyPositions.numkeys(2, 3, 1);
        assertArrayEquals(new int[] {1, 3, 4}, zunionstore.find(args("ZUNIONSTORE", "dest", "2", "a", "b", "WEIGHTS", "1", "2")));
        KeyPositions.KeyFinder lmpop = KeyPositions.numkeys(1, 2);
        assertArrayEquals(new int[] {2, 3, 4}, lmpop.find(args("LMPOP", "3", "a", "b", "c", "LEFT")));
    }

    @Test
    void aBadNumkeysRoutesOnTheFixedKeysOnly() {
        KeyPositions.KeyFinder finder = KeyPositions.numkeys(2, 3, 1);
        assertArrayEquals(new int[] {1}, finder.find(args("ZUNIONSTORE", "dest", "abc", "a")));
        assertArrayEquals(new int[] {1}, finder.find(args("ZUNIONSTORE", "dest", "-1", "a")));
        assertArrayEquals(new int[] {1}, finder.find(args("ZUNIONSTORE", "dest", "5", "a")));
        assertArrayEquals(new int[] {1}, finder.find(args("ZUNIONSTORE", "dest", "99999999999999999999", "a")));
    }
}
