package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** DEBUG LOADAOF: the data set emptied and loaded again from the append-only files (see Durability). */
final class DebugLoadAof implements DebugSubcommand {
    @Override
    public String name() {
        return "loadaof";
    }

    @Override
    public List<String> help() {
        return List.of(
                "LOADAOF",
                "    Flush the AOF buffers on disk and reload the AOF in memory.");
    }

    @Override
    public boolean accepts(int argc) {
        // Redis does not look at what follows
        return argc >= 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        CompletionStage<Reply> refused = DebugCommand.refusedInTransaction(call);
        return refused != null ? refused : call.node().durability().debugLoadAof();
    }
}
