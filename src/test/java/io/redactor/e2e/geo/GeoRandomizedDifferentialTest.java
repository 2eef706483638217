package io.redactor.e2e.geo;

import io.redactor.core.foreign.CFunctions;
import io.redactor.testing.RawClient;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.Marker;
import io.redactor.testing.corpus.RespBytes;
import io.redactor.testing.corpus.Differences;
import io.redactor.testing.corpus.SideBySide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A seeded random geo set and random searches over it, run against a real Redis and Redactor, comparing every
 * reply byte for byte: which members are found (ANY's included, which depend on the order Redis visits its
 * search boxes and members in), their order (equal distances included), distances, hashes and coordinates, and
 * the sets STORE and GEOSEARCHSTORE write. Points are drawn uniformly over the world, in clusters, near the poles
 * and the antimeridian, on a few shared positions (so that distances tie), and at the edges of the valid ranges;
 * searches reach from a metre to thousands of kilometres, as circles and boxes, around points and members.
 */
class GeoRandomizedDifferentialTest {
    private static final String SET = "rg:geo";
    private static final String DESTINATION = "rg:{other}dst";
    private static final String STRING = "rg:str";
    private static final String[] UNITS = {"m", "km", "mi", "ft", "KM"};
    private static final double[] TO_METERS = {1, 1000, 1609.34, 0.3048, 1000};

    private final Differences failures = new Differences();
    private Random random;
    private RawClient redis;
    private RawClient ours;
    private double[][] shared;
    private double[][] clusters;
    private int members;
    private int commands;

    @ParameterizedTest(name = "seed {0}, {1} adds, {2} searches, listpack up to {3}")
    @CsvSource({"1, 150, 800, 128", "2, 800, 1000, 128", "3, 400, 800, 16", "4, 1500, 1200, 128",
            "5, 300, 1000, 1024"})
    void randomSearchesAnswerLikeRedis(long seed, int adds, int searches, int maxEntries) {
        // Full-precision distances (STOREDIST's scores) are Redis's only with the C library's trigonometry.
        assumeTrue(CFunctions.unavailableReason() == null, "geo distances match Redis's to the last bit only with "
                + "native calls (JDK 22+, --enable-native-access): " + CFunctions.unavailableReason());
        random = new Random(seed);
        members = adds * 2;
        shared = new double[8][];
        for (int i = 0; i < shared.length; i++) {
            shared[i] = uniform();
        }
        clusters = new double[3][];
        for (int i = 0; i < clusters.length; i++) {
            clusters[i] = uniform();
        }
        SideBySide.play(List.of(SET, DESTINATION, STRING), Map.of("zset-max-listpack-entries",
                String.valueOf(maxEntries)), client -> client.call("SET", STRING, "not a geo set"), (r, o) -> {
                    redis = r;
                    ours = o;
                    for (int i = 0; i < adds && failures.few(); i++) {
                        geoadd();
                    }
                    for (int i = 0; i < searches && failures.few(); i++) {
                        step();
                    }
                });
        failures.assertNone();
        assertTrue(commands > adds + searches, "the searches ran");
    }

    private void step() {
        int choice = random.nextInt(100);
        if (choice < 55) {
            search();
        } else if (choice < 65) {
            store();
        } else if (choice < 72) {
            geoadd();
        } else if (choice < 76) {
            same(List.of("ZREM", SET, member()));
        } else if (choice < 84) {
            same(List.of("GEODIST", SET, member(), member(), UNITS[random.nextInt(UNITS.length)]));
        } else if (choice < 92) {
            same(List.of("GEOPOS", SET, member(), member(), member()));
        } else if (choice < 96) {
            same(List.of("GEOHASH", SET, member(), member()));
        } else if (choice < 97) {
            same(List.of("OBJECT", "ENCODING", SET));
        } else if (choice < 98) {
            String key = random.nextBoolean() ? STRING : "rg:missing";
            same(List.of("GEOSEARCH", key, "FROMMEMBER", member(), "BYRADIUS", "1", "km"));
            same(List.of("GEOSEARCHSTORE", DESTINATION, key, "FROMLONLAT", "0", "0", "BYBOX", "1", "2", "km"));
        } else {
            same(List.of("HELLO", random.nextBoolean() ? "2" : "3"), EnumSet.of(Marker.ANYINT));
        }
    }

    private void geoadd() {
        List<String> args = new ArrayList<>(List.of("GEOADD", SET));
        switch (random.nextInt(12)) {
            case 0 -> args.add("NX");
            case 1 -> args.add("XX");
            case 2 -> args.add("CH");
            default -> { }
        }
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            double[] point = point();
            args.add(coordinate(point[0]));
            args.add(coordinate(point[1]));
            args.add(member());
        }
        same(args);
    }

    private String member() {
        return "m" + random.nextInt(members);
    }

    /** A position: uniform, clustered, polar, by the antimeridian, shared with other members, or extreme. */
    private double[] point() {
        int kind = random.nextInt(100);
        if (kind < 30) {
            return uniform();
        }
        if (kind < 50) {
            double[] centre = clusters[random.nextInt(clusters.length)];
            double spread = Math.pow(10, -3 + 3 * random.nextDouble());
            return clamp(centre[0] + random.nextGaussian() * spread, centre[1] + random.nextGaussian() * spread);
        }
        if (kind < 62) {
            return new double[] {-180 + 360 * random.nextDouble(),
                (random.nextBoolean() ? 1 : -1) * (80 + 5.05112878 * random.nextDouble())};
        }
        if (kind < 74) {
            return new double[] {(random.nextBoolean() ? 1 : -1) * (179 + random.nextDouble()),
                -80 + 160 * random.nextDouble()};
        }
        if (kind < 94) {
            return shared[random.nextInt(shared.length)].clone();
        }
        double[] lons = {-180, 180, 0, -0.0000001, 179.99999999};
        double[] lats = {-85.05112878, 85.05112878, 0, 0.0000001, -85.0511287};
        return new double[] {lons[random.nextInt(lons.length)], lats[random.nextInt(lats.length)]};
    }

    private double[] uniform() {
        return new double[] {-180 + 360 * random.nextDouble(), -85.05112878 + 170.10225756 * random.nextDouble()};
    }

    private static double[] clamp(double lon, double lat) {
        return new double[] {Math.max(-180, Math.min(180, lon)), Math.max(-85.05112878, Math.min(85.05112878, lat))};
    }

    private static String coordinate(double value) {
        return String.format(Locale.ROOT, "%.12f", value);
    }

    /** A search read back: GEOSEARCH, GEORADIUS, GEORADIUSBYMEMBER or their _RO forms, any options. */
    private void search() {
        List<String> args = new ArrayList<>();
        int form = random.nextInt(6);
        boolean circle = form >= 2 || random.nextInt(5) < 3;
        switch (form) {
            case 0, 1 -> {
                args.addAll(List.of("GEOSEARCH", SET));
                args.addAll(centre());
                args.addAll(shape(circle));
            }
            case 2 -> {
                args.addAll(List.of(random.nextBoolean() ? "GEORADIUS" : "GEORADIUS_RO", SET));
                double[] point = point();
                args.addAll(List.of(coordinate(point[0]), coordinate(point[1])));
                args.addAll(shape(true).subList(1, 3));
            }
            default -> {
                args.addAll(List.of(random.nextBoolean() ? "GEORADIUSBYMEMBER" : "GEORADIUSBYMEMBER_RO", SET,
                        member()));
                args.addAll(shape(true).subList(1, 3));
            }
        }
        List<String> options = options();
        if (random.nextInt(3) > 0) {
            String[] with = {"WITHDIST", "WITHHASH", "WITHCOORD"};
            for (String option : with) {
                if (random.nextBoolean()) {
                    options.add(option);
                }
            }
        }
        Collections.shuffle(options, random);
        args.addAll(options);
        same(args);
    }

    /** GEOSEARCHSTORE, or GEORADIUS's STORE or STOREDIST, then the set written. */
    private void store() {
        List<String> args = new ArrayList<>();
        boolean circle = random.nextInt(5) < 3;
        if (random.nextBoolean()) {
            args.addAll(List.of("GEOSEARCHSTORE", DESTINATION, SET));
            args.addAll(centre());
            args.addAll(shape(circle));
            args.addAll(options());
            if (random.nextBoolean()) {
                args.add("STOREDIST");
            }
        } else {
            args.addAll(List.of("GEORADIUSBYMEMBER", SET, member()));
            args.addAll(shape(true).subList(1, 3));
            args.addAll(options());
            args.addAll(List.of(random.nextBoolean() ? "STORE" : "STOREDIST", DESTINATION));
        }
        same(args);
        same(List.of("ZRANGE", DESTINATION, "0", "-1", "WITHSCORES"));
    }

    private List<String> centre() {
        if (random.nextInt(4) == 0) {
            return List.of("FROMMEMBER", member());
        }
        double[] point = point();
        return List.of("FROMLONLAT", coordinate(point[0]), coordinate(point[1]));
    }

    /** BYRADIUS or BYBOX with sizes from a metre to about 20,000 km (now and then 0), in a random unit. */
    private List<String> shape(boolean circle) {
        int unit = random.nextInt(UNITS.length);
        double size = Math.pow(10, 7.35 * random.nextDouble()) / TO_METERS[unit];
        if (random.nextInt(40) == 0) {
            size = 0;
        }
        if (circle) {
            return List.of("BYRADIUS", number(size), UNITS[unit]);
        }
        return List.of("BYBOX", number(size * (0.2 + 2 * random.nextDouble())),
                number(size * (0.2 + 2 * random.nextDouble())), UNITS[unit]);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.6g", value);
    }

    /** ASC or DESC or neither; COUNT (with ANY now and then) or not. */
    private List<String> options() {
        List<String> options = new ArrayList<>();
        int order = random.nextInt(3);
        if (order > 0) {
            options.add(order == 1 ? "ASC" : "DESC");
        }
        if (random.nextBoolean()) {
            int[] counts = {1, 2, 3, 5, 10, 50, 1000};
            options.add("COUNT");
            options.add(String.valueOf(counts[random.nextInt(counts.length)]));
            if (random.nextInt(3) == 0) {
                options.add("ANY");
            }
        }
        return options;
    }

    private void same(List<String> command) {
        same(command, Set.of());
    }

    private void same(List<String> command, Set<Marker> markers) {
        commands++;
        String difference = Differential.difference(redis, ours, argv(command), markers);
        if (difference != null) {
            failures.add("command " + commands + ": "
                    + RespBytes.show(String.join(" ", command).getBytes(StandardCharsets.UTF_8)) + difference);
        }
    }

    private static byte[][] argv(List<String> command) {
        byte[][] argv = new byte[command.size()][];
        for (int i = 0; i < argv.length; i++) {
            argv[i] = command.get(i).getBytes(StandardCharsets.UTF_8);
        }
        return argv;
    }
}
