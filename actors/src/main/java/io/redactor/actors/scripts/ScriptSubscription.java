package io.redactor.actors.scripts;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.pubsub.ChannelScript;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.lua.CompiledScript;
import io.redactor.lua.ScriptFlag;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One script subscribed to one channel (SSUBSCRIBE sha channel): every message published there runs the script
 * asynchronously with {@code KEYS = {}} and {@code ARGV = {channel, message}}. With a parallelism of 1 (the default)
 * the messages run one after the other in the order they were published: message n+1 starts once message n's run
 * has ended. With more, up to that many run at once, started in publish order. Messages wait in a backlog of at
 * most {@code backlogLimit}, those running included; PUBLISH is refused while it is full (see
 * {@link io.redactor.actors.pubsub.PubSub#publish}), so no message it accepted is ever lost.
 */
final class ScriptSubscription implements ChannelScript {
    private final CompiledScript script;
    private final byte[] channel;
    private final ClientSession client;
    private final NodeServices node;
    private final AsyncScripts async;
    private final int backlogLimit;
    private final boolean readOnly;
    private final boolean allowOom;
    private final AtomicInteger held = new AtomicInteger();
    private final ConcurrentLinkedQueue<byte[][]> backlog = new ConcurrentLinkedQueue<>();
    private final AtomicInteger running = new AtomicInteger();
    private volatile int parallelism;
    private final LongAdder processed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private volatile String lastError;

    /** {@code client}: the session its runs belong to (a pseudo-client in the subscriber's database). */
    ScriptSubscription(CompiledScript script, byte[] channel, ClientSession client, NodeServices node,
                       AsyncScripts async, int backlogLimit, int parallelism) {
        this.script = script;
        this.channel = channel;
        this.client = client;
        this.node = node;
        this.async = async;
        this.backlogLimit = backlogLimit;
        this.parallelism = parallelism;
        // a script without a shebang declares no flags
        this.readOnly = script.shebang().has(ScriptFlag.NO_WRITES);
        this.allowOom = script.shebang().has(ScriptFlag.ALLOW_OOM);
    }

    String sha() {
        return script.sha();
    }

    byte[] channel() {
        return channel;
    }

    int db() {
        return client.db();
    }

    int parallelism() {
        return parallelism;
    }

    /** A new SSUBSCRIBE of the same script and channel: how many messages may run at once from now on. */
    void setParallelism(int value) {
        parallelism = value;
        startWaiting();
    }

    /** Messages accepted and not yet run to their end. */
    int waiting() {
        return held.get();
    }

    long processed() {
        return processed.sum();
    }

    long failed() {
        return failed.sum();
    }

    /** The error reply of the last failed run, or null. */
    String lastError() {
        return lastError;
    }

    @Override
    public boolean reserve() {
        while (true) {
            int now = held.get();
            if (now >= backlogLimit) {
                return false;
            }
            if (held.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    @Override
    public void cancelReservation() {
        held.decrementAndGet();
    }

    @Override
    public void deliver(byte[] from, byte[] message) {
        backlog.add(new byte[][] {from, message});
        startWaiting();
    }

    @Override
    public String describe() {
        return "script " + script.sha() + " subscribed to channel " + new String(channel, StandardCharsets.UTF_8);
    }

    /**
     * Starts the oldest messages waiting while fewer than {@code parallelism} run. Whoever adds a message or ends a
     * run calls this, so a message never waits while there is room to run it. A run that ended at once (a script that
     * made no call runs on this thread) is counted here and the loop goes on: draining a backlog of those must not
     * nest one call per message, or a long backlog would overflow the stack and leave the subscription stalled.
     */
    private void startWaiting() {
        while (true) {
            int now = running.get();
            if (now >= parallelism || backlog.isEmpty()) {
                return;
            }
            if (!running.compareAndSet(now, now + 1)) {
                continue;
            }
            byte[][] next = backlog.poll();
            if (next == null) {
                running.decrementAndGet();
                continue;
            }
            CompletableFuture<Reply> run = start(next);
            if (run.isDone()) {
                ended(run.getNow(null));
            } else {
                run.whenComplete((reply, failure) -> {
                    ended(reply);
                    startWaiting();
                });
            }
        }
    }

    private CompletableFuture<Reply> start(byte[][] message) {
        ScriptRequest request = new ScriptRequest(client, client.db(), ScriptRequest.Kind.SCRIPT, script.sha(), null,
                List.of(), List.of(message[0], message[1]), readOnly, allowOom, script.straightLine(), script::newRun,
                List.of());
        return async.submit(request, node, null, AsyncScripts.Caller.SUBSCRIPTION);
    }

    private void ended(Reply reply) {
        ran(reply);
        held.decrementAndGet();
        running.decrementAndGet();
    }

    private void ran(Reply reply) {
        processed.increment();
        if (reply instanceof ErrorReply error) {
            failed.increment();
            lastError = error.message();
        }
    }
}
