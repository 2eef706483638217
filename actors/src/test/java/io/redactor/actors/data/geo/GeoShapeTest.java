package io.redactor.actors.data.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cheap bounds that spare most candidates the trigonometry never leave out a point Redis's computation keeps:
 * for circles and boxes of every size, around every latitude and by the antimeridian, points near the shape's
 * edge and anywhere get the same answer, to the last bit, with the bounds and without.
 */
class GeoShapeTest {
    @Test
    void boundsNeverChangeWhetherAPointIsWithin() {
        SplittableRandom random = new SplittableRandom(11);
        int within = 0;
        int excluded = 0;
        for (int round = 0; round < 4000; round++) {
            double lon = -180 + 360 * random.nextDouble();
            double lat = random.nextInt(4) == 0 ? Math.copySign(80 + 5.05 * random.nextDouble(), random.nextDouble() - 0.5)
                    : -85 + 170 * random.nextDouble();
            double size = Math.pow(10, 7.3 * random.nextDouble());
            GeoShape shape = random.nextBoolean() ? GeoShape.circle(lon, lat, size, 1)
                    : GeoShape.box(lon, lat, size * (0.1 + 2 * random.nextDouble()),
                        size * (0.1 + 2 * random.nextDouble()), 1);
            double reach = shape.reachMeters();
            for (int i = 0; i < 50; i++) {
                // Points around the edge: at a random bearing, at about the reach, half-height or half-width.
                double scale = switch (random.nextInt(3)) {
                    case 0 -> reach;
                    case 1 -> shape.halfHeightMeters();
                    default -> shape.halfWidthMeters();
                };
                double distance = scale * (random.nextBoolean() ? 1 + 1e-7 * random.nextGaussian()
                        : 2 * random.nextDouble());
                double[] point = destination(lon, lat, 2 * Math.PI * random.nextDouble(), distance);
                double expected = shape.exactDistanceIfWithin(point[0], point[1]);
                double actual = shape.distanceIfWithin(point[0], point[1]);
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
                        shape.getClass().getSimpleName() + " around " + lon + "," + lat + " of size " + size
                                + ": " + point[0] + "," + point[1]);
                if (Double.isNaN(expected)) {
                    excluded++;
                } else {
                    within++;
                }
            }
        }
        assertTrue(within > 10000 && excluded > 10000, within + " within, " + excluded + " outside");
    }

    /** The point {@code meters} away from a position on a bearing, on Redis's sphere, clamped to valid ranges. */
    private static double[] destination(double lon, double lat, double bearing, double meters) {
        double angle = meters / GeoDistance.EARTH_RADIUS_METERS;
        double phi = Math.toRadians(lat);
        double lat2 = Math.asin(Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(bearing));
        double lon2 = Math.toRadians(lon) + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(phi),
                Math.cos(angle) - Math.sin(phi) * Math.sin(lat2));
        double lonDegrees = Math.toDegrees(lon2);
        lonDegrees = ((lonDegrees + 540) % 360) - 180;
        return new double[] {lonDegrees, Math.max(-85.05112878, Math.min(85.05112878, Math.toDegrees(lat2)))};
    }
}
