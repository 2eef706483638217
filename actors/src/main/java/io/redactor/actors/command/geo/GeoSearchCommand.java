package io.redactor.actors.command.geo;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.geo.SearchRequest.Form;
import io.redactor.actors.command.zsets.SortedSets;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.geo.GeoMatch;
import io.redactor.actors.data.geo.GeoSearch;
import io.redactor.actors.data.geo.MatchOrder;
import io.redactor.actors.data.zset.SortedSetBuilder;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * GEORADIUS, GEORADIUSBYMEMBER, GEORADIUS_RO, GEORADIUSBYMEMBER_RO, GEOSEARCH and GEOSEARCHSTORE (Redis's
 * georadiusGeneric): the members within a circle or a box, sorted by distance when asked (COUNT without ANY asks
 * for ascending order), replied with their distance, score and position as asked, or stored as a sorted set of
 * their scores or distances. GEOSEARCHSTORE and the STORE options may write to a key of another partition: the
 * command then runs with both partitions reserved.
 */
final class GeoSearchCommand {
    private GeoSearchCommand() {
    }

    /** Runs the search command of the given form. */
    static Reply search(KeyCall call, Form form) {
        Db db = call.db();
        SortedSetValue source = SortedSets.read(db, call.arg(form == Form.GEOSEARCHSTORE ? 2 : 1));
        SearchRequest request = SearchRequest.parse(call, form, source);
        if (source == null) {
            if (request.storeKey == null) {
                return ArrayReply.EMPTY;
            }
            deleteDestination(db, request.storeKey);
            return IntegerReply.ZERO;
        }
        SearchRequest.Order order = request.order;
        if (request.count != 0 && order == SearchRequest.Order.NONE && !request.any) {
            order = SearchRequest.Order.ASC;
        }
        List<GeoMatch> found = GeoSearch.find(source, request.shape(), request.any ? request.count : 0);
        if (found.isEmpty() && request.storeKey == null) {
            return ArrayReply.EMPTY;
        }
        GeoMatch[] matches = found.toArray(new GeoMatch[0]);
        int returned = request.count == 0 || matches.length < request.count ? matches.length : (int) request.count;
        if (order != SearchRequest.Order.NONE) {
            MatchOrder.sort(matches, order == SearchRequest.Order.DESC, returned);
        }
        if (request.storeKey != null) {
            return store(call, db, request, form, matches, returned);
        }
        return reply(request, matches, returned);
    }

    private static Reply reply(SearchRequest request, GeoMatch[] matches, int returned) {
        boolean withOptions = request.withDist || request.withHash || request.withCoord;
        List<Reply> items = new ArrayList<>(returned);
        for (int i = 0; i < returned; i++) {
            GeoMatch match = matches[i];
            BulkString member = new BulkString(match.member());
            if (!withOptions) {
                items.add(member);
                continue;
            }
            List<Reply> item = new ArrayList<>(4);
            item.add(member);
            if (request.withDist) {
                item.add(GeoReplies.distance(match.distance() / request.toMeters()));
            }
            if (request.withHash) {
                item.add(IntegerReply.of((long) match.score()));
            }
            if (request.withCoord) {
                item.add(GeoReplies.coordinates(match.longitude(), match.latitude()));
            }
            items.add(new ArrayReply(item));
        }
        return new ArrayReply(items);
    }

    /**
     * Replaces the destination with the members found, scored by their geohash or (STOREDIST) their distance in
     * the search's unit; with nothing found the destination is deleted instead.
     */
    private static Reply store(KeyCall call, Db db, SearchRequest request, Form form, GeoMatch[] matches,
                               int returned) {
        if (returned == 0) {
            deleteDestination(db, request.storeKey);
            return IntegerReply.ZERO;
        }
        SortedSetBuilder builder = new SortedSetBuilder(returned);
        for (int i = 0; i < returned; i++) {
            GeoMatch match = matches[i];
            if (builder.find(match.member()) < 0) {
                builder.add(match.member(), request.storeDist ? match.distance() / request.toMeters() : match.score());
            }
        }
        SortedSetValue result = builder.build(SortedSets.maxListpackEntries(call), SortedSets.maxListpackValue(call));
        db.set(request.storeKey, result, false);
        db.notify(KeyspaceEvents.ZSET, form.search ? "geosearchstore" : "georadiusstore", request.storeKey);
        db.dirty(returned);
        return IntegerReply.of(returned);
    }

    private static void deleteDestination(Db db, byte[] key) {
        if (db.delete(key)) {
            db.changed(key, KeyspaceEvents.GENERIC, "del");
        }
    }
}
