package io.redactor.actors.durability;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.effects.EffectUnit;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.persistence.aof.AppendLog;
import io.redactor.persistence.aof.DurabilityWaiter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * DEBUG LOADAOF, as Redis does it: what is appended is written out first, then the data set and the function
 * libraries are emptied and the files the manifest on disk names are replayed, as at start-up (clients get
 * {@code -LOADING} meanwhile); the replay is neither logged again nor counted as changes. Where Redis exits (no file
 * to load, a corrupt one), Redactor answers an error and keeps running.
 */
final class AofReload {
    private static final Logger log = LoggerFactory.getLogger(AofReload.class);
    private static final long FLUSH_TIMEOUT_SECONDS = 30;

    private final NodeServices node;
    private final EffectLog effects;
    private final DataLoader loader;
    private final RdbSnapshots rdb;

    AofReload(NodeServices node, EffectLog effects, DataLoader loader, RdbSnapshots rdb) {
        this.node = node;
        this.effects = effects;
        this.loader = loader;
        this.rdb = rdb;
    }

    CompletionStage<Reply> start() {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        Thread.ofPlatform().name("debug-loadaof").daemon(true).start(() -> reply.complete(reload()));
        return reply;
    }

    private Reply reload() {
        AppendLog current = effects.appendLog();
        try {
            if (current != null) {
                written(current);
            }
            effects.attach(null);
            node.server().tracking().flushed();
            DataLoader.Loaded loaded = loader.reloadAppendOnly(node, this::empty);
            if (loaded == null) {
                return new ErrorReply("ERR No append only file to load: the AOF manifest names no file");
            }
            rdb.forgetChanges();
            log.warn("Append Only File loaded by DEBUG LOADAOF");
            return SimpleString.OK;
        } catch (DataLoader.LoadFailure e) {
            log.warn("DEBUG LOADAOF could not load the append only file: {}", e.getMessage());
            return new ErrorReply("ERR " + e.getMessage());
        } finally {
            effects.attach(current);
        }
    }

    /** Redis's flushAppendOnlyFile(1): waits until everything appended so far is written to the file. */
    private static void written(AppendLog appendLog) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        boolean waiting = appendLog.whenDurable(appendLog.appendedLsn(), new DurabilityWaiter() {
            @Override
            public void durable() {
                done.complete(null);
            }

            @Override
            public void failed(String reason) {
                done.complete(null);
            }
        });
        if (!waiting) {
            return;
        }
        try {
            done.get(FLUSH_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("DEBUG LOADAOF: the append only file was not written out in time: {}", e.toString());
        }
    }

    /** Empties every database and the function libraries, with every partition held; counted nowhere. */
    private void empty() {
        AllPartitions.read(node, partitions -> {
            EffectUnit uncounted = new EffectUnit(new EffectLog());
            for (PartitionData partition : partitions) {
                uncounted.hold(partition.effects());
            }
            try {
                for (PartitionData partition : partitions) {
                    for (int db = 0; db < Keyspace.DATABASES; db++) {
                        partition.db(db).clear();
                    }
                }
                node.scripts().functions().flush();
            } finally {
                uncounted.commit();
            }
            return SimpleString.OK;
        }).toCompletableFuture().join();
    }
}
