package io.redactor.actors.command.server;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletionStage;

/** One DEBUG subcommand, in a class of its own; {@link DebugCommand} checks the permission and dispatches. */
interface DebugSubcommand {
    /** Whether DEBUG takes this many arguments (the whole command's) for it; Redis's error otherwise. */
    boolean accepts(int argc);

    CompletionStage<Reply> run(ClientCall call);
}
