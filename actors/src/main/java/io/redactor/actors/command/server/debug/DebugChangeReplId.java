package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** DEBUG CHANGE-REPL-ID: a new master_replid, and master_replid2 cleared, as Redis does for its replication tests. */
final class DebugChangeReplId implements DebugSubcommand {
    private static final Logger log = LoggerFactory.getLogger(DebugChangeReplId.class);

    @Override
    public String name() {
        return "change-repl-id";
    }

    @Override
    public List<String> help() {
        return List.of(
                "CHANGE-REPL-ID",
                "    Change the replication IDs of the instance.",
                "    Dangerous: should be used only for testing the replication subsystem.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        log.warn("Changing replication IDs after receiving DEBUG change-repl-id");
        call.node().server().replicationIds().change();
        return DebugCommand.done(SimpleString.OK);
    }
}
