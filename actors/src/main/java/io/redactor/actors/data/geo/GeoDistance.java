package io.redactor.actors.data.geo;

/**
 * Distances on Redis's spherical earth: the haversine formula with the earth's quadratic mean radius, in metres,
 * computed in the same order of operations as Redis's geohash_helper.c.
 */
public final class GeoDistance {
    static final double EARTH_RADIUS_METERS = 6372797.560856;
    private static final double DEGREES_TO_RADIANS = Math.PI / 180.0;

    private GeoDistance() {
    }

    static double radians(double degrees) {
        return degrees * DEGREES_TO_RADIANS;
    }

    static double degrees(double radians) {
        return radians / DEGREES_TO_RADIANS;
    }

    /** The great-circle distance between two points, in metres. */
    public static double between(double lon1, double lat1, double lon2, double lat2) {
        double v = Libm.sin((radians(lon2) - radians(lon1)) / 2);
        if (v == 0.0) {
            return alongMeridian(lat1, lat2);
        }
        double lat1r = radians(lat1);
        double lat2r = radians(lat2);
        double u = Libm.sin((lat2r - lat1r) / 2);
        double a = u * u + Libm.cos(lat1r) * Libm.cos(lat2r) * v * v;
        return 2.0 * EARTH_RADIUS_METERS * Libm.asin(Math.sqrt(a));
    }

    /** The distance between two latitudes on one meridian. */
    static double alongMeridian(double lat1, double lat2) {
        return EARTH_RADIUS_METERS * Math.abs(radians(lat2) - radians(lat1));
    }
}
