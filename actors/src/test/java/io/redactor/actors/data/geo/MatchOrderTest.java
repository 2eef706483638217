package io.redactor.actors.data.geo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The result order: a full sort keeps equal distances in the order found; a partial sort puts the wanted number
 * of nearest (or farthest) first, in order, from any input, including inputs full of equal distances. Which of
 * several equal ones Redis's pqsort keeps is compared with Redis by the differential tests.
 */
class MatchOrderTest {
    private static GeoMatch match(int id, double distance) {
        return new GeoMatch(("m" + id).getBytes(StandardCharsets.US_ASCII), id, 0, 0, distance);
    }

    @Test
    void aFullSortIsStableBothWays() {
        GeoMatch[] matches = {match(0, 2), match(1, 1), match(2, 2), match(3, 1), match(4, 3)};
        GeoMatch[] ascending = matches.clone();
        MatchOrder.sort(ascending, false, ascending.length);
        assertArrayEquals(new GeoMatch[] {matches[1], matches[3], matches[0], matches[2], matches[4]}, ascending);
        GeoMatch[] descending = matches.clone();
        MatchOrder.sort(descending, true, descending.length + 10);
        assertArrayEquals(new GeoMatch[] {matches[4], matches[0], matches[2], matches[1], matches[3]}, descending);
    }

    @Test
    void aPartialSortPutsTheWantedFirstInOrder() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 3000; round++) {
            int n = 1 + random.nextInt(round < 1000 ? 12 : 300);
            int distinct = 1 + random.nextInt(n);
            GeoMatch[] matches = new GeoMatch[n];
            for (int i = 0; i < n; i++) {
                matches[i] = match(i, random.nextInt(distinct));
            }
            boolean descending = random.nextBoolean();
            int wanted = 1 + random.nextInt(n);
            GeoMatch[] sorted = matches.clone();
            MatchOrder.sort(sorted, descending, wanted);

            Comparator<GeoMatch> order = Comparator.comparingDouble(GeoMatch::distance);
            double[] expected = Arrays.stream(matches).sorted(descending ? order.reversed() : order)
                    .mapToDouble(GeoMatch::distance).limit(wanted).toArray();
            double[] actual = Arrays.stream(sorted).mapToDouble(GeoMatch::distance).limit(wanted).toArray();
            assertArrayEquals(expected, actual, "round " + round);
            assertEquals(n, Arrays.stream(sorted).distinct().count(), "a permutation");
            assertTrue(Arrays.asList(sorted).containsAll(Arrays.asList(matches)));
        }
    }
}
