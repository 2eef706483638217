package io.redactor.actors.command.geo;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.zsets.SortedSets;
import io.redactor.actors.data.geo.GeoDistance;
import io.redactor.actors.data.geo.GeoHash;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** GEOPOS, GEOHASH and GEODIST: what the scores of given members say about them. */
final class GeoReadCommands {
    private GeoReadCommands() {
    }

    /** GEOPOS key member...: [longitude, latitude] of each member, a null array for a missing one. */
    static Reply geopos(KeyCall call) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        List<Reply> positions = new ArrayList<>(call.argc() - 2);
        for (int i = 2; i < call.argc(); i++) {
            double score = set == null ? Double.NaN : set.score(call.arg(i));
            if (Double.isNaN(score)) {
                positions.add(NullReply.NULL_ARRAY);
            } else {
                GeoHash.Position position = GeoHash.position(score);
                positions.add(GeoReplies.coordinates(position.longitude(), position.latitude()));
            }
        }
        return new ArrayReply(positions);
    }

    /** GEOHASH key member...: the standard 11-character geohash of each member, a null for a missing one. */
    static Reply geohash(KeyCall call) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        List<Reply> hashes = new ArrayList<>(call.argc() - 2);
        for (int i = 2; i < call.argc(); i++) {
            double score = set == null ? Double.NaN : set.score(call.arg(i));
            hashes.add(Double.isNaN(score) ? NullReply.NULL_BULK
                    : new BulkString(GeoHash.text(score).getBytes(StandardCharsets.US_ASCII)));
        }
        return new ArrayReply(hashes);
    }

    /** GEODIST key member1 member2 [unit]: null when the key or a member is missing. */
    static Reply geodist(KeyCall call) {
        double toMeters = 1;
        if (call.argc() == 5) {
            toMeters = GeoArguments.unit(call.arg(4));
        } else if (call.argc() > 5) {
            throw new CommandError(Errors.SYNTAX);
        }
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        if (set == null) {
            return NullReply.NULL_BULK;
        }
        double score1 = set.score(call.arg(2));
        double score2 = Double.isNaN(score1) ? Double.NaN : set.score(call.arg(3));
        if (Double.isNaN(score2)) {
            return NullReply.NULL_BULK;
        }
        GeoHash.Position a = GeoHash.position(score1);
        GeoHash.Position b = GeoHash.position(score2);
        return GeoReplies.distance(GeoDistance.between(a.longitude(), a.latitude(), b.longitude(), b.latitude())
                / toMeters);
    }
}
