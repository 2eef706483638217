package io.redactor.actors.scripts;

import io.redactor.actors.command.ClientCallRunner;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.command.Placement;
import io.redactor.actors.command.TimedReply;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.effects.EffectUnit;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.HeldPartitions;
import io.redactor.actors.reservation.Reservation;
import io.redactor.actors.routing.Route;
import io.redactor.actors.tracking.TrackingScope;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.lua.LuaReplies;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptError;
import io.redactor.lua.ScriptKilledError;
import io.redactor.lua.ScriptRun;
import org.luaj.vm2.LuaValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

/**
 * One atomic run of a script (EVAL, FCALL and their variants), on a thread of its own, with direct access to the
 * data of the partitions it holds.
 *
 * <p>Which partitions: those of its declared keys are reserved before it starts. A command on any other
 * partition makes the script take that partition too, keeping Redis's atomicity without deadlocks:
 * <ul>
 *   <li>a partition above every one it holds is reserved, waiting if need be: every holder takes partitions in
 *       ascending order, so no cycle of waits can form;</li>
 *   <li>a partition below one it holds, while the script has done nothing others could see (only reads), makes it
 *       start again from scratch with all the partitions it has needed reserved up front;</li>
 *   <li>after a write, such a partition is taken only if it is free right now (tried a few times); otherwise
 *       the command fails with an error, since waiting could deadlock and the write cannot be undone.</li>
 * </ul>
 * Every command of a script sees the time the script started, as in Redis 7.
 */
final class AtomicScript implements ScriptContext, Reservation.Handover {
    private static final Logger log = LoggerFactory.getLogger(AtomicScript.class);

    static final ErrorReply UNDECLARED_AFTER_WRITE = new ErrorReply("ERR Script accessed a key in a partition held "
            + "by another command after writing; declare the keys it uses (numkeys) to avoid it");
    static final ErrorReply BUSY_SCRIPT =
            new ErrorReply("BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.");
    static final ErrorReply BUSY_FUNCTION =
            new ErrorReply("BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.");
    /** Tries of a partition held by someone else, after a write, before giving up; one millisecond apart. */
    private static final int TRIES_AFTER_WRITE = 50;
    /** A run on its own thread shorter than this (200 µs) lets later runs of the script run inline. */
    private static final long CLEAN_RUN_NANOS = 200_000;

    private final ScriptService service;
    private final NodeServices node;
    private final ScriptRequest request;
    private final CommandTable table;
    private CommandRunner runner;
    private final HeldPartitions held;
    /** The keyspace of atomic work the script runs inside (EXEC), which holds every partition; else null. */
    private final Keyspace given;
    /** Notes the time spent waiting for partitions, which command statistics leave out of the script's run. */
    private final TimedReply reply = new TimedReply();
    /** When the last reservation was sent (its wait is {@link TimedReply#waited}). */
    private long reserveSentAt;
    private final long startedAtNanos = System.nanoTime();
    private final long now = System.currentTimeMillis();
    private volatile ScriptRun run;
    private volatile boolean busy;
    private volatile boolean abandoned;
    /** Running where it must not run long (see {@link #runInline}). */
    private boolean inline;
    /** Run inline on the partition thread that grants the declared partitions. */
    private boolean inlineOnGrant;
    private Executor threads;
    /** Takes the script off the service's running list: before its reply, so no client sees it run after that. */
    private Runnable finished;
    /** The partitions reserved before the script starts, as {@link #start} computed them. */
    private int[] declared;
    /** This attempt touched a partition it had not declared. */
    private boolean usedUndeclared;
    private boolean notedLong;
    private final CpuShare cpu = new CpuShare();
    /** A write command ran: SCRIPT KILL may no longer stop it. */
    private volatile boolean dirty;
    /** Something others could see happened (a write, a message published): no fresh start any more. */
    private boolean effects;
    private volatile HoldSnapshot holds = HoldSnapshot.NONE;
    private CompletableFuture<Reservation.Grant> pendingGrant;
    private int db;
    /** The effects of the partitions held, committed when they are released. */
    private EffectUnit unit;
    /** The script's scope for client-side caching, open while it runs; null when tracking is not concerned. */
    private TrackingScope tracking;

    AtomicScript(ScriptService service, NodeServices node, ScriptRequest request, Keyspace given) {
        this.service = service;
        this.node = node;
        this.request = request;
        this.given = given;
        this.table = node.router().table();
        this.held = new HeldPartitions(node.server().partitions());
    }

    CompletableFuture<Reply> reply() {
        return reply;
    }

    ScriptRequest request() {
        return request;
    }

    long elapsedMillis() {
        return (System.nanoTime() - startedAtNanos) / 1_000_000;
    }

    boolean isBusy() {
        return busy;
    }

    boolean isDirty() {
        return dirty;
    }

    /**
     * Whether the script stands for the whole server, as every Redis script does: it declared no keys (so it may use
     * any), runs inside EXEC (which holds every partition), or holds every partition. Busy, it makes every other
     * client wait, not only the partitions it holds.
     */
    boolean holdsEverything() {
        return given != null || request.keys().isEmpty()
                || holds.partitions.length == node.server().partitions().count();
    }

    /**
     * Starts the script: its declared partitions are reserved from here, and the thread that runs it starts once
     * they are granted (one thread switch fewer than reserving from the script's thread).
     */
    void start(Executor threads, Lock exclusive, Runnable finished) {
        int[] wanted = declaredPartitions();
        this.declared = wanted;
        this.finished = finished;
        if (exclusive != null) {
            // The lock comes before any partition, on the script's own thread: reserve from there.
            threads.execute(() -> {
                long waitingSince = System.nanoTime();
                exclusive.lock();
                reply.waited(System.nanoTime() - waitingSince);
                try {
                    runHere(wanted, Holding.NOTHING);
                } finally {
                    exclusive.unlock();
                    finished.run();
                }
            });
            return;
        }
        Runnable body = () -> {
            try {
                runHere(wanted, wanted.length > 0 ? Holding.RESERVE_SENT : Holding.NOTHING);
            } finally {
                finished.run();
            }
        };
        if (wanted.length == 0) {
            if (!request.straightLine() || !runInline()) {
                threads.execute(body);
            }
            return;
        }
        if (request.straightLine() && service.ranClean(request.name())) {
            this.threads = threads;
            this.inlineOnGrant = true;
        }
        sendReserve(wanted, false);
        if (!inlineOnGrant) {
            pendingGrant.whenComplete((grant, failure) -> threads.execute(body));
        }
    }

    /**
     * Runs a straight-line script right here (the client's thread, or the partition thread that granted its
     * partitions), sparing two thread switches. Returns false, having done nothing visible, when the script needs
     * what cannot be had here (a partition it does not hold, or it loops after all): it must run on its own thread.
     */
    private boolean runInline() {
        inline = true;
        openTrackingScope();
        try {
            Reply result;
            try {
                result = attempt(new int[0], Holding.HELD);
            } catch (RuntimeException | StackOverflowError e) {
                result = internalError(e);
            }
            finish(result);
            return true;
        } catch (MoveOff moveOff) {
            inline = false;
            if (tracking != null) {
                tracking.abandon();
                tracking = null;
            }
            return false;
        }
    }

    /**
     * The script is the client's command for client-side caching (unless it runs inside EXEC, which is): its
     * invalidations of the client's own keys follow its reply.
     */
    private void openTrackingScope() {
        if (given == null) {
            tracking = TrackingScope.open(node.server().tracking(), request.client(), TrackingScope.Kind.COMMAND, true);
        }
    }

    /** Runs the script to its end on the calling thread, inside the atomic work holding its keyspace. */
    void runInside() {
        runHere(new int[0], Holding.NOTHING);
    }

    private void runHere(int[] declared, Holding holding) {
        int[] wanted = declared;
        Holding now = holding;
        Reply result;
        openTrackingScope();
        try {
            while (true) {
                try {
                    result = attempt(wanted, now);
                    break;
                } catch (StartAgain again) {
                    wanted = again.partitions;
                    now = Holding.NOTHING;
                    releaseAll();
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            result = internalError(e);
        } finally {
            releaseAll();
        }
        finish(result);
    }

    private ErrorReply internalError(Throwable e) {
        log.error("script {} failed", request.name(), e);
        return new ErrorReply("ERR internal error while running a script: " + e);
    }

    /** Releases what is held and answers, unless the node abandoned the script. */
    private void finish(Reply result) {
        result = TrackingScope.close(tracking, result);
        tracking = null;
        releaseAll();
        if (finished != null) {
            finished.run();
        }
        if (!abandoned) {
            reply.complete(result);
        }
    }

    /** What a run attempt holds of its declared partitions when it starts. */
    private enum Holding { NOTHING, RESERVE_SENT, HELD }

    private Reply attempt(int[] wanted, Holding holding) {
        db = request.db();
        effects = false;
        if (wanted.length > 0 && given == null && holding != Holding.HELD) {
            ErrorReply refused = holding == Holding.RESERVE_SENT ? awaitGrant() : acquire(wanted, false);
            if (refused != null) {
                return refused;
            }
        }
        ScriptRun current = request.runs().newRun(this, request.keys(), request.args());
        run = current;
        try {
            long started = System.nanoTime();
            LuaValue value = current.execute();
            // inline later only if a run here was short: its length bounds a straight-line script's instructions,
            // not what each costs on large data (comparing or copying strings of megabytes)
            if (!inline && !usedUndeclared && System.nanoTime() - started < CLEAN_RUN_NANOS) {
                service.noteClean(request.name());
            }
            return LuaReplies.toReply(value, current.resp());
        } catch (ScriptError e) {
            return new ErrorReply(e.redisMessage(request.name()), e.alreadyCounted());
        } catch (ScriptKilledError e) {
            String where = e.source() == null || e.line() < 0 ? "" : ", on " + e.source() + ":" + e.line() + ".";
            // Redis words it so for functions stopped by FUNCTION KILL too
            return new ErrorReply("ERR Script killed by user with SCRIPT KILL... script: " + request.name() + where);
        }
    }

    /** The node is going down: stop, and answer nothing (the client is disconnected, as Redis's would be). */
    void abandon() {
        abandoned = true;
        kill();
    }

    /** Asks the script to stop; it does at its next poll. */
    void kill() {
        ScriptRun current = run;
        if (current != null) {
            current.stop();
        }
    }

    /** Past the busy threshold: the partitions it holds answer BUSY from now on, held-back commands included. */
    void becomeBusy() {
        if (!busy) {
            busy = true;
            pokeBusy(holds);
        }
    }

    private void pokeBusy(HoldSnapshot snapshot) {
        for (int i = 0; i < snapshot.partitions.length; i++) {
            node.partitions().tell(snapshot.partitions[i], new Partition.Busy(snapshot.reservationIds[i]));
        }
    }

    // ---- ScriptContext: redis.call and redis.pcall

    /**
     * A straight-line script polls only when it does long work after all (large strings, code made at run time):
     * it never runs inline again, and a run inline moves off to its own thread unless it has written already (then
     * it can only finish where it is, once). A script on its own thread offers the CPU to other threads every
     * millisecond or so: on a machine with few cores, the event loops serving other clients then wait for it at
     * most that long.
     */
    @Override
    public void polled() {
        if (request.straightLine() && !notedLong) {
            notedLong = true;
            service.noteLong(request.name());
        }
        if (inline) {
            if (!effects) {
                throw new MoveOff();
            }
            return;
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
    public LuaValue call(byte[][] command, ScriptRun current) {
        ScriptCommand checked = ScriptCommand.check(table, command, request.readOnly(),
                node.server().scriptsRunNoscript());
        LuaValue refusal = checked.refusal(node.server());
        if (refusal != null) {
            return refusal;
        }
        Reply result = checked.isSelect()
                ? checked.runSelect(command, selected -> db = selected, node.server())
                : execute(checked.spec(), command, current.resp());
        if (checked.writes() && !(result instanceof ErrorReply)) {
            dirty = true;
        }
        return LuaReplies.toLua(result, current.resp());
    }

    private Reply execute(CommandSpec spec, byte[][] command, int protocol) {
        Route route = node.router().routeFromScript(command, db, request.client(), !(request.allowOom() || dirty));
        int[] needed = switch (route) {
            case Route.AtPartition r -> new int[] {r.partition()};
            case Route.AcrossPartitions r -> r.partitions();
            case Route.AtClient r -> r.spec().placement() instanceof Placement.AtClientAsync
                    ? node.router().allPartitions() : new int[0];
            case Route.Rejected r -> null;
        };
        if (needed == null) {
            node.server().commandStats().rejected(((Route.Rejected) route).spec());
            node.server().calls().nestedReply(((Route.Rejected) route).reply());
            return ((Route.Rejected) route).reply();
        }
        ErrorReply refused = given == null ? ensureHeld(needed) : null;
        if (refused != null) {
            return refused;
        }
        if (spec.has(CommandFlag.WRITE) || spec.has(CommandFlag.PUBSUB)) {
            effects = true;
        }
        Keyspace keyspace = given != null ? given : held.isEmpty() ? null : held.keyspace();
        if (runner == null) {
            runner = CommandRunner.nested(node.server());
        }
        return switch (route) {
            case Route.AtPartition r -> runner.run(r.invocation().inScript(protocol),
                    given != null ? given.partition(r.partition()) : held.partition(r.partition()), now);
            case Route.AcrossPartitions r -> runner.run(r.invocation().inScript(protocol), keyspace, now);
            case Route.AtClient r -> ClientCallRunner.run(r.spec(), r.args(), request.client(), node, keyspace, true);
            case Route.Rejected r -> r.reply();
        };
    }


    // ---- partitions

    /**
     * The partitions of the declared keys; for a script known to use undeclared keys, those of its arguments too
     * (scripts called with numkeys 0 usually get their key names as arguments), so that it rarely has to take a
     * partition out of order.
     */
    private int[] declaredPartitions() {
        java.util.stream.Stream<byte[]> names = service.usesUndeclaredKeys(request.name())
                ? java.util.stream.Stream.concat(request.keys().stream(), request.args().stream())
                : request.keys().stream();
        return names.mapToInt(node.server().partitions()::partitionOf).sorted().distinct().toArray();
    }

    /** Takes the partitions of {@code needed} not held yet, by the rules of the class comment; null when held. */
    private ErrorReply ensureHeld(int[] needed) {
        int[] missing = Arrays.stream(needed).filter(p -> !held.holds(p)).toArray();
        if (missing.length == 0) {
            return null;
        }
        usedUndeclared = true;
        service.noteUndeclaredKeys(request.name());
        if (inline) {
            if (!effects) {
                throw new MoveOff();
            }
            return UNDECLARED_AFTER_WRITE;
        }
        if (missing[0] > held.highest()) {
            return acquire(missing, false);
        }
        if (!effects) {
            int[] all = java.util.stream.IntStream.concat(Arrays.stream(held.partitions()), Arrays.stream(missing))
                    .sorted().distinct().toArray();
            throw new StartAgain(all);
        }
        for (int attempt = 0; attempt < TRIES_AFTER_WRITE; attempt++) {
            ErrorReply refused = acquire(missing, true);
            if (refused == null) {
                return null;
            }
            if (refused != Partition.WOULD_WAIT) {
                return refused;
            }
            long parkedAt = System.nanoTime();
            LockSupport.parkNanos(1_000_000);
            reply.waited(System.nanoTime() - parkedAt);
        }
        return UNDECLARED_AFTER_WRITE;
    }

    /** Reserves {@code partitions} (ascending, none held) and waits for them; returns the refusal, if any. */
    private ErrorReply acquire(int[] partitions, boolean tryOnly) {
        sendReserve(partitions, tryOnly);
        return awaitGrant();
    }

    private void sendReserve(int[] partitions, boolean tryOnly) {
        reserveSentAt = System.nanoTime();
        pendingGrant = new CompletableFuture<>();
        Reservation reservation = new Reservation(partitions, node.server().partitions(), this, tryOnly);
        node.server().stats().reservations.increment();
        node.partitions().tell(reservation.firstPartition(), new Partition.Reserve(reservation));
    }

    private ErrorReply awaitGrant() {
        Reservation.Grant grant;
        try {
            grant = pendingGrant.join();
        } catch (CompletionException e) {
            reply.waited(System.nanoTime() - reserveSentAt);
            if (e.getCause() instanceof Refused refused) {
                return refused.reason;
            }
            throw e;
        }
        reply.waited(System.nanoTime() - reserveSentAt);
        take(grant);
        if (busy) {
            pokeBusy(holds);
        }
        return null;
    }

    /**
     * Adds granted partitions to those held. Their records go to the script's unit from now on, so that the
     * script's effects land in the log as one; inside EXEC they already go to the transaction's.
     */
    private void take(Reservation.Grant grant) {
        held.add(grant);
        held.setClock(now);
        holds = HoldSnapshot.of(held);
        if (given == null) {
            if (unit == null) {
                unit = Reservation.openUnit(grant.data());
            } else {
                for (PartitionData partition : grant.data()) {
                    unit.hold(partition.effects());
                }
            }
        }
    }

    private void releaseAll() {
        if (unit != null) {
            unit.commit();
            unit = null;
        }
        held.releaseAll((partition, reservationId) ->
                node.partitions().tell(partition, new Partition.Release(reservationId)));
        holds = HoldSnapshot.NONE;
    }

    // ---- Reservation.Handover, called on partitions' threads

    @Override
    public void granted(Reservation.Grant grant) {
        if (!inlineOnGrant) {
            pendingGrant.complete(grant);
            return;
        }
        inlineOnGrant = false;
        reply.waited(System.nanoTime() - reserveSentAt);
        take(grant);
        if (!runInline()) {
            threads.execute(() -> {
                try {
                    runHere(declared, Holding.HELD);
                } finally {
                    finished.run();
                }
            });
        }
    }

    @Override
    public void refused(ErrorReply reason) {
        pendingGrant.completeExceptionally(new Refused(reason));
    }

    @Override
    public ErrorReply busyReply() {
        return busy ? (request.kind() == ScriptRequest.Kind.FUNCTION ? BUSY_FUNCTION : BUSY_SCRIPT) : null;
    }

    /** The partitions held, published for the busy watchdog's thread. */
    private record HoldSnapshot(int[] partitions, long[] reservationIds) {
        static final HoldSnapshot NONE = new HoldSnapshot(new int[0], new long[0]);

        static HoldSnapshot of(HeldPartitions held) {
            int[] partitions = held.partitions();
            long[] ids = new long[partitions.length];
            int[] index = {0};
            held.forEach((partition, id) -> ids[index[0]++] = id);
            return new HoldSnapshot(partitions, ids);
        }
    }

    private static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient ErrorReply reason;

        Refused(ErrorReply reason) {
            super(reason.message(), null, false, false);
            this.reason = reason;
        }
    }

    /**
     * Unwinds an inline run, before it did anything visible, so that it runs again on a thread of its own. An
     * Error, so that pcall inside the script cannot catch it.
     */
    private static final class MoveOff extends Error {
        private static final long serialVersionUID = 1L;

        MoveOff() {
            super(null, null, false, false);
        }
    }

    /**
     * Unwinds a run that needs a partition below those it holds before it did anything visible: it starts again
     * with {@code partitions} reserved. An Error, so that pcall inside the script cannot catch it.
     */
    private static final class StartAgain extends Error {
        private static final long serialVersionUID = 1L;
        private final int[] partitions;

        StartAgain(int[] partitions) {
            super(null, null, false, false);
            this.partitions = partitions;
        }
    }
}
