package io.redactor.actors.data.geo;

/**
 * How far in latitude and in longitude (radians) from a search's centre a point within the shape can be, widened
 * by a margin (a millionth, plus a few micrometres) far beyond the rounding of any of the computations involved:
 * a point outside these bounds is outside the shape by Redis's computation too, and needs no trigonometry.
 *
 * <p>For a circle of angular radius r around latitude φ1, the haversine formula gives hav(r) ≥ hav(Δφ) and
 * hav(r) ≥ cos φ1 cos φ2 hav(Δλ), where cos φ2 is at least its value at the latitude band's edge farther from the
 * equator. A box's longitude test is the distance along the point's own parallel: cos φ2 |sin(Δλ/2)| ≤ sin(w/4R).
 * Shapes too large for these bounds to be well conditioned (a radian, 6,372 km, and more) get none.
 */
final class AngularBounds {
    private static final double RELATIVE_MARGIN = 1e-6;
    private static final double ABSOLUTE_MARGIN = 1e-12;
    private static final double LARGEST_ANGLE = 1;
    /** Longitude bounds only when their sine is at most this: far from where asin is ill conditioned. */
    private static final double LARGEST_SINE = 0.7;
    private static final AngularBounds NONE = new AngularBounds(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    private final double maxLatitude;
    private final double maxLongitude;

    private AngularBounds(double maxLatitude, double maxLongitude) {
        this.maxLatitude = maxLatitude;
        this.maxLongitude = maxLongitude;
    }

    /** A circle of {@code angle} radians around a point at {@code latitude} degrees. */
    static AngularBounds ofCircle(double latitude, double angle) {
        if (!(angle < LARGEST_ANGLE)) {
            return NONE;
        }
        double maxLatitude = widen(angle);
        double half = StrictMath.sin(angle / 2);
        double sine = Math.sqrt(half * half / (StrictMath.cos(GeoDistance.radians(latitude))
                * farthestCosine(latitude, maxLatitude)));
        return new AngularBounds(maxLatitude, longitudeBound(sine));
    }

    /** A box reaching {@code halfHeight} and {@code halfWidth} radians from a point at {@code latitude} degrees. */
    static AngularBounds ofBox(double latitude, double halfHeight, double halfWidth) {
        double maxLatitude = widen(halfHeight);
        if (!(halfWidth < LARGEST_ANGLE)) {
            return new AngularBounds(maxLatitude, Double.POSITIVE_INFINITY);
        }
        double sine = StrictMath.sin(halfWidth / 2) / farthestCosine(latitude, maxLatitude);
        return new AngularBounds(maxLatitude, longitudeBound(sine));
    }

    /** The cosine of the latitude farthest from the equator within {@code band} radians of {@code latitude}. */
    private static double farthestCosine(double latitude, double band) {
        return StrictMath.cos(Math.min(Math.PI / 2, Math.abs(GeoDistance.radians(latitude)) + band));
    }

    /** The longitude difference whose half has this sine, widened; none when too large to be of use. */
    private static double longitudeBound(double sine) {
        return sine <= LARGEST_SINE ? widen(2 * StrictMath.asin(sine)) : Double.POSITIVE_INFINITY;
    }

    private static double widen(double angle) {
        return angle * (1 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN;
    }

    /** Whether a point this far from the centre (radians, either sign) is surely outside the shape. */
    boolean excludes(double longitudeDifference, double latitudeDifference) {
        if (Math.abs(latitudeDifference) > maxLatitude) {
            return true;
        }
        double apart = Math.abs(longitudeDifference);
        if (apart > Math.PI) {
            apart = 2 * Math.PI - apart;
        }
        return apart > maxLongitude;
    }
}
