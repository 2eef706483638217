package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamIterator;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * XCLAIM and XAUTOCLAIM: pending entries given to another consumer, or dropped when their stream entry is gone. What
 * they record is an XCLAIM per entry changed, with its whole state (and an XGROUP SETID for a LASTID that moved the
 * group alone), as Redis propagates them.
 */
final class ClaimCommands {
    /** XAUTOCLAIM reads at most this many pending entries per entry it may claim. */
    private static final long ATTEMPTS_FACTOR = 10;
    private static final ErrorReply COUNT_TOO_HIGH = Errors.err(
            "Insufficient memory, failed allocating transient memory, COUNT too high.");

    private ClaimCommands() {
    }

    /**
     * XCLAIM key group consumer min-idle-time id [id ...] [IDLE ms] [TIME unix-ms] [RETRYCOUNT count] [FORCE]
     * [JUSTID] [LASTID id]
     */
    static Reply xclaim(KeyCall call) {
        StreamValue stream = lookup(call);
        ConsumerGroup group = stream == null ? null : stream.group(call.arg(2));
        if (group == null) {
            return PendingCommands.noKeyOrGroup(call);
        }
        long minIdle = Math.max(0, Arguments.parseLong(call.arg(4),
                Errors.err("Invalid min-idle-time argument for XCLAIM")));
        List<StreamId> ids = new ArrayList<>();
        int j = 5;
        for (StreamId id; j < call.argc() && (id = StreamIds.strictOrNull(call.arg(j))) != null; j++) {
            ids.add(id);
        }
        long now = call.now();
        long deliveryTime = -1;
        long retryCount = -1;
        boolean force = false;
        boolean justId = false;
        StreamId lastId = StreamId.MIN;
        for (; j < call.argc(); j++) {
            boolean more = call.argc() - 1 - j > 0;
            byte[] opt = call.arg(j);
            if (Arguments.is(opt, "force")) {
                force = true;
            } else if (Arguments.is(opt, "justid")) {
                justId = true;
            } else if (Arguments.is(opt, "idle") && more) {
                deliveryTime = now - Arguments.parseLong(call.arg(++j),
                        Errors.err("Invalid IDLE option argument for XCLAIM"));
            } else if (Arguments.is(opt, "time") && more) {
                deliveryTime = Arguments.parseLong(call.arg(++j),
                        Errors.err("Invalid TIME option argument for XCLAIM"));
            } else if (Arguments.is(opt, "retrycount") && more) {
                retryCount = Arguments.parseLong(call.arg(++j),
                        Errors.err("Invalid RETRYCOUNT option argument for XCLAIM"));
            } else if (Arguments.is(opt, "lastid") && more) {
                lastId = StreamIds.strict(call.arg(++j), 0);
            } else {
                return Errors.err("Unrecognized XCLAIM option '" + Arguments.text(opt) + "'");
            }
        }
        GroupEffects effects = new GroupEffects(call);
        boolean lastIdMoved = false;
        if (lastId.compareTo(group.lastId()) > 0) {
            group.setLastId(lastId);
            lastIdMoved = true;
        }
        if (deliveryTime == -1 || deliveryTime < 0 || deliveryTime > now) {
            // an unknown or bogus time (a client's clock ahead of ours) is now
            deliveryTime = now;
        }
        byte[] key = call.arg(1);
        byte[] name = call.arg(2);
        Consumer consumer = null;
        List<Reply> claimed = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            StreamId id = ids.get(i);
            byte[] idArg = call.arg(5 + i);
            PendingEntry entry = group.pending().get(id);
            if (!stream.contains(id)) {
                if (entry != null) {
                    effects.claim(key, name, group, idArg, entry);
                    lastIdMoved = false;
                    call.keyspace().effects().dirty();
                    group.dropPending(id);
                }
                continue;
            }
            if (force && entry == null) {
                entry = group.addPending(id, now);
            }
            if (entry == null) {
                continue;
            }
            if (entry.consumer() != null && minIdle != 0 && now - entry.deliveryTime() < minIdle) {
                continue;
            }
            if (consumer == null) {
                consumer = consumerOf(call, group, key);
            }
            entry.setDeliveryTime(deliveryTime);
            if (retryCount >= 0) {
                entry.setDeliveryCount(retryCount);
            } else if (!justId) {
                entry.setDeliveryCount(entry.deliveryCount() + 1);
            }
            group.assign(id, entry, consumer);
            claimed.add(justId ? Streams.id(id) : entryReply(stream, id));
            effects.claim(key, name, group, idArg, entry);
            lastIdMoved = false;
            call.keyspace().effects().dirty();
        }
        if (lastIdMoved) {
            effects.setId(key, name, group);
            call.keyspace().effects().dirty();
        }
        effects.record();
        return new ArrayReply(claimed);
    }

    /** XAUTOCLAIM key group consumer min-idle-time start [COUNT count] [JUSTID] */
    static Reply xautoclaim(KeyCall call) {
        long minIdle = Math.max(0, Arguments.parseLong(call.arg(4),
                Errors.err("Invalid min-idle-time argument for XAUTOCLAIM")));
        StreamIds.Bound startBound = StreamIds.bound(call.arg(5), 0);
        StreamId start = startBound.id();
        if (startBound.exclusive() && (start = start.next()) == null) {
            return RangeCommands.BAD_START;
        }
        long count = 100;
        boolean justId = false;
        for (int j = 6; j < call.argc(); j++) {
            boolean more = call.argc() - 1 - j > 0;
            if (Arguments.is(call.arg(j), "count") && more) {
                count = Arguments.parseLong(call.arg(j + 1), Errors.err("COUNT must be > 0"));
                if (count < 1 || count > Long.MAX_VALUE / 16) {
                    throw new CommandError(Errors.err("COUNT must be > 0"));
                }
                j++;
            } else if (Arguments.is(call.arg(j), "justid")) {
                justId = true;
            } else {
                return Errors.SYNTAX;
            }
        }
        StreamValue stream = lookup(call);
        ConsumerGroup group = stream == null ? null : stream.group(call.arg(2));
        if (group == null) {
            return PendingCommands.noKeyOrGroup(call);
        }
        if (count * 16 > Runtime.getRuntime().maxMemory()) {
            // Redis allocates room for COUNT deleted IDs first, and fails when it cannot
            return COUNT_TOO_HIGH;
        }
        byte[] key = call.arg(1);
        byte[] name = call.arg(2);
        GroupEffects effects = new GroupEffects(call);
        long now = call.now();
        Consumer consumer = null;
        List<Reply> claimed = new ArrayList<>();
        List<Reply> deleted = new ArrayList<>();
        long attempts = count * ATTEMPTS_FACTOR;
        StreamId last = null;
        Map.Entry<StreamId, PendingEntry> next;
        while (attempts-- > 0 && count > 0 && (next = after(group, start, last)) != null) {
            StreamId id = next.getKey();
            PendingEntry entry = next.getValue();
            last = id;
            if (!stream.contains(id)) {
                effects.claim(key, name, group, id.toBytes(), entry);
                call.keyspace().effects().dirty();
                group.dropPending(id);
                deleted.add(Streams.id(id));
                count--;
                continue;
            }
            if (minIdle != 0 && now - entry.deliveryTime() < minIdle) {
                continue;
            }
            if (consumer == null) {
                consumer = consumerOf(call, group, key);
            }
            group.assign(id, entry, consumer);
            entry.setDeliveryTime(now);
            if (!justId) {
                entry.setDeliveryCount(entry.deliveryCount() + 1);
            }
            claimed.add(justId ? Streams.id(id) : entryReply(stream, id));
            count--;
            effects.claim(key, name, group, id.toBytes(), entry);
            call.keyspace().effects().dirty();
        }
        Map.Entry<StreamId, PendingEntry> cursor = after(group, start, last);
        effects.record();
        return ArrayReply.of(Streams.id(cursor == null ? StreamId.MIN : cursor.getKey()), new ArrayReply(claimed),
                new ArrayReply(deleted));
    }

    /** The pending entry after {@code last}, or the first from {@code start} when none was visited yet. */
    private static Map.Entry<StreamId, PendingEntry> after(ConsumerGroup group, StreamId start, StreamId last) {
        return last == null ? group.pending().ceilingEntry(start) : group.pending().higherEntry(last);
    }

    /** The stream, looked up as Redis does for these commands (a read), about to change. */
    private static StreamValue lookup(KeyCall call) {
        return Streams.require(call.db().lookup(call.arg(1), Lookup.READ | Lookup.CHANGE));
    }

    /** The claiming consumer: seen now, or created. */
    private static Consumer consumerOf(KeyCall call, ConsumerGroup group, byte[] key) {
        Consumer consumer = group.consumer(call.arg(3));
        if (consumer != null) {
            consumer.seen(call.now());
            return consumer;
        }
        return GroupCommands.createConsumer(call, group, call.arg(3), key);
    }

    private static Reply entryReply(StreamValue stream, StreamId id) {
        StreamIterator it = stream.iterator(id, id, false);
        it.next();
        return Streams.entry(it);
    }
}
