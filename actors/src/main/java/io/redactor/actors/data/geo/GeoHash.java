package io.redactor.actors.data.geo;

/**
 * Redis's geohashes: a longitude and a latitude each cut into {@code 2^step} slices, the two slice numbers
 * interleaved bit by bit (latitude in the even bits, longitude in the odd ones). A member of a geo set has the
 * 52-bit hash of step 26 as its score, computed over Redis's latitude range, the one of Web Mercator
 * (±85.05112878), rather than the standard ±90.
 *
 * <p>All arithmetic is that of Redis's geohash.c in doubles and unsigned 64-bit integers, so that the same
 * coordinates give the same hashes and cells to the last bit.
 */
public final class GeoHash {
    public static final double LAT_MIN = -85.05112878;
    public static final double LAT_MAX = 85.05112878;
    public static final double LON_MIN = -180;
    public static final double LON_MAX = 180;
    /** 26 bits of each coordinate: the 52 bits of a score. */
    public static final int STEP_MAX = 26;

    private static final long EVEN_BITS = 0x5555555555555555L;
    private static final long ODD_BITS = 0xaaaaaaaaaaaaaaaaL;
    private static final char[] BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz".toCharArray();

    private GeoHash() {
    }

    /** Whether Redis accepts the coordinates (GEOADD, FROMLONLAT and GEORADIUS's centre). */
    public static boolean isValid(double longitude, double latitude) {
        return !(longitude < LON_MIN || longitude > LON_MAX || latitude < LAT_MIN || latitude > LAT_MAX);
    }

    /** The score of a member at these (valid) coordinates: their hash of step 26. */
    public static long score(double longitude, double latitude) {
        return encode(longitude, latitude, STEP_MAX);
    }

    /** The hash of the cell of the given step that holds the (valid) coordinates, over Redis's ranges. */
    static long encode(double longitude, double latitude, int step) {
        return encode(longitude, latitude, step, LAT_MIN, LAT_MAX);
    }

    private static long encode(double longitude, double latitude, int step, double latMin, double latMax) {
        double latOffset = (latitude - latMin) / (latMax - latMin);
        double lonOffset = (longitude - LON_MIN) / (LON_MAX - LON_MIN);
        latOffset *= 1L << step;
        lonOffset *= 1L << step;
        return interleave((long) latOffset, (long) lonOffset);
    }

    private static long interleave(long latSlice, long lonSlice) {
        return Long.expand(latSlice & 0xffffffffL, EVEN_BITS) | Long.expand(lonSlice & 0xffffffffL, ODD_BITS);
    }

    /**
     * The bits of a score, as C converts a double to an unsigned 64-bit integer on x86-64 (the truncation of
     * {@code cvttsd2si}): members added by ZADD may have any score, fractional, negative or huge.
     */
    public static long bits(double score) {
        if (score >= 0x1p63) {
            return truncate(score - 0x1p63) ^ Long.MIN_VALUE;
        }
        return truncate(score);
    }

    /** {@code cvttsd2si}: the "integer indefinite" 2^63 for NaN and values out of range. */
    private static long truncate(double value) {
        return value >= 0x1p63 || value < -0x1p63 || Double.isNaN(value) ? Long.MIN_VALUE : (long) value;
    }

    /** A point: what a score decodes to. */
    public record Position(double longitude, double latitude) {
    }

    /** The centre of a score's cell (step 26), clamped to the valid ranges: where GEOPOS says a member is. */
    public static Position position(double score) {
        long bits = bits(score);
        long latSlice = Long.compress(bits, EVEN_BITS);
        long lonSlice = Long.compress(bits, ODD_BITS);
        double lon = (lower(lonSlice, STEP_MAX, LON_MIN, LON_MAX) + upper(lonSlice, STEP_MAX, LON_MIN, LON_MAX)) / 2;
        double lat = (lower(latSlice, STEP_MAX, LAT_MIN, LAT_MAX) + upper(latSlice, STEP_MAX, LAT_MIN, LAT_MAX)) / 2;
        return new Position(Math.max(LON_MIN, Math.min(LON_MAX, lon)), Math.max(LAT_MIN, Math.min(LAT_MAX, lat)));
    }

    /** A cell of the grid: its hash and step, and the ranges it covers. */
    record Cell(long bits, int step, double lonMin, double lonMax, double latMin, double latMax) {
    }

    /**
     * The cell of a hash. The slices come from all 64 bits (a ZADD score may have more than 52) and the one after
     * the last wraps to slice 0, as C's unsigned 32-bit arithmetic does.
     */
    static Cell cell(long bits, int step) {
        long latSlice = Long.compress(bits, EVEN_BITS);
        long lonSlice = Long.compress(bits, ODD_BITS);
        return new Cell(bits, step, lower(lonSlice, step, LON_MIN, LON_MAX), upper(lonSlice, step, LON_MIN, LON_MAX),
                lower(latSlice, step, LAT_MIN, LAT_MAX), upper(latSlice, step, LAT_MIN, LAT_MAX));
    }

    /** Where a slice of a range begins. */
    private static double lower(long slice, int step, double min, double max) {
        return min + (slice / (double) (1L << step)) * (max - min);
    }

    /** Where a slice ends: where the next begins, slice 2^32 being slice 0. */
    private static double upper(long slice, int step, double min, double max) {
        return lower((slice + 1) & 0xffffffffL, step, min, max);
    }

    /** The lowest score in a cell (inclusive): its hash shifted to 52 bits. */
    static long firstScore(long bits, int step) {
        return bits << (52 - 2 * step);
    }

    /** The cell {@code dx} slices east (west when negative) and {@code dy} north (south) of a cell, wrapping. */
    static long neighbour(long bits, int step, int dx, int dy) {
        return move(move(bits, step, dx, ODD_BITS), step, dy, EVEN_BITS);
    }

    /** Adds or subtracts one to the slice held in the {@code lane} bits, the other lane's bits kept. */
    private static long move(long bits, int step, int d, long lane) {
        if (d == 0) {
            return bits;
        }
        long moving = bits & lane;
        long kept = bits & ~lane;
        long otherLane = ~lane;
        long filler = otherLane >>> (64 - step * 2);
        if (d > 0) {
            moving += filler + 1;
        } else {
            moving = (moving | filler) - (filler + 1);
        }
        return (moving & (lane >>> (64 - step * 2))) | kept;
    }

    /**
     * GEOHASH's text: the 11-character base32 geohash of a score's position, re-encoded over the standard
     * latitude range -90..90 (its 52 bits give 10 characters; the 11th is always '0').
     */
    public static String text(double score) {
        Position position = position(score);
        long standard = encode(position.longitude(), position.latitude(), STEP_MAX, -90, 90);
        char[] text = new char[11];
        for (int i = 0; i < 10; i++) {
            text[i] = BASE32[(int) ((standard >>> (52 - (i + 1) * 5)) & 0x1f)];
        }
        text[10] = BASE32[0];
        return new String(text);
    }
}
