package io.redactor.actors.command.geo;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.geo.GeoHash;
import io.redactor.actors.data.geo.GeoShape;
import io.redactor.actors.data.zset.SortedSetValue;

/**
 * The arguments of GEORADIUS, GEORADIUSBYMEMBER, their _RO forms, GEOSEARCH and GEOSEARCHSTORE, parsed as Redis's
 * georadiusGeneric parses them: the centre, shape and unit, then the options in any order, each checked as it
 * comes (so a missing FROMMEMBER member or a bad radius is reported before a later syntax error), then the
 * combinations. The source set has been looked up first: a search around a member of a missing key checks less.
 */
final class SearchRequest {
    /** The command's form: where the centre and shape come from, and which options it takes. */
    enum Form {
        GEORADIUS(true, false, true),
        GEORADIUS_RO(true, false, false),
        GEORADIUSBYMEMBER(false, false, true),
        GEORADIUSBYMEMBER_RO(false, false, false),
        GEOSEARCH(false, true, false),
        GEOSEARCHSTORE(false, true, false);

        final boolean fromCoordinates;
        final boolean search;
        final boolean storeOptions;

        Form(boolean fromCoordinates, boolean search, boolean storeOptions) {
            this.fromCoordinates = fromCoordinates;
            this.search = search;
            this.storeOptions = storeOptions;
        }
    }

    private static final CommandError NO_SUCH_MEMBER = new CommandError(Errors.err("could not decode requested zset member"));
    private static final CommandError COUNT_NOT_POSITIVE = new CommandError(Errors.err("COUNT must be > 0"));
    private static final CommandError ANY_WITHOUT_COUNT =
            new CommandError(Errors.err("the ANY argument requires COUNT argument"));
    private static final CommandError SYNTAX = new CommandError(Errors.SYNTAX);

    enum Order { NONE, ASC, DESC }

    private final KeyCall call;
    private final Form form;
    private final SortedSetValue source;

    private double longitude;
    private double latitude;
    private boolean box;
    private double radius;
    private double width;
    private double height;
    private double toMeters;

    boolean withDist;
    boolean withHash;
    boolean withCoord;
    Order order = Order.NONE;
    boolean any;
    /** 0 for no limit. */
    long count;
    /** The destination (STORE, STOREDIST or GEOSEARCHSTORE's), or null. */
    byte[] storeKey;
    boolean storeDist;

    private boolean fromMember;
    private boolean fromLonLat;
    private boolean byRadius;
    private boolean byBox;

    private SearchRequest(KeyCall call, Form form, SortedSetValue source) {
        this.call = call;
        this.form = form;
        this.source = source;
    }

    /** Parses the command's arguments; {@code source} is the looked-up set, null when missing. */
    static SearchRequest parse(KeyCall call, Form form, SortedSetValue source) {
        SearchRequest request = new SearchRequest(call, form, source);
        request.parse();
        return request;
    }

    private void parse() {
        int base;
        if (form.fromCoordinates) {
            base = 6;
            centre(GeoArguments.longitudeLatitude(call.arg(2), call.arg(3)));
            circle(call.arg(4), call.arg(5));
        } else if (!form.search) {
            base = 5;
            if (source != null) {
                centre(memberPosition(call.arg(2)));
                circle(call.arg(3), call.arg(4));
            }
        } else if (form == Form.GEOSEARCHSTORE) {
            base = 3;
            storeKey = call.arg(1);
        } else {
            base = 2;
        }
        for (int i = base; i < call.argc(); i++) {
            i = option(i);
        }
        checkCombinations();
    }

    /** Parses the option at argument {@code i}; returns the index of its last argument. */
    private int option(int i) {
        byte[] arg = call.arg(i);
        int left = call.argc() - i - 1;
        if (Arguments.is(arg, "withdist")) {
            withDist = true;
        } else if (Arguments.is(arg, "withhash")) {
            withHash = true;
        } else if (Arguments.is(arg, "withcoord")) {
            withCoord = true;
        } else if (Arguments.is(arg, "any")) {
            any = true;
        } else if (Arguments.is(arg, "asc")) {
            order = Order.ASC;
        } else if (Arguments.is(arg, "desc")) {
            order = Order.DESC;
        } else if (Arguments.is(arg, "count") && left >= 1) {
            count = Arguments.parseLong(call.arg(++i));
            if (count <= 0) {
                throw COUNT_NOT_POSITIVE;
            }
        } else if ((Arguments.is(arg, "store") || Arguments.is(arg, "storedist")) && left >= 1
                && form.storeOptions) {
            storeDist = Arguments.is(arg, "storedist");
            storeKey = call.arg(++i);
        } else if (Arguments.is(arg, "storedist") && form == Form.GEOSEARCHSTORE) {
            storeDist = true;
        } else if (Arguments.is(arg, "frommember") && left >= 1 && form.search && !fromLonLat) {
            byte[] member = call.arg(++i);
            if (source != null) {
                centre(memberPosition(member));
            }
            fromMember = true;
        } else if (Arguments.is(arg, "fromlonlat") && left >= 2 && form.search && !fromMember) {
            centre(GeoArguments.longitudeLatitude(call.arg(i + 1), call.arg(i + 2)));
            fromLonLat = true;
            i += 2;
        } else if (Arguments.is(arg, "byradius") && left >= 2 && form.search && !byBox) {
            circle(call.arg(i + 1), call.arg(i + 2));
            byRadius = true;
            i += 2;
        } else if (Arguments.is(arg, "bybox") && left >= 3 && form.search && !byRadius) {
            double[] size = GeoArguments.box(call.arg(i + 1), call.arg(i + 2));
            toMeters = GeoArguments.unit(call.arg(i + 3));
            width = size[0];
            height = size[1];
            box = true;
            byBox = true;
            i += 3;
        } else {
            throw SYNTAX;
        }
        return i;
    }

    private void checkCombinations() {
        if (storeKey != null && (withDist || withHash || withCoord)) {
            throw new CommandError(Errors.err((form == Form.GEOSEARCHSTORE ? "GEOSEARCHSTORE"
                    : "STORE option in GEORADIUS") + " is not compatible with WITHDIST, WITHHASH and WITHCOORD options"));
        }
        if (form.search && !(fromMember || fromLonLat)) {
            throw new CommandError(Errors.err("exactly one of FROMMEMBER or FROMLONLAT can be specified for "
                    + Arguments.text(call.arg(0))));
        }
        if (form.search && !(byRadius || byBox)) {
            throw new CommandError(Errors.err("exactly one of BYRADIUS and BYBOX can be specified for "
                    + Arguments.text(call.arg(0))));
        }
        if (any && count == 0) {
            throw ANY_WITHOUT_COUNT;
        }
    }

    private double[] memberPosition(byte[] member) {
        double score = source.score(member);
        if (Double.isNaN(score)) {
            throw NO_SUCH_MEMBER;
        }
        GeoHash.Position position = GeoHash.position(score);
        return new double[] {position.longitude(), position.latitude()};
    }

    private void centre(double[] lonLat) {
        longitude = lonLat[0];
        latitude = lonLat[1];
    }

    /** A radius and its unit: the radius is checked before the unit. */
    private void circle(byte[] radiusArg, byte[] unitArg) {
        double r = GeoArguments.radius(radiusArg);
        toMeters = GeoArguments.unit(unitArg);
        radius = r;
        box = false;
    }

    /** Metres per unit of the search's distances. */
    double toMeters() {
        return toMeters;
    }

    GeoShape shape() {
        return box ? GeoShape.box(longitude, latitude, width, height, toMeters)
                : GeoShape.circle(longitude, latitude, radius, toMeters);
    }
}
