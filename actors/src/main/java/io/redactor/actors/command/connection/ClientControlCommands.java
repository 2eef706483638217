package io.redactor.actors.command.connection;

import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.pause.PauseMode;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SimpleString;

import java.util.List;

/** CLIENT PAUSE, UNPAUSE, REPLY and NO-EVICT: what a client asks of the server's or its own flow of replies. */
final class ClientControlCommands {
    private static final ErrorReply BAD_MODE = Errors.err("CLIENT PAUSE mode must be WRITE or ALL");
    private static final ErrorReply TIMEOUT_NOT_INTEGER = Errors.err("timeout is not an integer or out of range");
    private static final ErrorReply TIMEOUT_NEGATIVE = Errors.err("timeout is negative");
    private static final ErrorReply REPLY_NEEDS_CONNECTION = Errors.err("CLIENT REPLY needs a Redis protocol "
            + "connection: HTTP requests and Java API clients get one reply for each command");
    private static final Reply NO_REPLY = new ReplySequence(List.of());

    private ClientControlCommands() {
    }

    /** CLIENT PAUSE timeout [WRITE|ALL]: the mode is checked first, then the timeout, as in Redis. */
    static Reply pause(ClientCall call) {
        if (call.argc() > 4) {
            return Errors.subcommandSyntax(call.arg(1), "CLIENT");
        }
        PauseMode mode = PauseMode.ALL;
        if (call.argc() == 4) {
            if (Arguments.is(call.arg(3), "write")) {
                mode = PauseMode.WRITE;
            } else if (!Arguments.is(call.arg(3), "all")) {
                return BAD_MODE;
            }
        }
        long timeout = Arguments.parseLong(call.arg(2), TIMEOUT_NOT_INTEGER);
        if (timeout < 0) {
            return TIMEOUT_NEGATIVE;
        }
        // Redis adds the time unchecked: a timeout near the largest integer wraps to the past and pauses nothing
        long until = timeout > 0 ? timeout + System.currentTimeMillis() : 0;
        call.node().server().pause().pause(until, mode);
        return SimpleString.OK;
    }

    static Reply unpause(ClientCall call) {
        call.node().server().pause().unpause();
        return SimpleString.OK;
    }

    /** CLIENT REPLY ON|OFF|SKIP: only ON answers (OK). */
    static Reply reply(ClientCall call) {
        if (call.client().endpoint() instanceof LocalEndpoint) {
            return REPLY_NEEDS_CONNECTION;
        }
        byte[] mode = call.arg(2);
        if (Arguments.is(mode, "on")) {
            call.client().replies().on();
            return SimpleString.OK;
        }
        if (Arguments.is(mode, "off")) {
            call.client().replies().off();
            return NO_REPLY;
        }
        if (Arguments.is(mode, "skip")) {
            call.client().replies().skip();
            return NO_REPLY;
        }
        return Errors.SYNTAX;
    }

    /** CLIENT NO-EVICT ON|OFF: remembered and shown (flag e); Redactor evicts no clients (no maxmemory-clients). */
    static Reply noEvict(ClientCall call) {
        if (Arguments.is(call.arg(2), "on")) {
            call.client().noEvict(true);
        } else if (Arguments.is(call.arg(2), "off")) {
            call.client().noEvict(false);
        } else {
            return Errors.SYNTAX;
        }
        return SimpleString.OK;
    }
}
