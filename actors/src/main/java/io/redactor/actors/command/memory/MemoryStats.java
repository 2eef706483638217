package io.redactor.actors.command.memory;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.data.KeyCounts;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.MemoryReport;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * MEMORY STATS: Redis 7.0's map, in its order, from {@link MemoryReport}; a database appears when it has keys, with
 * its key table's arrays (for expire times and the rest). The allocator's fields are the JVM heap's, as INFO memory
 * gives them.
 */
final class MemoryStats {
    private MemoryStats() {
    }

    static CompletionStage<Reply> stats(ClientCall call) {
        return counts(call).thenApply(counts -> reply(MemoryReport.of(call.node()), counts));
    }

    /** Key counts per database, asked of every partition (or read directly inside EXEC, which holds them all). */
    static CompletionStage<KeyCounts> counts(ClientCall call) {
        if (call.keyspace() != null) {
            return CompletableFuture.completedFuture(KeyCounts.of(call.keyspace(), ThreadLocalRandom.current()));
        }
        return call.node().keyspaceStatistics().collect();
    }

    private static Reply reply(MemoryReport m, KeyCounts counts) {
        List<Reply> map = new ArrayList<>();
        put(map, "peak.allocated", m.peak());
        put(map, "total.allocated", m.used());
        put(map, "startup.allocated", m.startup());
        put(map, "replication.backlog", 0);
        put(map, "clients.slaves", 0);
        put(map, "clients.normal", m.clients());
        put(map, "cluster.links", 0);
        put(map, "aof.buffer", 0);
        put(map, "lua.caches", m.scripts());
        put(map, "functions.caches", 0);
        long keys = 0;
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            keys += counts.keys()[db];
            if (counts.keys()[db] == 0) {
                continue;
            }
            map.add(BulkString.of("db." + db));
            map.add(new MapReply(List.of(
                    BulkString.of("overhead.hashtable.main"), IntegerReply.of(counts.mainTableBytes()[db]),
                    BulkString.of("overhead.hashtable.expires"), IntegerReply.of(counts.expiresTableBytes()[db]),
                    BulkString.of("overhead.hashtable.slot-to-keys"), IntegerReply.of(0))));
        }
        put(map, "overhead.total", m.overhead());
        put(map, "keys.count", keys);
        put(map, "keys.bytes-per-key", keys == 0 ? 0 : (m.used() - m.startup()) / keys);
        put(map, "dataset.bytes", m.dataset());
        map.add(BulkString.of("dataset.percentage"));
        map.add(new DoubleReply(m.datasetPercent()));
        map.add(BulkString.of("peak.percentage"));
        map.add(new DoubleReply(m.peakPercent()));
        put(map, "allocator.allocated", m.heapUsed());
        put(map, "allocator.active", m.heapCommitted());
        put(map, "allocator.resident", m.rss());
        ratio(map, "allocator-fragmentation", m.heapCommitted(), m.heapUsed());
        ratio(map, "allocator-rss", m.rss(), m.heapCommitted());
        ratio(map, "rss-overhead", m.rss(), m.rss());
        map.add(BulkString.of("fragmentation"));
        map.add(new DoubleReply(m.fragmentation()));
        put(map, "fragmentation.bytes", m.heapCommitted() - m.used());
        return new MapReply(map);
    }

    private static void put(List<Reply> map, String name, long value) {
        map.add(BulkString.of(name));
        map.add(IntegerReply.of(value));
    }

    private static void ratio(List<Reply> map, String name, long a, long b) {
        map.add(BulkString.of(name + ".ratio"));
        map.add(new DoubleReply(b == 0 ? 0 : (double) a / b));
        put(map, name + ".bytes", a - b);
    }
}
