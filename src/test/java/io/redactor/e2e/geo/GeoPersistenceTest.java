package io.redactor.e2e.geo;

import io.redactor.testing.AppendOnlyLog;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.GeoUnit;
import redis.clients.jedis.commands.ProtocolCommand;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Geo sets on a server of their own with an append-only file: GEOADD is logged as the ZADD Redis turns it into
 * (only when it changed something), the stores as themselves; the sets come back from the file and from DEBUG
 * RELOAD's round trip through the RDB file with the same positions and search results.
 */
class GeoPersistenceTest {
    private static final ProtocolCommand DEBUG = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    private TestRedactor start() {
        return TestRedactor.start(Map.of("redactor.redis.dir", dir.toString(), "redactor.redis.appendonly", "yes",
                "redactor.redis.appendfsync", "always", "redactor.redis.enable-debug-command", "yes"));
    }

    @Test
    void writesAreLoggedAsRedisLogsThem() throws Exception {
        try (TestRedactor server = start(); Jedis jedis = server.jedis()) {
            jedis.sendCommand(() -> "GEOADD".getBytes(StandardCharsets.US_ASCII), "sicily", "ch", "13.361389",
                    "38.115556", "Palermo", "15.087269", "37.502669", "Catania");
            jedis.geoadd("sicily", 13.361389, 38.115556, "Palermo");
            jedis.geopos("sicily", "Palermo");
            jedis.georadius("sicily", 15, 37, 200, GeoUnit.KM);
            jedis.sendCommand(() -> "GEORADIUS".getBytes(StandardCharsets.US_ASCII), "sicily", "15", "37", "200",
                    "km", "STORE", "{x}stored");
            jedis.sendCommand(() -> "GEOSEARCHSTORE".getBytes(StandardCharsets.US_ASCII), "{y}stored", "sicily",
                    "FROMMEMBER", "Palermo", "BYRADIUS", "200", "km", "STOREDIST");
            jedis.sendCommand(() -> "GEOSEARCHSTORE".getBytes(StandardCharsets.US_ASCII), "{y}stored", "sicily",
                    "FROMLONLAT", "0", "0", "BYRADIUS", "1", "km");
            assertEquals(List.of(
                    "ZADD sicily ch 3479099956230698 Palermo 3479447370796909 Catania",
                    "GEORADIUS sicily 15 37 200 km STORE {x}stored",
                    "GEOSEARCHSTORE {y}stored sicily FROMMEMBER Palermo BYRADIUS 200 km STOREDIST",
                    "GEOSEARCHSTORE {y}stored sicily FROMLONLAT 0 0 BYRADIUS 1 km"), AppendOnlyLog.lastIncrement(dir.resolve("appendonlydir")));
        }
    }

    @Test
    void setsComeBackFromTheFileAndFromReload() {
        List<String> before;
        try (TestRedactor server = start(); Jedis jedis = server.jedis()) {
            jedis.sendCommand(() -> "GEOADD".getBytes(StandardCharsets.US_ASCII), "places", "13.361389", "38.115556",
                    "Palermo", "15.087269", "37.502669", "Catania", "180", "85.05112878", "corner", "-0.0001", "0",
                    "origin");
            before = snapshot(jedis);
            assertEquals("OK", new String((byte[]) jedis.sendCommand(DEBUG, "RELOAD"), StandardCharsets.UTF_8));
            assertEquals(before, snapshot(jedis));
        }
        try (TestRedactor server = start(); Jedis jedis = server.jedis()) {
            assertEquals(before, snapshot(jedis));
        }
    }

    /** What the set's members, positions, hashes and a search say. */
    private static List<String> snapshot(Jedis jedis) {
        return List.of(
                String.valueOf(jedis.zrangeWithScores("places", 0, -1)),
                positions(jedis),
                String.valueOf(jedis.geohash("places", "Palermo", "Catania", "corner", "origin")),
                String.valueOf(jedis.geodist("places", "Palermo", "Catania", GeoUnit.KM)));
    }

    private static String positions(Jedis jedis) {
        StringBuilder text = new StringBuilder();
        jedis.geopos("places", "Palermo", "Catania", "corner", "origin")
                .forEach(p -> text.append(p.getLongitude()).append(',').append(p.getLatitude()).append(' '));
        return text.toString();
    }
}
