package io.redactor.actors.command;

import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.effects.Effects;
import io.redactor.actors.monitor.Monitors;
import io.redactor.actors.node.CallRecorder;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.ServerContext;
import io.redactor.actors.tracking.Tracking;
import io.redactor.actors.tracking.TrackingScope;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * Runs commands against a keyspace on the calling thread. A bug in a command must not take its partition's
 * data down with it, so any exception becomes an error reply.
 *
 * <p>Every command run here is reported to the node's {@link CallRecorder} (its {@link CommandStatistics}, slow
 * log and latency monitor) with the time it ran: commands at partitions, with partitions reserved, in EXEC and
 * from scripts. A blocking command that blocks is counted when it is answered, with the time of every run (see
 * {@link BlockedClient#ranNanos()}). The errors of commands run in EXEC or by scripts are counted here, where they
 * arise; the client's own command's error is counted where its reply leaves.
 */
public final class CommandRunner {
    private static final Logger log = LoggerFactory.getLogger(CommandRunner.class);

    /** Read-only commands whose own keys are not remembered for tracking: only the commands their scripts run. */
    private static final Set<String> UNTRACKED_READS = Set.of("eval_ro", "evalsha_ro", "fcall_ro");

    private final KeyCall call;
    private final CallRecorder calls;
    private final Tracking tracking;
    private final Monitors monitors;
    /** Runs commands inside another one (EXEC, a script), which is what tracking sees as the client's command. */
    private final boolean nested;

    public CommandRunner(ServerContext server) {
        this(server, false);
    }

    private CommandRunner(ServerContext server, boolean nested) {
        this.call = new KeyCall(server);
        this.calls = server.calls();
        this.tracking = server.tracking();
        this.monitors = server.monitors();
        this.nested = nested;
    }

    /** A runner for the commands of a command that runs others (EXEC, a script), inside its tracking scope. */
    public static CommandRunner nested(ServerContext server) {
        return new CommandRunner(server, true);
    }

    public Reply run(Invocation invocation, Keyspace keyspace, long now) {
        return run(invocation, keyspace, now, null);
    }

    /** Runs a command that may block as {@code blocker}; null when it blocked. */
    public Reply run(Invocation invocation, Keyspace keyspace, long now, BlockedClient blocker) {
        CommandSpec spec = invocation.spec();
        TrackingScope scope = nested ? null : TrackingScope.open(tracking, invocation.client(),
                invocation.fromScript() ? TrackingScope.Kind.SCRIPT_CALL : TrackingScope.Kind.COMMAND,
                invocation.fromScript());
        Reply reply = null;
        // a blocking command is shown once, when first run, not again when it retries after being woken
        boolean firstRun = blocker == null || blocker.request() == null;
        try {
            long started = System.nanoTime();
            reply = execute(spec, spec.keyHandler(), call.bind(invocation, keyspace, now, blocker));
            long nanos = System.nanoTime() - started;
            if (blocker == null) {
                calls.ran(spec, invocation.args(), caller(invocation), nanos, reply);
            } else if (reply == null) {
                blocker.ran(nanos);
            } else {
                calls.ran(spec, invocation.args(), caller(invocation), blocker.ranNanos() + nanos, reply);
            }
            rememberReads(invocation);
            if (nested || invocation.fromScript()) {
                calls.nestedReply(reply);
            }
            if (firstRun && monitors.active()) {
                monitors.executed(spec, invocation.args(), invocation.db(), invocation.client(),
                        invocation.fromScript());
            }
        } finally {
            reply = TrackingScope.close(scope, reply);
        }
        return reply;
    }

    /**
     * Redis's trackingRememberKeys after a read-only command: its keys, for the client that ran it (or whose
     * script did), when the client tracks them.
     */
    private void rememberReads(Invocation invocation) {
        ClientSession client = invocation.client();
        CommandSpec spec = invocation.spec();
        if (client == null || !spec.has(CommandFlag.READONLY) || spec.has(CommandFlag.PUBSUB)
                || !client.tracking().remembersReads() || UNTRACKED_READS.contains(spec.fullName())) {
            return;
        }
        byte[][] args = invocation.args();
        for (int position : spec.keys().find(args)) {
            tracking.remember(args[position], client);
        }
    }

    /** Serves a blocked client from {@code key}, which holds what it waits for. */
    public Reply serve(BlockedClient blocked, byte[] key, Keyspace keyspace, long now) {
        Invocation invocation = blocked.invocation();
        long started = System.nanoTime();
        Reply reply = execute(invocation.spec(), call -> blocked.request().serve().serve(call, key),
                call.bind(invocation, keyspace, now).servingBlocked());
        calls.ran(invocation.spec(), invocation.args(), caller(invocation),
                blocked.ranNanos() + System.nanoTime() - started, reply);
        return reply;
    }

    /** Who the slow log shows as having sent the command: nobody (Redis's Lua client) for a script's call. */
    private static ClientSession caller(Invocation invocation) {
        return invocation.fromScript() ? null : invocation.client();
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
