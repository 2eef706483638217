package io.redactor.actors.command;

import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.effects.Effects;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.ServerContext;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs commands against a keyspace on the calling thread. A bug in a command must not take its partition's
 * data down with it, so any exception becomes an error reply.
 *
 * <p>Every command run here is counted in the node's {@link CommandStatistics} with the time it ran: commands at
 * partitions, with partitions reserved, in EXEC and from scripts. A blocking command that blocks is counted when
 * it is answered, with the time of every run (see {@link BlockedClient#ranNanos()}).
 */
public final class CommandRunner {
    private static final Logger log = LoggerFactory.getLogger(CommandRunner.class);

    private final KeyCall call;
    private final CommandStatistics stats;

    public CommandRunner(ServerContext server) {
        this.call = new KeyCall(server);
        this.stats = server.commandStats();
    }

    public Reply run(Invocation invocation, Keyspace keyspace, long now) {
        return run(invocation, keyspace, now, null);
    }

    /** Runs a command that may block as {@code blocker}; null when it blocked. */
    public Reply run(Invocation invocation, Keyspace keyspace, long now, BlockedClient blocker) {
        CommandSpec spec = invocation.spec();
        long started = System.nanoTime();
        Reply reply = execute(spec, spec.keyHandler(), call.bind(invocation, keyspace, now, blocker));
        long nanos = System.nanoTime() - started;
        if (blocker == null) {
            stats.record(spec, nanos, reply instanceof ErrorReply);
        } else if (reply == null) {
            blocker.ran(nanos);
        } else {
            stats.record(spec, blocker.ranNanos() + nanos, reply instanceof ErrorReply);
        }
        return reply;
    }

    /** Serves a blocked client from {@code key}, which holds what it waits for. */
    public Reply serve(BlockedClient blocked, byte[] key, Keyspace keyspace, long now) {
        Invocation invocation = blocked.invocation();
        long started = System.nanoTime();
        Reply reply = execute(invocation.spec(), call -> blocked.request().serve().serve(call, key),
                call.bind(invocation, keyspace, now));
        stats.record(invocation.spec(), blocked.ranNanos() + System.nanoTime() - started, reply instanceof ErrorReply);
        return reply;
    }

    /**
     * Runs the handler and records its effect: what it chose itself, or else, when it is a write that changed
     * something, its own arguments (Redis propagates a command when it made {@code server.dirty} grow).
     */
    private static Reply execute(CommandSpec spec, KeyCommand handler, KeyCall call) {
        Effects effects = call.keyspace() == null ? null : call.keyspace().effects();
        long before = effects == null ? 0 : effects.dirtyCount();
        try {
            return handler.execute(call);
        } catch (CommandError e) {
            return e.reply();
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            log.error("command {} failed", spec.fullName(), e);
            return new ErrorReply("ERR internal error while running '" + spec.fullName() + "': " + e);
        } finally {
            if (effects != null && !call.propagated() && spec.has(CommandFlag.WRITE)
                    && effects.dirtyCount() != before) {
                effects.record(call.dbIndex(), call.args());
            }
        }
    }
}
