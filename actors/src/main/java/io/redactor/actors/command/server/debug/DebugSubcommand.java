package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** One DEBUG subcommand: its name, its lines of DEBUG HELP (Redis's wording), the argument counts it takes. */
interface DebugSubcommand {
    /** Lower case, as Redis matches it (case-insensitively). */
    String name();

    List<String> help();

    /**
     * Whether {@code argc} (DEBUG and the subcommand included) is a count this subcommand takes; any other gets
     * Redis's "unknown subcommand or wrong number of arguments" error.
     */
    boolean accepts(int argc);

    CompletionStage<Reply> run(ClientCall call);
}
