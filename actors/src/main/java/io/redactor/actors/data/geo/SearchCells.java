package io.redactor.actors.data.geo;

/**
 * The nine cells a search looks in (Redis's geohashCalculateAreasByShapeWGS84): the cell around the centre, at a
 * step estimated from the shape's reach so that it and its eight neighbours cover the shape, one step coarser
 * when a neighbour does not reach the edge of the shape's bounding box, and without the neighbours wholly outside
 * that box. They are listed in Redis's order: centre, north, south, east, west, north-east, north-west,
 * south-east, south-west; a dropped neighbour is {@link #NONE}.
 */
final class SearchCells {
    /** A dropped cell (Redis's zeroed hash: no bits, step 0). */
    static final long NONE = -1;
    private static final double MERCATOR_MAX = 20037726.37;
    private static final int[][] DIRECTIONS = {{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1},
            {-1, -1}};
    private static final int NORTH = 1;
    private static final int SOUTH = 2;
    private static final int EAST = 3;
    private static final int WEST = 4;

    private final long[] cells = new long[9];
    private final int step;

    private SearchCells(GeoShape shape) {
        double longitude = shape.longitude();
        double latitude = shape.latitude();
        double latDelta = GeoDistance.degrees(shape.halfHeightMeters() / GeoDistance.EARTH_RADIUS_METERS);
        double halfWidth = shape.halfWidthMeters();
        double lonDeltaTop = lonDelta(halfWidth, latitude + latDelta);
        double lonDeltaBottom = lonDelta(halfWidth, latitude - latDelta);
        // The box is widest on the side nearer the equator.
        boolean southern = latitude < 0;
        double minLon = southern ? longitude - lonDeltaBottom : longitude - lonDeltaTop;
        double maxLon = southern ? longitude + lonDeltaBottom : longitude + lonDeltaTop;
        double minLat = latitude - latDelta;
        double maxLat = latitude + latDelta;

        int steps = estimateStep(shape.reachMeters(), latitude);
        fill(longitude, latitude, steps);
        GeoHash.Cell north = GeoHash.cell(cells[NORTH], steps);
        GeoHash.Cell south = GeoHash.cell(cells[SOUTH], steps);
        GeoHash.Cell east = GeoHash.cell(cells[EAST], steps);
        GeoHash.Cell west = GeoHash.cell(cells[WEST], steps);
        boolean tooFine = north.latMax() < maxLat || south.latMin() > minLat || east.lonMax() < maxLon
                || west.lonMin() > minLon;
        if (steps > 1 && tooFine) {
            steps--;
            fill(longitude, latitude, steps);
        }
        this.step = steps;
        if (steps >= 2) {
            GeoHash.Cell centre = GeoHash.cell(cells[0], steps);
            if (centre.latMin() < minLat) {
                drop(SOUTH, 7, 8);
            }
            if (centre.latMax() > maxLat) {
                drop(NORTH, 5, 6);
            }
            if (centre.lonMin() < minLon) {
                drop(WEST, 8, 6);
            }
            if (centre.lonMax() > maxLon) {
                drop(EAST, 7, 5);
            }
        }
    }

    static SearchCells around(GeoShape shape) {
        return new SearchCells(shape);
    }

    private static double lonDelta(double halfWidthMeters, double latitude) {
        return GeoDistance.degrees(halfWidthMeters / GeoDistance.EARTH_RADIUS_METERS
                / Libm.cos(GeoDistance.radians(latitude)));
    }

    /** Redis's geohashEstimateStepsByRadius: the finest step whose cells are still about the size of the reach. */
    static int estimateStep(double reachMeters, double latitude) {
        if (reachMeters == 0) {
            return GeoHash.STEP_MAX;
        }
        int step = 1;
        double range = reachMeters;
        while (range < MERCATOR_MAX) {
            range *= 2;
            step++;
        }
        step -= 2;
        // Meridians converge towards the poles: cells are narrower there.
        if (latitude > 66 || latitude < -66) {
            step--;
            if (latitude > 80 || latitude < -80) {
                step--;
            }
        }
        return Math.max(1, Math.min(GeoHash.STEP_MAX, step));
    }

    private void fill(double longitude, double latitude, int steps) {
        long centre = GeoHash.encode(longitude, latitude, steps);
        for (int i = 0; i < DIRECTIONS.length; i++) {
            cells[i] = GeoHash.neighbour(centre, steps, DIRECTIONS[i][0], DIRECTIONS[i][1]);
        }
    }

    private void drop(int... indexes) {
        for (int i : indexes) {
            cells[i] = NONE;
        }
    }

    int step() {
        return step;
    }

    /** The hash of cell {@code i} (0 to 8, in Redis's order), or {@link #NONE}. */
    long cell(int i) {
        return cells[i];
    }
}
