package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG SET-ACTIVE-EXPIRE 0|1: turns the partitions' active expiry cycles off or on; keys still expire when touched.
 * The argument is read as C's atoi reads it, as Redis does: any text that does not start with a non-zero number
 * turns it off.
 */
final class DebugSetActiveExpire implements DebugSubcommand {
    @Override
    public String name() {
        return "set-active-expire";
    }

    @Override
    public List<String> help() {
        return List.of(
                "SET-ACTIVE-EXPIRE <0|1>",
                "    Setting it to 0 disables expiring keys in background when they are not",
                "    accessed (otherwise the Redis behavior). Setting it to 1 reenables back the",
                "    default.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        call.node().server().activeExpiry(CNumbers.atoi(call.arg(2)) != 0);
        return DebugCommand.done(SimpleString.OK);
    }
}
