package io.redactor.actors.command;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.ServerContext;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs commands against a keyspace on the calling thread. A bug in a command must not take its partition's
 * data down with it, so any exception becomes an error reply.
 */
public final class CommandRunner {
    private static final Logger log = LoggerFactory.getLogger(CommandRunner.class);

    private final KeyCall call;

    public CommandRunner(ServerContext server) {
        this.call = new KeyCall(server);
    }

    public Reply run(Invocation invocation, Keyspace keyspace, long now) {
        CommandSpec spec = invocation.spec();
        try {
            return spec.keyHandler().execute(call.bind(invocation, keyspace, now));
        } catch (CommandError e) {
            return e.reply();
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            log.error("command {} failed", spec.fullName(), e);
            return new ErrorReply("ERR internal error while running '" + spec.fullName() + "': " + e);
        }
    }
}
