package io.redactor.actors.command.scripting;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.Reply;

/** SCRIPT ASYNC LIST and SCRIPT ASYNC KILL id. */
final class AsyncScriptCommands {
    private AsyncScriptCommands() {
    }

    static Reply async(ClientCall call) {
        if (Arguments.is(call.arg(2), "list") && call.argc() == 3) {
            return call.node().scripts().asyncList();
        }
        if (Arguments.is(call.arg(2), "kill") && call.argc() == 4) {
            long id = Arguments.parseLong(call.arg(3), Errors.NOT_INTEGER);
            return call.node().scripts().asyncKill(id);
        }
        return Errors.subcommandSyntax(call.arg(1), "SCRIPT");
    }
}
