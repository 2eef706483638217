package io.redactor.actors.scripts;

import io.redactor.actors.command.ClientCallRunner;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.pubsub.PublishRefused;
import io.redactor.actors.routing.CommandDispatch;
import io.redactor.actors.routing.Route;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.lua.LuaReplies;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptError;
import io.redactor.lua.ScriptKilledError;
import io.redactor.lua.ScriptRun;
import org.luaj.vm2.LuaValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One async run of a script (EVALASYNC, EVALSHAASYNC, FCALLASYNC, a script subscriber's message): its Lua code
 * runs on a virtual thread of its own, and each {@code redis.call} runs as one atomic command where its keys are,
 * like a client's command, while the script's thread parks until the reply is back. Other clients' commands run
 * between its calls. The caller gets what EVAL would have answered.
 *
 * <p>It can be stopped at any time (SCRIPT ASYNC KILL, the time limit, shutdown): a running script stops at its
 * next poll, a parked one is woken at once. Its calls already made stay made: it was never atomic.
 */
final class AsyncScript implements ScriptContext {
    private static final Logger log = LoggerFactory.getLogger(AsyncScript.class);
    private static final long PUBLISH_WAIT_NANOS = 10_000_000_000L;
    private static final long PUBLISH_RETRY_NANOS = 200_000;

    /** What SCRIPT ASYNC LIST shows a script doing. */
    enum State { QUEUED, RUNNING, WAITING, STOPPING }

    /** Why a script was stopped before its end. */
    enum Stop { KILLED, TIMED_OUT, ABANDONED }

    private final long id;
    private final ScriptRequest request;
    private final NodeServices node;
    private final CommandTable table;
    private final AsyncScriptStats stats;
    private final long timeLimitMillis;
    private final CompletableFuture<Reply> reply = new CompletableFuture<>();
    private final long createdNanos = System.nanoTime();
    private volatile long startedNanos;
    private volatile State state = State.QUEUED;
    private volatile Stop stop;
    private volatile ScriptRun run;
    /** The reply the script's thread waits for now, or null. */
    private volatile CompletableFuture<Reply> awaited;
    /** Calls made; written by the script's thread only. */
    private volatile long calls;
    private final CpuShare cpu = new CpuShare();
    /** Takes the script off SCRIPT ASYNC LIST: before its reply, so its caller never sees it listed after that. */
    private final Runnable unlisted;
    /** Running on the caller's thread (see {@link #runInline()}). */
    private boolean inline;
    private int db;

    AsyncScript(long id, ScriptRequest request, NodeServices node, AsyncScriptStats stats, long timeLimitMillis,
                Runnable unlisted) {
        this.id = id;
        this.unlisted = unlisted;
        this.request = request;
        this.node = node;
        this.table = node.router().table();
        this.stats = stats;
        this.timeLimitMillis = timeLimitMillis;
    }

    long id() {
        return id;
    }

    ScriptRequest request() {
        return request;
    }

    CompletableFuture<Reply> reply() {
        return reply;
    }

    State state() {
        return stop != null ? State.STOPPING : state;
    }

    /** Why it was stopped, or null. */
    Stop stoppedBecause() {
        return stop;
    }

    long calls() {
        return calls;
    }

    long ageMillis() {
        return (System.nanoTime() - createdNanos) / 1_000_000;
    }

    /** Whether it has run longer than the time limit allows (time spent queued does not count). */
    boolean overTimeLimit(long nowNanos) {
        long started = startedNanos;
        return timeLimitMillis > 0 && started != 0 && (nowNanos - started) / 1_000_000 >= timeLimitMillis;
    }

    /**
     * Stops the script: a queued one never starts, a running one stops at its next poll, one waiting for a reply
     * is woken now. The first reason given is the one its caller hears of.
     */
    void stop(Stop reason) {
        if (stop == null) {
            stop = reason;
        }
        ScriptRun current = run;
        if (current != null) {
            current.stop();
        }
        CompletableFuture<Reply> waiting = awaited;
        if (waiting != null) {
            waiting.complete(null);
        }
    }

    /** Runs the script to its end on the calling (virtual) thread and completes {@link #reply()}. */
    void run() {
        startedNanos = System.nanoTime();
        state = State.RUNNING;
        stats.started.increment();
        Reply result;
        try {
            result = execute();
        } catch (Error e) {
            // its caller (a client, or a script subscription waiting to start the next message) still gets a reply
            finish(new ErrorReply("ERR internal error while running a script: " + e));
            throw e;
        }
        finish(result);
    }

    /**
     * Runs a straight-line script (no loops, no functions: its time is bounded) right here, on the caller's thread,
     * as long as it makes no call: a script that only computes is answered without a thread of its own. At its first
     * call (or log line) it stops before doing anything, and this returns false: it must be {@link #run()} on its
     * own thread, from the start. True when it ran to its end; {@link #reply()} is complete then.
     */
    boolean runInline() {
        inline = true;
        try {
            Reply result = execute();
            stats.started.increment();
            finish(result);
            return true;
        } catch (MoveOff moveOff) {
            return false;
        } finally {
            inline = false;
        }
    }

    /** Counts how it ended, then answers (unless the node abandoned it): counted before its caller can ask INFO. */
    private void finish(Reply result) {
        Stop stopped = stop;
        (stopped == null ? stats.completed : stopped == Stop.TIMED_OUT ? stats.timedOut : stats.killed).increment();
        unlisted.run();
        if (stopped != Stop.ABANDONED) {
            reply.complete(result);
        }
    }

    private Reply execute() {
        db = request.db();
        try {
            ScriptRun current = request.runs().newRun(this, request.keys(), request.args());
            run = current;
            if (stop != null) {
                throw new ScriptKilledError();
            }
            LuaValue value = current.execute();
            return stop != null ? stopped(null) : LuaReplies.toReply(value, current.resp());
        } catch (ScriptError e) {
            return new ErrorReply(e.redisMessage(request.name()), e.alreadyCounted());
        } catch (ScriptKilledError e) {
            return stopped(e);
        } catch (RuntimeException | StackOverflowError e) {
            log.error("async script {} failed", request.name(), e);
            return new ErrorReply("ERR internal error while running a script: " + e);
        }
    }

    private ErrorReply stopped(ScriptKilledError e) {
        String where = e == null || e.source() == null || e.line() < 0 ? "" : ", on " + e.source() + ":" + e.line() + ".";
        String why = stop == Stop.TIMED_OUT
                ? "ERR Async script timed out after " + timeLimitMillis + " ms (redactor.scripts.async.time-limit)"
                : "ERR Script killed by user with SCRIPT ASYNC KILL";
        return new ErrorReply(why + "... script: " + request.name() + where);
    }

    // ---- ScriptContext: redis.call and redis.pcall

    @Override
    public void polled() {
        if (inline) {
            throw new MoveOff();
        }
        cpu.poll();
    }

    @Override
    public boolean knowsCommand(byte[][] command) {
        return ScriptCommand.known(table, command);
    }

    @Override
    public boolean aclCheck(byte[][] command) {
        return ScriptCommand.allowed(table, command, request.client());
    }

    @Override
    public void log(int level, String message) {
        if (inline) {
            throw new MoveOff();
        }
        ScriptService.log(level, message);
    }

    @Override
    public LuaValue call(byte[][] command, ScriptRun current) {
        if (inline) {
            throw new MoveOff();
        }
        ScriptCommand checked = ScriptCommand.check(table, command, request.readOnly(),
                node.server().scriptsRunNoscript());
        LuaValue refusal = checked.refusal(node.server());
        if (refusal != null) {
            return refusal;
        }
        if (checked.isSelect()) {
            return LuaReplies.toLua(checked.runSelect(command, selected -> db = selected, node.server()),
                    current.resp());
        }
        int protocol = current.resp();
        long sentAt = System.nanoTime();
        Route route = node.router().routeFromScript(command, db, request.client(), !request.allowOom());
        Reply result = switch (route) {
            case Route.AtPartition r -> await(done -> CommandDispatch.atPartition(node, r.partition(),
                    r.invocation().inScript(protocol), done));
            case Route.AcrossPartitions r -> await(done -> CommandDispatch.acrossPartitions(node, r.partitions(),
                    r.invocation().inScript(protocol), done));
            case Route.AtClient r -> r.spec().fullName().equals("publish") ? publishWhenRoom(r.spec(), r.args())
                    : ClientCallRunner.run(r.spec(), r.args(), request.client(), node, null, true);
            case Route.Rejected r -> {
                node.server().commandStats().rejected(r.spec());
                node.server().calls().nestedReply(r.reply());
                yield r.reply();
            }
        };
        calls++;
        stats.recordCall(System.nanoTime() - sentAt);
        return LuaReplies.toLua(result, protocol);
    }

    /**
     * PUBLISH from an async script waits while a script subscriber of the channel has no room (see
     * {@link io.redactor.actors.pubsub.PubSub#publish}), for up to {@link #PUBLISH_WAIT_NANOS}: a graph of subscribed
     * scripts then slows down at its entry, where clients get the BUSY refusal, instead of failing inside. A cycle of
     * subscriptions that fills up gets the refusal after that wait instead of hanging. Counted in the command
     * statistics with the time of the try that delivered it, or as rejected when refused.
     */
    private Reply publishWhenRoom(CommandSpec spec, byte[][] args) {
        long deadline = System.nanoTime() + PUBLISH_WAIT_NANOS;
        while (true) {
            long started = System.nanoTime();
            try {
                Reply reply = IntegerReply.of(node.server().pubsub().publish(args[1], args[2]));
                node.server().calls().ran(spec, args, null, System.nanoTime() - started, reply);
                return reply;
            } catch (PublishRefused refused) {
                if (System.nanoTime() - deadline > 0) {
                    node.server().commandStats().rejected(spec);
                    return refused.reply();
                }
                if (stop != null) {
                    throw new ScriptKilledError();
                }
                state = State.WAITING;
                LockSupport.parkNanos(PUBLISH_RETRY_NANOS);
                state = State.RUNNING;
            }
        }
    }

    /** Sends a command and parks until its reply is back, or until the script is stopped. */
    private Reply await(Consumer<Consumer<Reply>> send) {
        CompletableFuture<Reply> pending = new CompletableFuture<>();
        awaited = pending;
        if (stop != null) {
            throw new ScriptKilledError();
        }
        send.accept(pending::complete);
        state = State.WAITING;
        Reply result = pending.join();
        awaited = null;
        state = State.RUNNING;
        if (result == null) {
            throw new ScriptKilledError();
        }
        return result;
    }


    /**
     * Unwinds an inline run at its first call, before anything visible happened, so that it runs again on a thread
     * of its own. An Error, so that pcall inside the script cannot catch it.
     */
    private static final class MoveOff extends Error {
        private static final long serialVersionUID = 1L;

        MoveOff() {
            super(null, null, false, false);
        }
    }
}
