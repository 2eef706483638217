package io.redactor.actors.data.geo;

import io.redactor.actors.data.zset.SortedSetValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the members of a geo set within a shape as Redis's georadiusGeneric does: it scans the score ranges of
 * the nine {@link SearchCells} in their order (skipping a cell equal to the one scanned just before it), each
 * from its lowest score up, and keeps the members within the shape in the order met. A search with a limit
 * (COUNT n ANY) stops as soon as it has that many.
 */
public final class GeoSearch {
    private GeoSearch() {
    }

    /** The members of {@code set} within {@code shape}, in the order Redis finds them; {@code limit} 0 for all. */
    public static List<GeoMatch> find(SortedSetValue set, GeoShape shape, long limit) {
        SearchCells cells = SearchCells.around(shape);
        int step = cells.step();
        List<GeoMatch> found = new ArrayList<>();
        int lastScanned = 0;
        for (int i = 0; i < 9; i++) {
            long cell = cells.cell(i);
            if (cell == SearchCells.NONE || (lastScanned != 0 && cell == cells.cell(lastScanned))) {
                continue;
            }
            if (limit > 0 && found.size() >= limit) {
                break;
            }
            double min = GeoHash.firstScore(cell, step);
            double max = GeoHash.firstScore(cell + 1, step);
            set.scanScores(min, max, (member, score) -> {
                GeoHash.Position position = GeoHash.position(score);
                double distance = shape.distanceIfWithin(position.longitude(), position.latitude());
                if (!Double.isNaN(distance)) {
                    found.add(new GeoMatch(member, score, position.longitude(), position.latitude(), distance));
                }
                return limit <= 0 || found.size() < limit;
            });
            lastScanned = i;
        }
        return found;
    }
}
