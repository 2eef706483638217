package io.redactor.actors.scripts;

import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The node's async scripts: admission (at most {@code max-running} run at once, at most {@code max-queued} wait
 * for a place, the rest are refused with a BUSY error), the scripts SCRIPT ASYNC LIST shows and SCRIPT ASYNC KILL
 * stops, the time limit, and their statistics. Each running script has a virtual thread of its own: one waiting for
 * a reply holds no OS thread, so thousands can wait at once on a few carrier threads.
 */
public final class AsyncScripts {
    static final ErrorReply FULL = new ErrorReply(
            "BUSY Too many async scripts running and queued, try again later (redactor.scripts.async)");
    static final ErrorReply NO_SUCH_SCRIPT = new ErrorReply("ERR No such async script");

    /**
     * Who runs a script. A client is refused when the queue is full, and its script runs on {@code clientThreads}; a
     * script subscription is queued anyway (its own backlog is bounded) and runs on {@code subscriptionThreads}.
     */
    enum Caller { CLIENT, SUBSCRIPTION }

    private final ScriptSettings settings;
    /** Virtual threads for clients' scripts, and for script subscriptions'. */
    private final ThreadFactory clientThreads;
    private final ThreadFactory subscriptionThreads;
    private final AsyncScriptStats stats = new AsyncScriptStats();
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, AsyncScript> scripts = new ConcurrentHashMap<>();
    private final ReentrantLock admission = new ReentrantLock();
    private final ArrayDeque<Start> queue = new ArrayDeque<>();
    private int running;

    /**
     * A script admitted to run, with the lock of its function's library (null for scripts) and the threads it runs
     * on.
     */
    private record Start(AsyncScript script, Lock exclusive, ThreadFactory threads) {
    }

    AsyncScripts(ScriptSettings settings, ThreadFactory clientThreads, ThreadFactory subscriptionThreads) {
        this.settings = settings;
        this.clientThreads = clientThreads;
        this.subscriptionThreads = subscriptionThreads;
    }

    /**
     * Admits {@code request} to run asynchronously; completes with its reply (or the refusal). A straight-line script
     * that makes no call is answered at once, on the caller's thread.
     */
    CompletableFuture<Reply> submit(ScriptRequest request, NodeServices node, Lock exclusive, Caller caller) {
        long id = ids.incrementAndGet();
        AsyncScript script = new AsyncScript(id, request, node, stats, settings.asyncTimeLimit().toMillis(),
                () -> scripts.remove(id));
        if (request.straightLine() && exclusive == null && script.runInline()) {
            return script.reply();
        }
        Start start = new Start(script, exclusive, caller == Caller.SUBSCRIPTION ? subscriptionThreads : clientThreads);
        boolean now;
        admission.lock();
        try {
            if (running < settings.maxRunningAsync()) {
                running++;
                now = true;
            } else if (queue.size() < settings.maxQueuedAsync() || caller == Caller.SUBSCRIPTION) {
                queue.add(start);
                now = false;
            } else {
                stats.rejected.increment();
                return CompletableFuture.completedFuture(FULL);
            }
            scripts.put(script.id(), script);
        } finally {
            admission.unlock();
        }
        if (now) {
            launch(start);
        }
        return script.reply();
    }

    private void launch(Start start) {
        start.threads().newThread(() -> {
            try {
                if (start.exclusive() != null) {
                    start.exclusive().lock();
                    try {
                        start.script().run();
                    } finally {
                        start.exclusive().unlock();
                    }
                } else {
                    start.script().run();
                }
            } finally {
                finished(start.script());
            }
        }).start();
    }

    /** A script ended: its place goes to the next one waiting. (It left the list before its reply, unless it failed.) */
    private void finished(AsyncScript script) {
        scripts.remove(script.id());
        Start next;
        admission.lock();
        try {
            next = queue.poll();
            if (next == null) {
                running--;
            }
        } finally {
            admission.unlock();
        }
        if (next != null) {
            launch(next);
        }
    }

    /** SCRIPT ASYNC KILL. */
    Reply kill(long id) {
        AsyncScript script = scripts.get(id);
        if (script == null) {
            return NO_SUCH_SCRIPT;
        }
        script.stop(AsyncScript.Stop.KILLED);
        return SimpleString.OK;
    }

    /**
     * SCRIPT ASYNC LIST: one map per script, oldest first: id, sha (or function name), client id, age in ms, calls
     * made, state.
     */
    Reply list() {
        List<AsyncScript> all = new ArrayList<>(scripts.values());
        all.sort(Comparator.comparingLong(AsyncScript::id));
        List<Reply> entries = new ArrayList<>(all.size());
        for (AsyncScript script : all) {
            ScriptRequest request = script.request();
            entries.add(new MapReply(List.of(
                    BulkString.of("id"), IntegerReply.of(script.id()),
                    BulkString.of(request.kind() == ScriptRequest.Kind.FUNCTION ? "function" : "sha"),
                    BulkString.of(request.name()),
                    BulkString.of("client"), IntegerReply.of(request.client() == null ? 0 : request.client().id()),
                    BulkString.of("age-ms"), IntegerReply.of(script.ageMillis()),
                    BulkString.of("calls"), IntegerReply.of(script.calls()),
                    BulkString.of("state"), BulkString.of(script.state().name().toLowerCase(Locale.ROOT)))));
        }
        return new ArrayReply(entries);
    }

    /** Stops the scripts past the time limit (the server cron calls this). */
    void enforceTimeLimit() {
        if (settings.asyncTimeLimit().isZero()) {
            return;
        }
        long now = System.nanoTime();
        for (AsyncScript script : scripts.values()) {
            if (script.overTimeLimit(now)) {
                script.stop(AsyncScript.Stop.TIMED_OUT);
            }
        }
    }

    /** The node is going down: every script stops, unanswered; queued ones never start. */
    void stopAll() {
        scripts.values().forEach(script -> script.stop(AsyncScript.Stop.ABANDONED));
    }

    /** INFO's scripts section, async part. */
    void info(Map<String, Object> fields, long callsPerSecond) {
        int queued;
        int runningNow;
        admission.lock();
        try {
            queued = queue.size();
            runningNow = running;
        } finally {
            admission.unlock();
        }
        fields.put("async_scripts_running", runningNow);
        fields.put("async_scripts_queued", queued);
        fields.put("async_scripts_started", stats.started.sum());
        fields.put("async_scripts_completed", stats.completed.sum());
        fields.put("async_scripts_rejected", stats.rejected.sum());
        fields.put("async_scripts_killed", stats.killed.sum());
        fields.put("async_scripts_timed_out", stats.timedOut.sum());
        fields.put("async_scripts_max_running", settings.maxRunningAsync());
        fields.put("async_scripts_max_queued", settings.maxQueuedAsync());
        fields.put("async_script_calls", stats.calls.sum());
        fields.put("async_script_calls_per_sec", callsPerSecond);
        double[] percentiles = stats.callLatencyMicros(50, 99, 99.9);
        fields.put("async_script_call_latency_usec",
                String.format(Locale.ROOT, "p50=%.0f,p99=%.0f,p99.9=%.0f", percentiles[0], percentiles[1],
                        percentiles[2]));
    }

    long totalCalls() {
        return stats.calls.sum();
    }
}
