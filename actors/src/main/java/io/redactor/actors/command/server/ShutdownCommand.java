package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * SHUTDOWN [NOSAVE|SAVE] [NOW] [FORCE] [ABORT]. On success the server goes away and the client gets no reply,
 * as with Redis. SAVE takes a snapshot first, NOSAVE does not, and without either one is taken when save points
 * are configured; when it fails the server stays up and says so, unless FORCE is given. There are no replicas to
 * wait for, so NOW changes nothing and ABORT always finds no shutdown in progress. While a script is busy only
 * NOSAVE is obeyed, as in Redis.
 */
final class ShutdownCommand {
    private static final Logger log = LoggerFactory.getLogger(ShutdownCommand.class);

    private ShutdownCommand() {
    }

    static CompletionStage<Reply> shutdown(ClientCall call) {
        boolean save = false;
        boolean noSave = false;
        boolean abort = false;
        boolean nowOrForce = false;
        for (int i = 1; i < call.argc(); i++) {
            byte[] opt = call.arg(i);
            if (Arguments.is(opt, "nosave")) {
                noSave = true;
            } else if (Arguments.is(opt, "save")) {
                save = true;
            } else if (Arguments.is(opt, "now") || Arguments.is(opt, "force")) {
                nowOrForce = true;
            } else if (Arguments.is(opt, "abort")) {
                abort = true;
            } else {
                return CompletableFuture.completedFuture(Errors.SYNTAX);
            }
        }
        if ((abort && (save || noSave || nowOrForce)) || (save && noSave)) {
            return CompletableFuture.completedFuture(Errors.SYNTAX);
        }
        if (abort) {
            return CompletableFuture.completedFuture(Errors.err("No shutdown in progress."));
        }
        ErrorReply busy = noSave ? null : call.node().scripts().anyBusy();
        if (busy != null) {
            // as in Redis: only NOSAVE stops a server whose script is busy (a snapshot would wait for the script)
            return CompletableFuture.completedFuture(busy);
        }
        log.info("User requested shutdown...");
        Boolean snapshot = save ? Boolean.TRUE : noSave ? Boolean.FALSE : null;
        boolean force = nowOrForce;
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        call.node().durability().beforeShutdown(snapshot).whenComplete((done, failure) -> {
            if (failure != null && !force) {
                log.warn("Errors trying to shut down the server. Check the logs for more information.");
                reply.complete(Errors.err("Errors trying to SHUTDOWN. Check logs."));
                return;
            }
            // The reply never comes: the node stops and closes every connection.
            call.node().shutdown().shutdown(snapshot);
        });
        return reply;
    }
}
