package io.redactor.actors.durability;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.effects.EffectUnit;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.persistence.FileInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG RELOAD's flush and load: with every partition held (no other command runs meanwhile, as in Redis, which
 * blocks while it reloads), the data set and the function libraries are emptied (unless NOFLUSH) and the RDB file
 * loaded straight into the partitions' data (keys already there replaced with MERGE).
 */
final class DebugReload extends AllPartitions.Holder {
    private static final Logger log = LoggerFactory.getLogger(DebugReload.class);
    private static final ErrorReply FAILED = new ErrorReply("ERR Error trying to load the RDB dump");

    private final NodeServices node;
    private final Path file;
    private final boolean flush;
    private final boolean merge;
    private final CompletableFuture<Reply> reply = new CompletableFuture<>();

    DebugReload(NodeServices node, Path file, boolean flush, boolean merge) {
        this.node = node;
        this.file = file;
        this.flush = flush;
        this.merge = merge;
    }

    CompletionStage<Reply> start() {
        AllPartitions.hold(node, this);
        return reply;
    }

    @Override
    public void granted(Reservation.Grant grant) {
        // the load takes a while: not on the granting partition's event loop
        Thread.ofPlatform().name("debug-reload").daemon(true).start(() -> {
            try {
                reply.complete(reload(grant.data()));
            } finally {
                AllPartitions.release(node, grant);
            }
        });
    }

    private Reply reload(PartitionData[] data) {
        // Redis neither counts a reload as changes nor logs it: what the partitions record meanwhile goes to a
        // unit of a log of its own, dropped afterwards
        EffectUnit uncounted = new EffectUnit(new EffectLog());
        for (PartitionData partition : data) {
            uncounted.hold(partition.effects());
        }
        try {
            return flushAndLoad(data);
        } finally {
            uncounted.commit();
        }
    }

    private Reply flushAndLoad(PartitionData[] data) {
        if (flush) {
            // Redis's emptyData: every tracking client is told that all its keys are invalid
            node.server().tracking().flushed();
            for (PartitionData partition : data) {
                for (int db = 0; db < Keyspace.DATABASES; db++) {
                    partition.db(db).clear();
                }
            }
            node.scripts().functions().flush();
        }
        try (FileInput in = FileInput.open(file)) {
            RdbLoader.into(node, data, merge).load(in, Files.size(file), bytes -> { });
            log.warn("DB reloaded by DEBUG RELOAD");
            return SimpleString.OK;
        } catch (IOException | RdbLoader.Corrupt e) {
            log.warn("DEBUG RELOAD could not load {}: {}", file, e.getMessage());
            return FAILED;
        }
    }

    @Override
    public void refused(ErrorReply reason) {
        reply.complete(reason);
    }
}
