package io.redactor.actors.data.geo;

/**
 * What a geo search looks for: the points within a circle, or within a box aligned with the meridians, around a
 * centre. Sizes are in the search's unit; {@code toMeters} converts them (and distances back).
 *
 * <p>Whether a point is within the shape is Redis's own computation ({@link #distanceIfWithin}), but most of the
 * candidates a search meets are far outside the shape, and for those a cheap test comes first: a point whose
 * latitude or longitude differs from the centre's by more than the shape can span, by a margin far wider than
 * any rounding, is outside whatever the trigonometric functions' last bits say ({@link AngularBounds}).
 */
public abstract sealed class GeoShape {
    final double longitude;
    final double latitude;
    final double toMeters;
    private final double centreLatRadians;
    private final double centreLonRadians;
    private AngularBounds bounds;

    GeoShape(double longitude, double latitude, double toMeters) {
        this.longitude = longitude;
        this.latitude = latitude;
        this.toMeters = toMeters;
        this.centreLatRadians = GeoDistance.radians(latitude);
        this.centreLonRadians = GeoDistance.radians(longitude);
    }

    /** A circle of {@code radius} units. */
    public static GeoShape circle(double longitude, double latitude, double radius, double toMeters) {
        return new Circle(longitude, latitude, radius, toMeters);
    }

    /** A box {@code width} units east-west and {@code height} north-south, centred on the point. */
    public static GeoShape box(double longitude, double latitude, double width, double height, double toMeters) {
        return new Box(longitude, latitude, width, height, toMeters);
    }

    public double longitude() {
        return longitude;
    }

    public double latitude() {
        return latitude;
    }

    /** Metres per unit: 1 for m, 1000 for km, 0.3048 for ft, 1609.34 for mi. */
    public double toMeters() {
        return toMeters;
    }

    /** Half the shape's north-south extent, in metres: the reach of the search boxes towards the poles. */
    abstract double halfHeightMeters();

    /** Half its east-west extent, in metres. */
    abstract double halfWidthMeters();

    /** The distance from the centre to the farthest point of the shape, in metres. */
    abstract double reachMeters();

    /**
     * The distance in metres from the centre to the point if it lies within the shape, else NaN (Redis's
     * geohashGetDistanceIfInRadius and geohashGetDistanceIfInRectangle).
     */
    final double distanceIfWithin(double lon, double lat) {
        if (bounds == null) {
            bounds = angularBounds();
        }
        if (bounds.excludes(GeoDistance.radians(lon) - centreLonRadians, GeoDistance.radians(lat) - centreLatRadians)) {
            return Double.NaN;
        }
        return exactDistanceIfWithin(lon, lat);
    }

    abstract double exactDistanceIfWithin(double lon, double lat);

    /** How far from the centre, in latitude and longitude, a point of the shape can be. */
    abstract AngularBounds angularBounds();

    static final class Circle extends GeoShape {
        private final double radius;

        Circle(double longitude, double latitude, double radius, double toMeters) {
            super(longitude, latitude, toMeters);
            this.radius = radius;
        }

        @Override
        double halfHeightMeters() {
            return toMeters * radius;
        }

        @Override
        double halfWidthMeters() {
            return toMeters * radius;
        }

        @Override
        double reachMeters() {
            return radius * toMeters;
        }

        @Override
        double exactDistanceIfWithin(double lon, double lat) {
            double distance = GeoDistance.between(longitude, latitude, lon, lat);
            return distance > radius * toMeters ? Double.NaN : distance;
        }

        @Override
        AngularBounds angularBounds() {
            return AngularBounds.ofCircle(latitude, radius * toMeters / GeoDistance.EARTH_RADIUS_METERS);
        }
    }

    /** Within the box: no farther north or south than half its height, nor east or west than half its width. */
    static final class Box extends GeoShape {
        private final double width;
        private final double height;

        Box(double longitude, double latitude, double width, double height, double toMeters) {
            super(longitude, latitude, toMeters);
            this.width = width;
            this.height = height;
        }

        @Override
        double halfHeightMeters() {
            return toMeters * (height / 2);
        }

        @Override
        double halfWidthMeters() {
            return toMeters * (width / 2);
        }

        @Override
        double reachMeters() {
            return Math.sqrt((width / 2) * (width / 2) + (height / 2) * (height / 2)) * toMeters;
        }

        @Override
        double exactDistanceIfWithin(double lon, double lat) {
            double heightMeters = height * toMeters;
            if (GeoDistance.alongMeridian(lat, latitude) > heightMeters / 2) {
                return Double.NaN;
            }
            double widthMeters = width * toMeters;
            if (GeoDistance.between(lon, lat, longitude, lat) > widthMeters / 2) {
                return Double.NaN;
            }
            return GeoDistance.between(longitude, latitude, lon, lat);
        }

        @Override
        AngularBounds angularBounds() {
            double r = GeoDistance.EARTH_RADIUS_METERS;
            return AngularBounds.ofBox(latitude, height * toMeters / 2 / r, width * toMeters / 2 / r);
        }
    }
}
