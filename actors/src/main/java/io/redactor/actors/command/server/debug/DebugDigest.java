package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** DEBUG DIGEST: Redis's signature of the whole data set, taken with every partition held. */
final class DebugDigest implements DebugSubcommand {
    @Override
    public String name() {
        return "digest";
    }

    @Override
    public List<String> help() {
        return List.of(
                "DIGEST",
                "    Output a hex signature representing the current DB content.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        return DebugCommand.withAllPartitions(call,
                partitions -> new SimpleString(new DatasetDigest().dataset(partitions)));
    }
}
