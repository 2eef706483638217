package io.redactor.actors.node;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.latency.LatencyMonitor;
import io.redactor.actors.slowlog.SlowLog;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

/**
 * Where a command that ran is reported, once, by whatever ran it (a partition, the client's thread, EXEC, a
 * script, a multi-partition operation), with the time it really ran: its statistics (INFO commandstats and
 * latencystats), the slow log and the latency monitor. Cheap for a fast command: the statistics' recording plus two
 * volatile reads.
 */
public final class CallRecorder {
    private final CommandStatistics stats;
    private final SlowLog slowLog;
    private final LatencyMonitor latency;
    private final ServerStats errors;

    CallRecorder(CommandStatistics stats, SlowLog slowLog, LatencyMonitor latency, ServerStats errors) {
        this.errors = errors;
        this.stats = stats;
        this.slowLog = slowLog;
        this.latency = latency;
    }

    /**
     * {@code spec} ran {@code nanos} nanoseconds with arguments {@code args} (argument 0 the command's name) for
     * {@code client} (null when a script called it: the slow log shows Redis's Lua client then), and answered
     * {@code reply}: a failed call when that is an error (or, for a script, carries errors: see
     * {@link ScriptReplyErrors}). The reply's own error is counted in the error statistics where it leaves (or by
     * {@link #nestedReply}), not here.
     */
    public void ran(CommandSpec spec, byte[][] args, ClientSession client, long nanos, Reply reply) {
        stats.record(spec, nanos, ScriptReplyErrors.failures(spec, reply, errors));
        if (spec.isInternal()) {
            return;
        }
        slowLog.offer(spec, args, client, nanos);
        latency.commandRan(spec, nanos);
    }

    /**
     * The reply of a command EXEC or a script ran: an error is counted in the error statistics here, where it
     * arises, as Redis counts every error reply a command gives, also inside a transaction's reply or caught by a
     * script's {@code redis.pcall}.
     */
    public void nestedReply(Reply reply) {
        if (reply instanceof ErrorReply error) {
            errors.countError(error);
        }
    }
}
