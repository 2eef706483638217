package io.redactor.actors.command.geo;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.decimal;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the geo commands, as Redis 7.0 documents them. */
final class GeoDocs {
    private static final String RADIUS_COMPLEXITY = "O(N+log(M)) where N is the number of elements inside the "
            + "bounding box of the circular area delimited by center and radius and M is the number of items inside "
            + "the index.";
    private static final String SEARCH_COMPLEXITY = "O(N+log(M)) where N is the number of elements in the "
            + "grid-aligned bounding box area around the shape provided as the filter and M is the number of items "
            + "inside the shape";
    private static final String UPPERCASE_UNITS = "Added support for uppercase unit names.";
    private static final String ANY_OPTION = "Added the `ANY` option for `COUNT`.";

    static final CommandDoc GEOADD = doc(
            "Add one or more geospatial items in the geospatial index represented using a sorted set", "3.2.0", "geo",
            "O(log(N)) for each item added, where N is the number of elements in the sorted set.")
            .history("6.2.0", "Added the `CH`, `NX` and `XX` options.")
            .args(key("key", 0),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX")).since("6.2.0").optional(),
                pureToken("change", "CH").since("6.2.0").optional(),
                block("longitude_latitude_member",
                    decimal("longitude"),
                    decimal("latitude"),
                    string("member")).multiple());

    static final CommandDoc GEODIST = doc("Returns the distance between two members of a geospatial index", "3.2.0",
            "geo", "O(log(N))")
            .args(key("key", 0),
                string("member1"),
                string("member2"),
                unit().optional());

    static final CommandDoc GEOHASH = doc("Returns members of a geospatial index as standard geohash strings",
            "3.2.0", "geo",
            "O(log(N)) for each member requested, where N is the number of elements in the sorted set.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc GEOPOS = doc("Returns longitude and latitude of members of a geospatial index", "3.2.0",
            "geo", "O(N) where N is the number of members requested.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc GEORADIUS = doc("Query a sorted set representing a geospatial index to fetch members "
            + "matching a given maximum distance from a point", "3.2.0", "geo", RADIUS_COMPLEXITY)
            .deprecated("6.2.0", "`GEOSEARCH` and `GEOSEARCHSTORE` with the `BYRADIUS` argument")
            .history("6.2.0", ANY_OPTION)
            .history("7.0.0", UPPERCASE_UNITS)
            .args(radiusArguments(true, true));

    static final CommandDoc GEORADIUSBYMEMBER = doc("Query a sorted set representing a geospatial index to fetch "
            + "members matching a given maximum distance from a member", "3.2.0", "geo", RADIUS_COMPLEXITY)
            .deprecated("6.2.0", "`GEOSEARCH` and `GEOSEARCHSTORE` with the `BYRADIUS` and `FROMMEMBER` arguments")
            .history("7.0.0", UPPERCASE_UNITS)
            .args(radiusArguments(false, true));

    static final CommandDoc GEORADIUS_RO = doc("A read-only variant for GEORADIUS", "3.2.10", "geo",
            RADIUS_COMPLEXITY)
            .deprecated("6.2.0", "`GEOSEARCH` with the `BYRADIUS` argument")
            .history("6.2.0", ANY_OPTION)
            .args(radiusArguments(true, false));

    static final CommandDoc GEORADIUSBYMEMBER_RO = doc("A read-only variant for GEORADIUSBYMEMBER", "3.2.10", "geo",
            RADIUS_COMPLEXITY)
            .deprecated("6.2.0", "`GEOSEARCH` with the `BYRADIUS` and `FROMMEMBER` arguments")
            .args(radiusArguments(false, false));

    static final CommandDoc GEOSEARCH = doc("Query a sorted set representing a geospatial index to fetch members "
            + "inside an area of a box or a circle.", "6.2.0", "geo", SEARCH_COMPLEXITY)
            .history("7.0.0", UPPERCASE_UNITS)
            .args(key("key", 0),
                from(),
                by(),
                order(),
                count(false),
                pureToken("withcoord", "WITHCOORD").optional(),
                pureToken("withdist", "WITHDIST").optional(),
                pureToken("withhash", "WITHHASH").optional());

    static final CommandDoc GEOSEARCHSTORE = doc("Query a sorted set representing a geospatial index to fetch "
            + "members inside an area of a box or a circle, and store the result in another key.", "6.2.0", "geo",
            SEARCH_COMPLEXITY)
            .history("7.0.0", UPPERCASE_UNITS)
            .args(key("destination", 0),
                key("source", 1),
                from(),
                by(),
                order(),
                count(false),
                pureToken("storedist", "STOREDIST").optional());

    private GeoDocs() {
    }

    private static CommandDoc.Arg unit() {
        return oneOf("unit",
                pureToken("m", "M"),
                pureToken("km", "KM"),
                pureToken("ft", "FT"),
                pureToken("mi", "MI"));
    }

    /**
     * GEORADIUS's and GEORADIUSBYMEMBER's arguments (from a position or a member), with STORE and STOREDIST but
     * for the _RO forms. GEORADIUS and GEORADIUS_RO date ANY from 6.2.0.
     */
    private static CommandDoc.Arg[] radiusArguments(boolean fromPosition, boolean store) {
        CommandDoc.Arg[] centre = fromPosition
                ? new CommandDoc.Arg[] {decimal("longitude"), decimal("latitude")}
                : new CommandDoc.Arg[] {string("member")};
        CommandDoc.Arg[] common = {decimal("radius"), unit(),
                pureToken("withcoord", "WITHCOORD").optional(),
                pureToken("withdist", "WITHDIST").optional(),
                pureToken("withhash", "WITHHASH").optional(),
                count(fromPosition),
                order()};
        CommandDoc.Arg[] stores = store
                ? new CommandDoc.Arg[] {key("key", 1).token("STORE").optional(),
                    key("key", 2).token("STOREDIST").optional()}
                : new CommandDoc.Arg[0];
        CommandDoc.Arg[] all = new CommandDoc.Arg[1 + centre.length + common.length + stores.length];
        all[0] = key("key", 0);
        System.arraycopy(centre, 0, all, 1, centre.length);
        System.arraycopy(common, 0, all, 1 + centre.length, common.length);
        System.arraycopy(stores, 0, all, 1 + centre.length + common.length, stores.length);
        return all;
    }

    private static CommandDoc.Arg count(boolean anySince62) {
        CommandDoc.Arg any = pureToken("any", "ANY").optional();
        return block("count",
                integer("count").token("COUNT"),
                anySince62 ? any.since("6.2.0") : any).optional();
    }

    private static CommandDoc.Arg order() {
        return oneOf("order",
                pureToken("asc", "ASC"),
                pureToken("desc", "DESC")).optional();
    }

    private static CommandDoc.Arg from() {
        return oneOf("from",
                string("member").token("FROMMEMBER"),
                block("longitude_latitude",
                    decimal("longitude"),
                    decimal("latitude")).token("FROMLONLAT"));
    }

    private static CommandDoc.Arg by() {
        return oneOf("by",
                block("circle",
                    decimal("radius").token("BYRADIUS"),
                    unit()),
                block("box",
                    decimal("width").token("BYBOX"),
                    decimal("height"),
                    unit()));
    }
}
