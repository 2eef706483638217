package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.AccessClock;
import io.redactor.actors.data.Database;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.Values;
import io.redactor.actors.data.list.ListValue;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.partition.Partition;
import io.redactor.core.rdb.RdbValueWriter;
import io.redactor.core.rdb.RdbWriter;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG OBJECT key, in Redis's format: {@code Value at:<address> refcount:<n> encoding:<encoding>
 * serializedlength:<bytes> lru:<clock> lru_seconds_idle:<seconds>}, the length being that of the value as the RDB
 * writer saves it (DUMP's body without its type byte). A list adds Redis's ql_* fields for its pages: how many, the
 * elements per page on average, list-max-listpack-size, whether list-compress-depth compresses, and the elements'
 * packed bytes (as listpacks: a page's elements cost what a listpack's do, plus its header and end). The address is the value's identity hash (a JVM has no stable one). Runs on the key's partition.
 */
final class DebugObject implements DebugSubcommand {
    /** A listpack's header (total bytes, element count) and end byte, around elements packed as pages pack them. */
    private static final int LISTPACK_FRAME = 7;

    @Override
    public String name() {
        return "object";
    }

    @Override
    public List<String> help() {
        return List.of(
                "OBJECT <key>",
                "    Show low level info about `key` and associated value.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        byte[] key = call.arg(2);
        int db = call.client() == null ? 0 : call.client().db();
        RuntimeConfig config = call.node().server().config();
        int partition = call.node().server().partitions().partitionOf(key);
        if (call.keyspace() != null) {
            PartitionData held = (PartitionData) call.keyspace().partition(partition);
            return CompletableFuture.completedFuture(describe(held, db, key, config));
        }
        CompletableFuture<Reply> answer = new CompletableFuture<>();
        call.node().partitions().tell(partition, new Partition.Step(data -> {
            try {
                answer.complete(describe(data, db, key, config));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }));
        return answer;
    }

    /** Like Redis, looks the key up without expiring it. */
    private static Reply describe(PartitionData data, int dbIndex, byte[] key, RuntimeConfig config) {
        Database db = data.db(dbIndex);
        Object value = db.peek(key);
        if (value == null) {
            return Errors.NO_SUCH_KEY;
        }
        long now = System.currentTimeMillis();
        int lru = db.accessBits(key);
        RdbWriter out = new RdbWriter();
        new RdbValueWriter("yes".equals(config.get("rdbcompression")), (int) config.listMaxListpackSize())
                .writeBody(out, RdbValues.toRdb(value));
        StringBuilder text = new StringBuilder("Value at:0x")
                .append(Integer.toHexString(System.identityHashCode(value)))
                .append(" refcount:").append(refcount(value, config))
                .append(" encoding:").append(Values.encoding(value))
                .append(" serializedlength:").append(out.size())
                .append(" lru:").append(lru)
                .append(" lru_seconds_idle:").append(AccessClock.idleSeconds(lru, now));
        if (value instanceof ListValue list) {
            int pages = Math.max(1, list.pageCount());
            text.append(" ql_nodes:").append(list.pageCount())
                    .append(" ql_avg_node:").append(String.format(Locale.ROOT, "%.2f", (double) list.size() / pages))
                    .append(" ql_listpack_max:").append(config.listMaxListpackSize())
                    .append(" ql_compressed:").append("0".equals(config.get("list-compress-depth")) ? 0 : 1)
                    .append(" ql_uncompressed_size:").append(list.packedBytes() + LISTPACK_FRAME * list.pageCount());
        }
        return new SimpleString(text.toString());
    }

    /** As OBJECT REFCOUNT: Redis's shared integers, unless an LRU or LFU policy with maxmemory keeps them apart. */
    private static long refcount(Object value, RuntimeConfig config) {
        String policy = config.maxmemoryPolicy();
        boolean shared = config.maxmemory() == 0 || !(policy.endsWith("-lru") || policy.endsWith("-lfu"));
        return shared && StringValues.isSharedInteger(value) ? Integer.MAX_VALUE : 1;
    }
}
