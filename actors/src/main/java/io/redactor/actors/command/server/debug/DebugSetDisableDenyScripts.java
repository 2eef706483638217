package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG SET-DISABLE-DENY-SCRIPTS 0|1: lets scripts call commands flagged noscript (Redis's test suite uses it to call
 * DEBUG PROTOCOL and CLIENT LIST from scripts). Read with C's atoi, as Redis does; not in DEBUG HELP, as in Redis.
 */
final class DebugSetDisableDenyScripts implements DebugSubcommand {
    @Override
    public String name() {
        return "set-disable-deny-scripts";
    }

    @Override
    public List<String> help() {
        return List.of();
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        call.node().server().scriptsRunNoscript(CNumbers.atoi(call.arg(2)) != 0);
        return DebugCommand.done(SimpleString.OK);
    }
}
