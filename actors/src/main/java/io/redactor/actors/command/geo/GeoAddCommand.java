package io.redactor.actors.command.geo;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.command.zsets.AddCommands;
import io.redactor.actors.data.geo.GeoHash;
import io.redactor.actors.effects.Effects;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;

/**
 * GEOADD key [NX|XX] [CH] longitude latitude member...: as in Redis, ZADD of each member with its position's
 * 52-bit geohash as the score, which is also what it replicates and logs (ZADD's notification "zadd" included).
 */
final class GeoAddCommand {
    private static final byte[] ZADD = "zadd".getBytes(StandardCharsets.US_ASCII);

    private GeoAddCommand() {
    }

    static Reply geoadd(KeyCall call) {
        int flags = 0;
        int first = 2;
        for (; first < call.argc(); first++) {
            byte[] option = call.arg(first);
            if (Arguments.is(option, "nx")) {
                flags |= AddCommands.NX;
            } else if (Arguments.is(option, "xx")) {
                flags |= AddCommands.XX;
            } else if (Arguments.is(option, "ch")) {
                flags |= AddCommands.CH;
            } else {
                break;
            }
        }
        int remaining = call.argc() - first;
        if (remaining % 3 != 0 || (flags & (AddCommands.NX | AddCommands.XX)) == (AddCommands.NX | AddCommands.XX)) {
            return Errors.SYNTAX;
        }
        long[] hashes = new long[remaining / 3];
        double[] scores = new double[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            double[] lonLat = GeoArguments.longitudeLatitude(call.arg(first + 3 * i), call.arg(first + 3 * i + 1));
            hashes[i] = GeoHash.score(lonLat[0], lonLat[1]);
            // ZADD parses the score Redis writes as text: the nearest double, should the hash need 54 bits.
            scores[i] = hashes[i];
        }
        if (hashes.length == 0) {
            return Errors.SYNTAX;
        }
        Effects effects = call.logging() ? call.keyspace().effects() : null;
        long changesBefore = effects == null ? 0 : effects.dirtyCount();
        Reply reply = AddCommands.addScores(call, flags, scores, first + 2, 3);
        if (effects != null && effects.dirtyCount() != changesBefore) {
            call.propagate(asZadd(call, first, hashes));
        }
        return reply;
    }

    /** The ZADD Redis turns the command into: key, options as given, then each score and member. */
    private static byte[][] asZadd(KeyCall call, int first, long[] hashes) {
        byte[][] argv = new byte[first + 2 * hashes.length][];
        argv[0] = ZADD;
        for (int i = 1; i < first; i++) {
            argv[i] = call.arg(i);
        }
        for (int i = 0; i < hashes.length; i++) {
            argv[first + 2 * i] = Propagation.number(hashes[i]);
            argv[first + 2 * i + 1] = call.arg(first + 3 * i + 2);
        }
        return argv;
    }
}
