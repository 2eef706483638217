package io.redactor.actors.data.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Geohashes against values Redis 7.0 gives (GEOADD's scores, GEOPOS's positions, GEOHASH's strings), and the C
 * conversions and wrap-arounds they rely on.
 */
class GeoHashTest {
    @Test
    void scoresAreRedisGeohashes() {
        assertEquals(3479099956230698L, GeoHash.score(13.361389, 38.115556));
        assertEquals(3479447370796909L, GeoHash.score(15.087269, 37.502669));
        assertEquals(0L, GeoHash.score(-180, -85.05112878));
        // The upper limits give slice 2^26: a bit above the 52, as in Redis.
        assertEquals(1L << 53, GeoHash.score(180, -85.05112878));
        assertEquals(3L << 52, GeoHash.score(180, 85.05112878));
    }

    @Test
    void positionsAreCellCentresClampedToTheValidRanges() {
        GeoHash.Position palermo = GeoHash.position(3479099956230698.0);
        assertEquals(Double.parseDouble("13.36138933897018433"), palermo.longitude());
        assertEquals(Double.parseDouble("38.11555639549629859"), palermo.latitude());
        GeoHash.Position corner = GeoHash.position(3L << 52);
        assertEquals(180, corner.longitude());
        assertEquals(85.05112878, corner.latitude());
    }

    @Test
    void textIsTheStandardGeohash() {
        assertEquals("sqc8b49rny0", GeoHash.text(3479099956230698.0));
        assertEquals("sqdtr74hyu0", GeoHash.text(3479447370796909.0));
    }

    @Test
    void scoresConvertToBitsAsCDoesOnX86() {
        assertEquals(1L, GeoHash.bits(1.5));
        assertEquals(-1L, GeoHash.bits(-1));
        assertEquals(-1L, GeoHash.bits(-1.9));
        assertEquals(Long.MIN_VALUE, GeoHash.bits(0x1p63));
        assertEquals(Long.MIN_VALUE | 2048, GeoHash.bits(0x1p63 + 2048));
        assertEquals(0L, GeoHash.bits(0x1p64));
        assertEquals(0L, GeoHash.bits(1e20));
        assertEquals(0L, GeoHash.bits(Double.POSITIVE_INFINITY));
        assertEquals(Long.MIN_VALUE, GeoHash.bits(Double.NEGATIVE_INFINITY));
        assertEquals(Long.MIN_VALUE, GeoHash.bits(-1e30));
        assertEquals(Long.MIN_VALUE, GeoHash.bits(Double.NaN));
    }

    @Test
    void neighboursWrapAroundTheGrid() {
        int step = 2;
        long westEnd = GeoHash.encode(-179, 0, step);
        long eastEnd = GeoHash.encode(179, 0, step);
        assertEquals(eastEnd, GeoHash.neighbour(westEnd, step, -1, 0));
        assertEquals(westEnd, GeoHash.neighbour(eastEnd, step, 1, 0));
        long north = GeoHash.encode(0, 80, step);
        long south = GeoHash.encode(0, -80, step);
        assertEquals(south, GeoHash.neighbour(north, step, 0, 1));
        assertEquals(north, GeoHash.neighbour(south, step, 0, -1));
        long centre = GeoHash.encode(10, 10, 10);
        assertEquals(centre, GeoHash.neighbour(GeoHash.neighbour(centre, 10, 1, 1), 10, -1, -1));
        GeoHash.Cell cell = GeoHash.cell(centre, 10);
        GeoHash.Cell east = GeoHash.cell(GeoHash.neighbour(centre, 10, 1, 0), 10);
        assertEquals(cell.lonMax(), east.lonMin());
        assertEquals(cell.latMin(), east.latMin());
    }

    @Test
    void validCoordinatesAreRedisRanges() {
        assertTrue(GeoHash.isValid(180, 85.05112878));
        assertTrue(GeoHash.isValid(-180, -85.05112878));
        assertFalse(GeoHash.isValid(180.0000001, 0));
        assertFalse(GeoHash.isValid(0, 85.0511288));
        assertFalse(GeoHash.isValid(0, Double.NEGATIVE_INFINITY));
    }
}
