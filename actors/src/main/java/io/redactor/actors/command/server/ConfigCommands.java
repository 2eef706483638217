package io.redactor.actors.command.server;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Help;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.Arrays;

/** CONFIG GET, SET, RESETSTAT and HELP. */
final class ConfigCommands {
    private ConfigCommands() {
    }

    static Reply get(ClientCall call) {
        return call.node().server().config().configGet(Arrays.asList(call.args()).subList(2, call.argc()));
    }

    /** An odd number of arguments is a syntax error there, as in Redis. */
    static Reply set(ClientCall call) {
        return call.node().server().config().configSet(Arrays.asList(call.args()).subList(2, call.argc()));
    }

    static Reply resetstat(ClientCall call) {
        call.node().server().stats().reset();
        call.node().server().commandStats().reset();
        return SimpleString.OK;
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "GET <pattern>",
                "    Return parameters matching the glob-like <pattern> and their values.",
                "SET <directive> <value>",
                "    Set the configuration <directive> to <value>.",
                "RESETSTAT",
                "    Reset statistics reported by the INFO command.");
    }
}
