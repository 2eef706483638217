package io.redactor.actors.partition;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.PostStop;
import akka.actor.typed.SupervisorStrategy;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.StashBuffer;
import akka.actor.typed.javadsl.TimerScheduler;
import akka.cluster.sharding.typed.javadsl.EntityTypeKey;
import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.data.KeyCounts;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.effects.PartitionEffects;
import io.redactor.actors.node.ServerContext;
import io.redactor.actors.reservation.Reservation;
import io.redactor.actors.tracking.TrackingScope;
import io.redactor.actors.watch.WatchToken;
import io.redactor.actors.watch.WatchedKey;
import io.redactor.core.reply.ErrorReply;

import java.time.Duration;
import java.util.List;

/**
 * A key-range actor: the only owner of the data of its hash slots (all 16 databases). Commands for its keys
 * arrive in batches and run one after the other, which is what makes each of them atomic. While it is part of
 * an incomplete or running reservation it holds every other message back, in arrival order.
 */
public final class Partition {
    public static final EntityTypeKey<Message> TYPE_KEY = EntityTypeKey.create(Message.class, "partition");

    private static final long MIN_EXPIRY_BUDGET_NANOS = 50_000;

    static final ErrorReply QUEUE_FULL =
            new ErrorReply("BUSY Redactor partition queue is full, retry later");
    /** A try-only reservation meeting a partition held by someone else. */
    public static final ErrorReply WOULD_WAIT = new ErrorReply("BUSY Redactor partition is held by another command");

    public sealed interface Message {
    }

    /** Runs the commands of the batch in order and hands it back with the replies. */
    public record Run(Batch batch) implements Message {
    }

    /** This partition's turn in a reservation chain. */
    public record Reserve(Reservation reservation) implements Message {
    }

    /** Ends the hold of the reservation with this id. */
    public record Release(long reservationId) implements Message {
    }

    /**
     * The script holding this partition under reservation {@code reservationId} went past the busy threshold:
     * what was held back is answered with its busy reply now.
     */
    public record Busy(long reservationId) implements Message {
    }

    /** Runs a blocking command: answered now, or waiting here (and maybe elsewhere) for a key to be ready. */
    public record RunBlocking(BlockedClient client) implements Message {
    }

    /** Forgets a blocked client here: answered elsewhere, timed out, disconnected or unblocked. */
    public record Unblock(BlockedClient client) implements Message {
    }

    /** Forgets a client's watches of these keys here (UNWATCH, DISCARD, a client gone). */
    public record Unwatch(WatchToken token, List<WatchedKey> keys) implements Message {
    }

    /** Replies once the partition is running (start-up). */
    public record AwaitReady(ActorRef<Ready> replyTo) implements Message {
    }

    public record Ready(int partition) {
    }

    /** Asks for key counts per database (INFO keyspace, DBSIZE statistics). */
    public record CountKeys(ActorRef<KeyCounts> replyTo) implements Message {
    }

    /** One step of background work on this partition's data. */
    public record Step(PartitionChore chore) implements Message {
    }

    /** Sent by Cluster Sharding when the partition must stop (node shutdown). */
    public enum Stop implements Message { INSTANCE }

    private enum ExpireTick implements Message { INSTANCE }

    /** Everything a partition needs from its node. */
    public record Environment(ServerContext server, PartitionDirectory directory, PartitionGateway gateway,
                              int stashCapacity) {
    }

    public static String entityId(int partition) {
        return Integer.toString(partition);
    }

    public static Behavior<Message> create(int partition, Environment env) {
        Behavior<Message> behavior = Behaviors.setup(context ->
                Behaviors.withStash(env.stashCapacity(), stash ->
                        Behaviors.withTimers(timers -> new Partition(partition, env, context, stash, timers).idle)));
        return Behaviors.supervise(behavior).onFailure(SupervisorStrategy.resume());
    }

    private final int partition;
    private final Environment env;
    private final ActorContext<Message> context;
    private final StashBuffer<Message> stash;
    private final PartitionSignals signals;
    private final PartitionData data;
    private final CommandRunner runner;
    private final BlockedServing serving;
    private final ActiveExpiry expiry = new ActiveExpiry();
    private final TimerScheduler<Message> timers;
    private int expiryHz;
    private long expiryBudgetNanos;
    private final java.util.SplittableRandom sampler = new java.util.SplittableRandom();
    /**
     * The two behaviors, each built once: a partition switches between them for every reservation, and building a
     * behavior (its message cases) cost a quarter of the event loop's time under MSET of random keys.
     */
    private final Behavior<Message> idle;
    private final Behavior<Message> held;
    /** The reservation holding this partition while {@link #held} is its behavior; null while idle. */
    private Reservation holder;
    /** Background steps that came while the partition was held. */
    private final java.util.ArrayDeque<Step> deferredSteps = new java.util.ArrayDeque<>();

    private Partition(int partition, Environment env, ActorContext<Message> context, StashBuffer<Message> stash,
                      TimerScheduler<Message> timers) {
        this.partition = partition;
        this.env = env;
        this.context = context;
        this.stash = stash;
        this.signals = new PartitionSignals(env.server().notifier(), env.server().tracking(),
                env.server().tracking().newTable(partition));
        this.data = new PartitionData(partition, env.server(), signals, signals.watches(), signals.blocked(),
                new PartitionEffects(env.server().effectLog()));
        this.runner = new CommandRunner(env.server());
        this.serving = new BlockedServing(partition, data, runner, env);
        this.timers = timers;
        env.directory().register(partition, context.getSelf());
        scheduleExpiry();
        this.idle = idleBehavior();
        this.held = heldBehavior();
    }

    /**
     * Redis runs its expiry cycle hz times a second and gives it a quarter of each period; the partitions share
     * that quarter. Follows CONFIG SET hz.
     */
    private void scheduleExpiry() {
        expiryHz = env.server().config().hz();
        Duration interval = Duration.ofMillis(Math.max(1, 1000 / expiryHz));
        expiryBudgetNanos = Math.max(MIN_EXPIRY_BUDGET_NANOS,
                interval.toNanos() / 4 / env.server().partitions().count());
        timers.startTimerWithFixedDelay(ExpireTick.INSTANCE, interval);
    }

    private Behavior<Message> idleBehavior() {
        return Behaviors.receive(Message.class)
                .onMessage(Run.class, this::run)
                .onMessage(Reserve.class, this::reserve)
                .onMessage(RunBlocking.class, this::runBlocking)
                .onMessage(Unblock.class, unblock -> {
                    data.blocked().remove(unblock.client());
                    return Behaviors.same();
                })
                .onMessage(Step.class, step -> {
                    step.chore().step(data);
                    publishMemory();
                    return Behaviors.same();
                })
                .onMessage(AwaitReady.class, this::ready)
                .onMessage(CountKeys.class, this::countKeys)
                .onMessage(Unwatch.class, unwatch -> {
                    unwatch.keys().forEach(key -> data.watches().unwatch(key.db(), key.key(), unwatch.token()));
                    return Behaviors.same();
                })
                .onMessageEquals(ExpireTick.INSTANCE, this::expire)
                .onMessageEquals(Stop.INSTANCE, Behaviors::stopped)
                .onMessage(Busy.class, busy -> Behaviors.same())
                .onMessage(Release.class, release -> {
                    context.getLog().warn("partition {} got a release for reservation {} it does not hold",
                            partition, release.reservationId());
                    return Behaviors.same();
                })
                .onSignal(PostStop.class, signal -> stopped())
                .build();
    }

    /**
     * Held by a reservation: everything else waits until it is released, except that a busy script's partitions
     * answer commands with its busy reply, and a request that may not wait is refused at once.
     */
    private Behavior<Message> heldBehavior() {
        return Behaviors.receive(Message.class)
                .onMessage(Release.class, release -> release.reservationId() == holder.id(),
                        release -> {
                            holder = null;
                            // what the holder changed here is counted now that the data is this actor's again
                            publishMemory();
                            serveBlocked(System.currentTimeMillis());
                            Step deferred;
                            while ((deferred = deferredSteps.poll()) != null) {
                                context.getSelf().tell(deferred);
                            }
                            // unstashAll starts a behavior of its own even for an empty stash
                            return stash.isEmpty() ? idle : stash.unstashAll(idle);
                        })
                .onMessageEquals(ExpireTick.INSTANCE, Behaviors::same)
                .onMessage(Step.class, step -> {
                    // background work waits outside the stash: a full stash must not lose it
                    deferredSteps.add(step);
                    return Behaviors.same();
                })
                .onMessageEquals(Stop.INSTANCE, Behaviors::stopped)
                .onMessage(Busy.class, busy -> busy.reservationId() == holder.id(),
                        busy -> stash.unstashAll(held))
                .onMessage(Message.class, message -> {
                    Reservation.Handover handover = holder.holder();
                    ErrorReply busy = handover == null ? null : handover.busyReply();
                    if (busy != null && refusable(message)) {
                        refuse(message, busy);
                    } else if (message instanceof Reserve reserve && reserve.reservation().tryOnly()) {
                        refuse(message, WOULD_WAIT);
                    } else if (stash.isFull()) {
                        refuse(message, QUEUE_FULL);
                    } else {
                        stash.stash(message);
                    }
                    return Behaviors.same();
                })
                .onSignal(PostStop.class, signal -> stopped())
                .build();
    }

    private static boolean refusable(Message message) {
        return message instanceof Run || message instanceof Reserve || message instanceof RunBlocking;
    }

    /** Runs the batch's commands that are ours, then relays it to the next partition or hands it back. */
    private Behavior<Message> run(Run message) {
        Batch batch = message.batch();
        // One clock reading per turn: the commands of a turn run within microseconds of each other.
        long now = System.currentTimeMillis();
        data.clock().set(now);
        Invocation invocation;
        while ((invocation = batch.nextFor(partition)) != null) {
            batch.answer(runner.run(invocation, data, now));
            serveBlocked(now);
        }
        publishMemory();
        if (batch.hasNext()) {
            env.gateway().tell(batch.nextPartition(), message);
        } else {
            batch.complete();
        }
        return Behaviors.same();
    }

    private Behavior<Message> reserve(Reserve message) {
        Reservation reservation = message.reservation();
        if (!reservation.grant(data)) {
            env.gateway().tell(reservation.nextPartition(), message);
            holder = reservation;
            return held;
        }
        long now = System.currentTimeMillis();
        if (reservation.handsOver()) {
            reservation.run(now);
            holder = reservation;
            return held;
        }
        try {
            reservation.run(now);
        } finally {
            publishMemory();
            release(reservation.id(), reservation.heldWhileRunning());
        }
        serveBlocked(now);
        return Behaviors.same();
    }

    private Behavior<Message> runBlocking(RunBlocking message) {
        long now = System.currentTimeMillis();
        data.clock().set(now);
        message.client().runWith(runner, data, now);
        serveBlocked(now);
        publishMemory();
        return Behaviors.same();
    }

    /** After every command, as Redis does: clients blocked on keys it made ready are served before the next. */
    private void serveBlocked(long now) {
        if (data.blocked().hasReady()) {
            data.clock().set(now);
            serving.serveReady(now);
        }
    }

    private void refuse(Message message, ErrorReply reason) {
        switch (message) {
            case Run run -> {
                for (Invocation refused : run.batch().remaining()) {
                    env.server().commandStats().rejected(refused.spec());
                }
                run.batch().failRemaining(reason);
                run.batch().complete();
            }
            case Reserve reserve -> release(reserve.reservation().id(), reserve.reservation().refuse(reason));
            case RunBlocking blocking -> {
                if (blocking.client().tryClaim()) {
                    env.server().commandStats().rejected(blocking.client().invocation().spec());
                    blocking.client().answer(reason);
                }
            }
            default -> context.getLog().warn("partition {} dropped {}: queue full", partition, message);
        }
    }

    private void release(long reservationId, int[] held) {
        Release release = new Release(reservationId);
        for (int p : held) {
            env.gateway().tell(p, release);
        }
    }

    private Behavior<Message> ready(AwaitReady message) {
        message.replyTo().tell(new Ready(partition));
        return Behaviors.same();
    }

    private Behavior<Message> countKeys(CountKeys message) {
        data.clock().set(System.currentTimeMillis());
        message.replyTo().tell(KeyCounts.of(data, sampler));
        return Behaviors.same();
    }

    private Behavior<Message> expire() {
        if (env.server().config().hz() != expiryHz) {
            scheduleExpiry();
        }
        TrackingScope scope = TrackingScope.open(env.server().tracking(), null, TrackingScope.Kind.BACKGROUND, false);
        long started = System.nanoTime();
        try {
            if (env.server().activeExpiry()) {
                expiry.cycle(data, expiryBudgetNanos);
            }
        } finally {
            TrackingScope.close(scope, null);
        }
        // Redis's expire-cycle event: the time this partition was kept from serving by its expiry cycle
        env.server().latencyMonitor().record("expire-cycle", (System.nanoTime() - started) / 1_000_000);
        // a lower tracking-table-max-keys takes effect even while no client reads
        signals.tracked().enforceLimit();
        // an expired stream answers the clients blocked on it in a consumer group
        serveBlocked(System.currentTimeMillis());
        publishMemory();
        return Behaviors.same();
    }

    /** Counts the values changed in place and publishes the partition's memory for INFO and eviction. */
    private void publishMemory() {
        data.meter().settle();
        env.server().memory().publish(partition, data.meter().used(), data.meter().overhead());
    }

    private Behavior<Message> stopped() {
        env.directory().unregister(partition, context.getSelf());
        return Behaviors.same();
    }
}
