package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.data.PartitionData;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG DIGEST-VALUE key ...: per key of the client's database, Redis's signature of its value and expiry (zeros for
 * a missing key), keys whose time has passed included, as Redis looks them up without expiring them.
 */
final class DebugDigestValue implements DebugSubcommand {
    @Override
    public String name() {
        return "digest-value";
    }

    @Override
    public List<String> help() {
        return List.of(
                "DIGEST-VALUE <key> [<key> ...]",
                "    Output a hex signature of the values of all the specified keys.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc >= 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        int db = call.client() == null ? 0 : call.client().db();
        return DebugCommand.withAllPartitions(call, partitions -> {
            DatasetDigest digest = new DatasetDigest();
            List<Reply> digests = new ArrayList<>(call.argc() - 2);
            for (int i = 2; i < call.argc(); i++) {
                digests.add(new SimpleString(digest.value(owner(partitions, db, call.arg(i)), db, call.arg(i))));
            }
            return new ArrayReply(digests);
        });
    }

    /** The partition holding {@code key} in {@code db}, or null when none does. */
    private static PartitionData owner(PartitionData[] partitions, int db, byte[] key) {
        for (PartitionData partition : partitions) {
            if (partition.db(db).peek(key) != null) {
                return partition;
            }
        }
        return null;
    }
}
