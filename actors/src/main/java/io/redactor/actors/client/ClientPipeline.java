package io.redactor.actors.client;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.command.Placement;
import io.redactor.actors.command.TimedReply;
import io.redactor.actors.command.transactions.ExecAbort;
import io.redactor.actors.command.transactions.Watching;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Batch;
import io.redactor.actors.pause.PauseMode;
import io.redactor.actors.pause.PausedCommands;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.routing.CommandDispatch;
import io.redactor.actors.routing.Route;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.ArgsMemory;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * Runs one client's commands so that they take effect in the order the client sent them, pipelined or not,
 * and answers in that order.
 *
 * <p>Consecutive single-partition commands travel together as one {@link Batch} that relays itself from
 * partition to partition in order. While a batch is out, more commands may follow only if everything out is
 * for one partition and so are they (that partition runs its messages in order); anything else waits for the
 * replies. Commands that run in the client's context or reserve several partitions wait for everything before
 * them to complete. Confined to one thread: the client's {@code executor} (a Netty event loop for RESP
 * clients), which also receives the completions.
 *
 * <p>Command statistics: commands running in the client's context are counted here with the time they ran (an
 * asynchronous one from its start to its reply, less what it waited for partitions: {@link TimedReply}); commands
 * refused here (wrong arity, not allowed inside MULTI or in subscriber mode) count as rejected calls. Commands at
 * partitions are counted where they run ({@link io.redactor.actors.command.CommandRunner}).
 *
 * <p>What a client can make the server hold is bounded. Reading pauses (TCP backpressure) while more than
 * {@code pauseAbove} commands are received and unanswered (waiting here or running), or while they hold more than
 * half the input limit (client-query-buffer-limit for RESP clients; their arguments as the JVM holds them,
 * {@link ArgsMemory}). A client whose unanswered commands, or whose MULTI queue, hold more than the limit is
 * dropped at once without a reply ({@link Output#drop}), as Redis drops a client over its query buffer limit.
 */
public final class ClientPipeline implements Subscriber {
    private static final int MAX_BATCH = 64;
    private static final byte[][] NO_ARGS = new byte[0][];
    private static final ErrorReply NOT_IN_TRANSACTION = new ErrorReply("ERR Command not allowed inside a transaction");
    private static final Set<String> TRANSACTION_CONTROL =
            Set.of("exec", "discard", "multi", "watch", "quit", "reset");
    private static final Set<String> SUBSCRIBER_MODE_COMMANDS = Set.of("subscribe", "unsubscribe",
            "psubscribe", "punsubscribe", "ssubscribe", "sunsubscribe", "ping", "quit", "reset");
    /** {@link #target} when nothing is out or being built. */
    private static final int NONE = -1;
    /** {@link #target} when what is out spans partitions, reserves them, or runs elsewhere. */
    private static final int MIXED = -2;

    private final ClientSession session;
    private final NodeServices node;
    private final CommandStatistics commandStats;
    private final Executor executor;
    private final SilencingOutput output;
    private final int pauseAbove;
    private final LongSupplier inputLimit;
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    /** What the commands received and not answered hold (those in {@link #queue}, then those in flight). */
    private final HeldInput held = new HeldInput();
    private final Batch.Listener batchListener;
    private final Runnable flushTask = this::flushNow;
    private final ClientBlocking blocking;

    private Route headRoute;
    /** Commands sent or being built whose replies have not been written. */
    private int inFlight;
    /** The one partition that every command in flight is for, or NONE, or MIXED. */
    private int target = NONE;
    private final Invocation[] building = new Invocation[MAX_BATCH];
    private final int[] buildingPartitions = new int[MAX_BATCH];
    private int buildingCount;
    private boolean flushScheduled;
    /** When the current drain started, and how many commands it dispatched (counted in bulk). */
    private long dispatchedAt;
    /** Eviction rounds the head command has waited for. */
    private int evictionWaits;
    /** Redis evicts before a command until under maxmemory or out of time: rounds a command waits for at most. */
    private static final int MAX_EVICTION_WAITS = 16;
    private int dispatched;
    private boolean paused;
    /** The head command waits for CLIENT PAUSE to end. */
    private boolean heldByPause;
    private final Runnable resumeAfterPause;
    private boolean closed;
    /**
     * The thread running a command at the client right now, else null. Written only by that thread, so a plain
     * field: another thread may see a stale value, but never itself.
     */
    private Thread runningAtClient;

    /** Where replies go; called on the pipeline's thread. */
    public interface Output {
        void write(Reply reply);

        /** Out-of-band data (published messages); written between replies, never in place of one. */
        default void push(PushReply message) {
            write(message);
        }

        void flush();

        /** Stop or resume reading commands from the client (flow control). */
        void setReading(boolean reading);

        /** Write what is queued, then close the client. */
        void closeAfterFlush();

        /**
         * The client went over its input limit: close it now, without what is not written yet (Redis frees
         * such a client at once).
         */
        default void drop() {
            closeAfterFlush();
        }
    }

    /** {@code pauseAbove}: how many received commands may wait before reading is paused. */
    public ClientPipeline(ClientSession session, NodeServices node, Executor executor, Output output, int pauseAbove) {
        this(session, node, executor, output, pauseAbove, () -> Long.MAX_VALUE);
    }

    /**
     * {@code inputLimit}: how many bytes ({@link ArgsMemory}) the client's unanswered commands, and its MULTI
     * queue, may each hold before the client is dropped; read each time it is checked.
     */
    public ClientPipeline(ClientSession session, NodeServices node, Executor executor, Output output, int pauseAbove,
                          LongSupplier inputLimit) {
        this.inputLimit = inputLimit;
        this.session = session;
        this.node = node;
        this.commandStats = node.server().commandStats();
        this.executor = executor;
        this.resumeAfterPause = () -> executor.execute(this::resumedAfterPause);
        this.output = new SilencingOutput(new DurableOutput(output, node.server().effectLog(), executor),
                session.replies());
        this.pauseAbove = pauseAbove;
        this.batchListener = batch -> executor.execute(() -> completed(batch));
        this.blocking = new ClientBlocking(session, node, executor, this::completedElsewhere);
        session.attach(this);
        session.input(held::wireBytes, held::argumentBytes);
    }

    /**
     * A published message for this client, from any thread: written after whatever is being answered. A message
     * the client publishes to itself comes before the reply to its PUBLISH, as in Redis.
     */
    @Override
    public void push(PushReply message) {
        if (runningAtClient == Thread.currentThread()) {
            if (!closed) {
                output.push(message);
                scheduleFlush();
            }
            return;
        }
        executor.execute(() -> {
            if (!closed) {
                output.push(message);
                scheduleFlush();
            }
        });
    }

    /** A MONITOR line, from any thread: written between replies, in the order lines are handed over. */
    @Override
    public void feed(Reply line) {
        if (runningAtClient == Thread.currentThread()) {
            if (!closed) {
                output.writeOther(line);
                scheduleFlush();
            }
            return;
        }
        executor.execute(() -> {
            if (!closed) {
                output.writeOther(line);
                scheduleFlush();
            }
        });
    }

    public ClientSession session() {
        return session;
    }

    /** A command received from the client: its arguments, name first. */
    public void submit(byte[][] args) {
        if (closed) {
            return;
        }
        queue.add(args);
        addHeld(args);
        drain();
        if (closed) {
            return;
        }
        long limit = inputLimit.getAsLong();
        if (held.bytes() > limit) {
            drop();
        } else if (!paused && (pending() > pauseAbove || held.bytes() > limit / 2)) {
            paused = true;
            output.setReading(false);
        }
    }

    /** Counts a received command: its heap size, and for CLIENT LIST its RESP size and arguments' length. */
    private void addHeld(byte[][] args) {
        long lengths = 0;
        long wire = 3 + digits(args.length);
        for (byte[] arg : args) {
            lengths += arg.length;
            wire += 5 + digits(arg.length) + arg.length;
        }
        held.add(ArgsMemory.of(args), wire, lengths);
    }

    private static int digits(int n) {
        int digits = 1;
        while (n >= 10) {
            n /= 10;
            digits++;
        }
        return digits;
    }

    /** The client broke the protocol: answer {@code error} after the commands before it, then close. */
    public void submitFatal(ErrorReply error) {
        if (closed) {
            return;
        }
        queue.add(error);
        held.add(0);
        drain();
    }

    /**
     * A command the connection read but could not take (an argument the heap cannot hold): answered with
     * {@code error} in its turn, and the connection goes on.
     */
    public void submitRefused(ErrorReply error) {
        if (closed) {
            return;
        }
        queue.add(new Route.Rejected(error));
        held.add(0);
        drain();
    }

    /** Commands received and not yet answered. */
    public int pending() {
        return queue.size() + inFlight;
    }

    /** What the commands received and not yet answered hold on the heap ({@link ArgsMemory}). */
    public long heldBytes() {
        return held.bytes();
    }

    /** The client is gone: drop queued commands, its subscriptions and watches, and ignore replies to come. */
    public void close() {
        closed = true;
        queue.clear();
        held.clear();
        session.subscriptions().clear(node.server().pubsub());
        Watching.unwatch(session.transaction(), node.partitions());
        blocking.close();
        session.endWait(null);
        if (heldByPause) {
            node.server().pause().forget(resumeAfterPause);
            resumedAfterPause();
        }
        if (session.monitoring()) {
            node.server().monitors().remove(session);
        }
        if (session.tracking().on()) {
            node.server().tracking().disable(session);
        }
    }

    private void drain() {
        dispatchedAt = System.currentTimeMillis();
        while (!closed && !queue.isEmpty()) {
            Object head = queue.peekFirst();
            if (head instanceof ErrorReply fatal) {
                if (inFlight > 0) {
                    break;
                }
                queue.poll();
                held.answered(1);
                output.write(fatal);
                closeAfterReplies();
                break;
            }
            if (headRoute == null && head instanceof byte[][] && waitForEviction()) {
                break;
            }
            if (headRoute == null) {
                headRoute = head instanceof Route.Rejected refused ? refused
                        : node.router().route((byte[][]) head, session);
            }
            Route route = refusedWhileBusy(headRoute);
            if (heldByPause || pausedNow(route, head instanceof byte[][] args ? args : NO_ARGS)) {
                break;
            }
            int inFlightBefore = inFlight;
            if (!dispatch(route, head instanceof byte[][] args ? args : NO_ARGS)) {
                break;
            }
            queue.poll();
            evictionWaits = 0;
            if (inFlight == inFlightBefore) {
                // Answered already (only with nothing in flight before it, so it is the oldest held).
                held.answered(1);
            }
            headRoute = null;
            if (session.isClosing()) {
                closeAfterReplies();
                break;
            }
        }
        sendBatch();
        if (dispatched > 0) {
            node.server().stats().commandsProcessed.add(dispatched);
            dispatched = 0;
        }
        if (paused && !closed && pending() <= pauseAbove / 2 && held.bytes() <= inputLimit.getAsLong() / 4) {
            paused = false;
            output.setReading(true);
        }
    }

    /**
     * While a script holding the whole server is busy, Redis answers every command BUSY but those flagged allow_busy
     * (SCRIPT KILL, FUNCTION KILL, SHUTDOWN, MULTI, ...), after its checks of the command itself and before CLIENT
     * PAUSE; inside MULTI the refusal makes EXEC fail, and EXEC itself ends the transaction with EXECABORT. Checked
     * when the command is dispatched, not when it was routed: a command waiting behind the client's own busy script
     * runs once the script is over. The log being replayed obeys, as Redis's loading client does.
     */
    private Route refusedWhileBusy(Route route) {
        ErrorReply busy = node.scripts().busyEverywhere();
        if (busy == null) {
            return route;
        }
        CommandSpec spec = specOf(route);
        if (spec == null || spec.has(CommandFlag.ALLOW_BUSY) || session.replaysLog()
                || spec.has(CommandFlag.NO_MULTI) && session.transaction().active()) {
            return route;
        }
        return new Route.Rejected(busy, spec);
    }

    /**
     * CLIENT PAUSE: whether the head command must wait for the pause to end, as Redis checks it after every refusal;
     * then it and everything after it wait, and the client counts as blocked. Monitors are never paused.
     */
    private boolean pausedNow(Route route, byte[][] args) {
        PauseMode mode = node.server().pause().mode();
        if (mode == PauseMode.OFF || route instanceof Route.Rejected || session.monitoring()) {
            return false;
        }
        boolean writes = mode == PauseMode.WRITE && PausedCommands.mayWrite(route, args, session, node);
        if (!node.server().pause().holds(writes, resumeAfterPause)) {
            return false;
        }
        heldByPause = true;
        session.postponed(true);
        node.server().stats().blockedClients.increment();
        return true;
    }

    private void resumedAfterPause() {
        if (!heldByPause) {
            return;
        }
        heldByPause = false;
        session.postponed(false);
        node.server().stats().blockedClients.decrement();
        if (!closed) {
            drain();
            scheduleFlush();
        }
    }

    /**
     * Over maxmemory while keys are being evicted, the next command waits for the rounds under way (up to {@link
     * #MAX_EVICTION_WAITS}), as Redis evicts before running a command: writers cannot outrun eviction.
     */
    private boolean waitForEviction() {
        if (evictionWaits >= MAX_EVICTION_WAITS) {
            return false;
        }
        CompletionStage<Void> round = node.server().eviction().roundUnderWay();
        if (round == null) {
            return false;
        }
        evictionWaits++;
        round.whenComplete((done, failure) -> executor.execute(() -> {
            drain();
            scheduleFlush();
        }));
        return true;
    }

    /** Dispatches the head command if ordering allows it now; false when it must wait. */
    private boolean dispatch(Route route, byte[][] args) {
        ErrorReply refused = refusedInSubscriberMode(route);
        if (refused != null) {
            route = new Route.Rejected(refused, specOf(route));
        }
        if (route instanceof Route.Rejected rejected && isExec(args)) {
            return rejectExec(rejected, args);
        }
        if (session.transaction().active() && !controlsTransaction(route)) {
            return queueInTransaction(route);
        }
        CommandSpec spec = specOf(route);
        if (spec != null && spec.has(CommandFlag.BLOCKING) && !(route instanceof Route.AtClient)) {
            return runBlocking(route);
        }
        switch (route) {
            case Route.AtPartition r -> {
                int partition = r.partition();
                boolean nothingSent = inFlight == buildingCount;
                if (!nothingSent && target != partition) {
                    return false;
                }
                touch(r.invocation().spec());
                target = target == NONE || target == partition ? partition : MIXED;
                inFlight++;
                buildingPartitions[buildingCount] = partition;
                building[buildingCount++] = r.invocation();
                if (buildingCount == MAX_BATCH) {
                    sendBatch();
                }
                return true;
            }
            case Route.Rejected r -> {
                if (inFlight > 0) {
                    return false;
                }
                commandStats.rejected(r.spec());
                countIfError(r.reply());
                output.write(r.reply());
                afterCommand(null);
                return true;
            }
            case Route.AtClient r -> {
                if (inFlight > 0) {
                    return false;
                }
                touch(r.spec());
                runAtClient(r.spec(), r.args());
                return true;
            }
            case Route.AcrossPartitions r -> {
                if (inFlight > 0) {
                    return false;
                }
                touch(r.invocation().spec());
                reserve(r.partitions(), r.invocation());
                return true;
            }
        }
    }

    /**
     * Between MULTI and EXEC commands are checked and queued, answered QUEUED; an unknown command, a wrong
     * arity or a command not allowed in transactions is refused and makes EXEC fail (EXECABORT), as in Redis.
     */
    private boolean queueInTransaction(Route route) {
        if (inFlight > 0) {
            return false;
        }
        Reply reply;
        if (route instanceof Route.Rejected rejected) {
            session.transaction().abort();
            commandStats.rejected(rejected.spec());
            reply = rejected.reply();
        } else if (specOf(route).has(CommandFlag.NO_MULTI)) {
            session.transaction().abort();
            commandStats.rejected(specOf(route));
            reply = NOT_IN_TRANSACTION;
        } else {
            CommandSpec queued = specOf(route);
            session.transaction().queue(argsOf(route), queued.has(CommandFlag.WRITE), queued.has(CommandFlag.DENYOOM));
            // Redis 7.0 bounds a MULTI queue only by maxmemory (queued commands get -OOM) and maxmemory-clients;
            // here it counts against client-query-buffer-limit, which it would be part of were it not parsed yet.
            if (session.transaction().heldBytes() > inputLimit.getAsLong()) {
                drop();
                return true;
            }
            reply = SimpleString.QUEUED;
        }
        countIfError(reply);
        output.write(reply);
        return true;
    }

    /** A blocking command runs alone: it waits for what is before it, and what follows waits for its reply. */
    private boolean runBlocking(Route route) {
        if (inFlight > 0) {
            return false;
        }
        inFlight = 1;
        target = MIXED;
        switch (route) {
            case Route.AtPartition r -> {
                touch(r.invocation().spec());
                blocking.runAt(r.partition(), r.invocation());
            }
            case Route.AcrossPartitions r -> {
                touch(r.invocation().spec());
                blocking.runAcross(r.partitions(), r.invocation());
            }
            default -> throw new IllegalArgumentException("not a keyed command: " + route);
        }
        return true;
    }

    private boolean rejectExec(Route.Rejected rejected, byte[][] args) {
        if (inFlight > 0) {
            return false;
        }
        ErrorReply reply = ExecAbort.discard(session.transaction(), node.partitions(), rejected.reply());
        // Redis's execCommandAbort shows the EXEC that ends the transaction to monitors
        if (node.server().monitors().active()) {
            node.server().monitors().feed("exec", args, session.db(), session, false);
        }
        commandStats.rejected(rejected.spec());
        countIfError(reply);
        output.write(reply);
        return true;
    }

    private static boolean isExec(byte[][] args) {
        return args.length > 0 && args[0].length == 4 && new String(args[0], StandardCharsets.ISO_8859_1)
                .equalsIgnoreCase("exec");
    }

    /** EXEC, DISCARD, MULTI, WATCH, QUIT and RESET run even inside MULTI. */
    private static boolean controlsTransaction(Route route) {
        CommandSpec spec = specOf(route);
        return spec != null && TRANSACTION_CONTROL.contains(spec.fullName());
    }

    private static CommandSpec specOf(Route route) {
        return switch (route) {
            case Route.AtClient r -> r.spec();
            case Route.AtPartition r -> r.invocation().spec();
            case Route.AcrossPartitions r -> r.invocation().spec();
            case Route.Rejected r -> null;
        };
    }

    private static byte[][] argsOf(Route route) {
        return switch (route) {
            case Route.AtClient r -> r.args();
            case Route.AtPartition r -> r.invocation().args();
            case Route.AcrossPartitions r -> r.invocation().args();
            case Route.Rejected r -> throw new IllegalArgumentException("a rejected command has no place in a queue");
        };
    }

    /** A RESP2 client with subscriptions may only (un)subscribe, PING, QUIT or RESET, as in Redis. */
    private ErrorReply refusedInSubscriberMode(Route route) {
        if (session.protocol() != 2 || !session.subscriptions().active()) {
            return null;
        }
        CommandSpec spec = specOf(route);
        if (spec == null || SUBSCRIBER_MODE_COMMANDS.contains(spec.fullName())) {
            return null;
        }
        return new ErrorReply("ERR Can't execute '" + spec.fullName()
                + "': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context");
    }

    private void countIfError(Reply reply) {
        // a reply followed by tracking invalidations is an error if its first part is
        if (reply instanceof ReplySequence sequence && !sequence.replies().isEmpty()) {
            reply = sequence.replies().getFirst();
        }
        if (reply instanceof ErrorReply error) {
            node.server().stats().countError(error);
        }
    }

    private void touch(CommandSpec spec) {
        session.touched(dispatchedAt, spec.fullName());
        dispatched++;
    }

    private void runAtClient(CommandSpec spec, byte[][] args) {
        long started = System.nanoTime();
        try {
            runAtClient(new ClientCall(spec, args, session, node), started);
        } catch (CommandError e) {
            node.server().calls().ran(spec, args, session, System.nanoTime() - started, e.reply());
            countIfError(e.reply());
            output.write(e.reply());
            afterCommand(spec);
        }
        if (!(spec.placement() instanceof Placement.AtClientAsync)) {
            monitored(spec, args);
        }
    }

    /** MONITOR sees a command run here once it has run, with the database it left selected, as in Redis. */
    private void monitored(CommandSpec spec, byte[][] args) {
        if (node.server().monitors().active()) {
            // a monitor's own command is shown right after its reply, before the replies that follow
            runningAtClient = Thread.currentThread();
            try {
                node.server().monitors().executed(spec, args, session.db(), session, false);
            } finally {
                runningAtClient = null;
            }
        }
    }

    private void runAtClient(ClientCall call, long started) {
        runningAtClient = Thread.currentThread();
        try {
            runAtClientPlacement(call, started);
        } finally {
            runningAtClient = null;
        }
    }

    private void runAtClientPlacement(ClientCall call, long started) {
        CommandSpec spec = call.spec();
        switch (spec.placement()) {
            case Placement.AtClient p -> answeredAtClient(call, started, p.handler().execute(call));
            case Placement.Container p -> answeredAtClient(call, started, p.bare().execute(call));
            case Placement.AtClientAsync p -> {
                inFlight = 1;
                target = MIXED;
                CompletionStage<Reply> reply = p.handler().execute(call);
                reply.whenComplete((value, failure) -> {
                    Reply answer = failure == null ? value : new ErrorReply("ERR " + failure.getMessage());
                    // Counted on the thread that completes it, before the client can send its next command.
                    node.server().calls().ran(spec, call.args(), session,
                            TimedReply.ranNanos(reply, System.nanoTime() - started), answer);
                    if (node.server().monitors().active()) {
                        node.server().monitors().executed(spec, call.args(), session.db(), session, false);
                    }
                    executor.execute(() -> completedElsewhere(answer));
                });
            }
            default -> throw new IllegalStateException(spec + " does not run at the client");
        }
    }

    private void answeredAtClient(ClientCall call, long started, Reply reply) {
        CommandSpec spec = call.spec();
        node.server().calls().ran(spec, call.args(), session, System.nanoTime() - started, reply);
        countIfError(reply);
        output.write(reply);
        afterCommand(spec);
    }

    /**
     * A command of the client ended here (Redis's resetClient): a CLIENT CACHING given before it is used up, unless
     * it was a CLIENT command or the client is in MULTI. Commands run at partitions use it up there.
     */
    private void afterCommand(CommandSpec spec) {
        if (session.tracking().caching() && !session.transaction().active()
                && (spec == null || !spec.fullName().startsWith("client|"))) {
            session.tracking().commandDone();
        }
    }

    private void reserve(int[] partitions, Invocation invocation) {
        inFlight = 1;
        target = MIXED;
        CommandDispatch.acrossPartitions(node, partitions, invocation,
                reply -> executor.execute(() -> completedElsewhere(reply)));
    }

    private void sendBatch() {
        if (buildingCount == 0) {
            return;
        }
        Batch batch = new Batch(Arrays.copyOf(building, buildingCount),
                Arrays.copyOf(buildingPartitions, buildingCount), batchListener);
        Arrays.fill(building, 0, buildingCount, null);
        buildingCount = 0;
        node.partitions().tell(batch.nextPartition(), new Partition.Run(batch));
    }

    private void completed(Batch batch) {
        if (closed) {
            return;
        }
        for (int i = 0; i < batch.size(); i++) {
            Reply reply = batch.reply(i);
            countIfError(reply);
            output.write(reply);
        }
        settle(batch.size());
    }

    private void completedElsewhere(Reply reply) {
        if (closed) {
            return;
        }
        countIfError(reply);
        output.write(reply);
        // invalidations of the client's own keys by the calls of its async script follow the script's reply
        PushReply own;
        while ((own = session.tracking().pollAfterReply()) != null) {
            output.push(own);
        }
        afterCommand(null);
        settle(1);
    }

    private void settle(int answered) {
        inFlight -= answered;
        held.answered(answered);
        if (inFlight == 0) {
            target = NONE;
        }
        drain();
        scheduleFlush();
    }

    /** Replies that complete together are flushed together: one write to the socket per burst. */
    private void scheduleFlush() {
        if (!flushScheduled) {
            flushScheduled = true;
            executor.execute(flushTask);
        }
    }

    private void flushNow() {
        flushScheduled = false;
        if (!closed) {
            output.flush();
        }
    }

    private void closeAfterReplies() {
        closed = true;
        queue.clear();
        held.clear();
        output.closeAfterFlush();
    }

    /** Over the input limit: closed at once, as Redis frees a client over client-query-buffer-limit. */
    private void drop() {
        closed = true;
        queue.clear();
        held.clear();
        output.drop();
    }
}
