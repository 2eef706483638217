package io.redactor.actors.command.geo;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyCommand;
import io.redactor.actors.command.KeySpec;
import io.redactor.actors.command.geo.SearchRequest.Form;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The geo commands' table entries. Geo sets are sorted sets: the commands share the sorted sets' data. */
public final class GeoCommands {
    private static final KeySpec SOURCE = KeySpec.range(1, 0, 1, "RO", "access");

    private GeoCommands() {
    }

    /** The optional destination of GEORADIUS's STORE or STOREDIST, searched for from {@code startFrom}. */
    private static KeySpec storeKey(String keyword, int startFrom) {
        return new KeySpec(null, List.of("OW", "update"), new KeySpec.Keyword(keyword, startFrom),
                new KeySpec.Range(0, 1, 0));
    }

    /** A read-only command on one key. */
    private static CommandSpec reader(String name, int arity, CommandDoc doc, KeyCommand handler) {
        return command(name, arity).flags(READONLY).acl("geo").keys(1, 1, 1).keySpecs(SOURCE).doc(doc)
                .runsAtKeys(handler).build();
    }

    /** GEORADIUS or GEORADIUSBYMEMBER: a write only through STORE or STOREDIST, whose key may be anywhere. */
    private static CommandSpec radiusWithStore(String name, int arity, CommandDoc doc, KeyCommand handler) {
        int firstOption = -arity;
        return command(name, arity).flags(WRITE, DENYOOM, MOVABLE_KEYS).acl("geo")
                .keys(1, 1, 1, GeoCommands::storeKeyPositions)
                .keySpecs(SOURCE, storeKey("STORE", firstOption), storeKey("STOREDIST", firstOption)).doc(doc)
                .runsAtKeys(handler).build();
    }

    /**
     * The source key and the destination of the last STORE or STOREDIST from argument 5 on (Redis's
     * georadiusGetKeys, which starts at GEORADIUS's unit): where the command runs.
     */
    static int[] storeKeyPositions(byte[][] args) {
        int store = -1;
        for (int i = 5; i < args.length; i++) {
            if ((Arguments.is(args[i], "store") || Arguments.is(args[i], "storedist")) && i + 1 < args.length) {
                store = ++i;
            }
        }
        return store < 0 ? new int[] {1} : new int[] {1, store};
    }

    private static KeyCommand search(Form form) {
        return call -> GeoSearchCommand.search(call, form);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("geoadd", -5).flags(WRITE, DENYOOM).acl("geo").keys(1, 1, 1)
                        .keySpecs(KeySpec.range(1, 0, 1, "RW", "update")).doc(GeoDocs.GEOADD)
                        .runsAtKeys(GeoAddCommand::geoadd).build(),
                reader("geodist", -4, GeoDocs.GEODIST, GeoReadCommands::geodist),
                reader("geohash", -2, GeoDocs.GEOHASH, GeoReadCommands::geohash),
                reader("geopos", -2, GeoDocs.GEOPOS, GeoReadCommands::geopos),
                radiusWithStore("georadius", -6, GeoDocs.GEORADIUS, search(Form.GEORADIUS)),
                radiusWithStore("georadiusbymember", -5, GeoDocs.GEORADIUSBYMEMBER, search(Form.GEORADIUSBYMEMBER)),
                reader("georadius_ro", -6, GeoDocs.GEORADIUS_RO, search(Form.GEORADIUS_RO)),
                reader("georadiusbymember_ro", -5, GeoDocs.GEORADIUSBYMEMBER_RO, search(Form.GEORADIUSBYMEMBER_RO)),
                reader("geosearch", -7, GeoDocs.GEOSEARCH, search(Form.GEOSEARCH)),
                command("geosearchstore", -8).flags(WRITE, DENYOOM).acl("geo").keys(1, 2, 1)
                        .keySpecs(KeySpec.range(1, 0, 1, "OW", "update"), KeySpec.range(2, 0, 1, "RO", "access"))
                        .doc(GeoDocs.GEOSEARCHSTORE).runsAtKeys(search(Form.GEOSEARCHSTORE)).build());
    }
}
