package io.redactor.actors.command.streams;

import io.redactor.actors.blocking.BlockRequest;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * XREAD and XREADGROUP, as Redis 7.0's {@code xreadCommand} runs both: options, then each key and ID (the group must
 * exist), then the streams that have something for the reader, answered at once; otherwise, with BLOCK, the client
 * waits until a write gives one of them something (then it is served from that stream alone, at most COUNT entries
 * or 1000), the group or the stream is gone (an error), or the time is up (a null). Inside MULTI it does not wait.
 */
final class ReadCommands {
    /** Redis's XREAD_BLOCKED_DEFAULT_COUNT: what a served blocked read returns at most without COUNT. */
    private static final long BLOCKED_DEFAULT_COUNT = 1000;
    private static final ErrorReply NOT_INTEGER = Errors.err("timeout is not an integer or out of range");
    private static final ErrorReply UNBALANCED = Errors.err("Unbalanced XREAD list of streams: for each stream key an"
            + " ID or '$' must be specified.");
    private static final ErrorReply DOLLAR_IN_GROUP = Errors.err("The $ ID is meaningless in the context of "
            + "XREADGROUP: you want to read the history of this consumer by specifying a proper ID, or use the > ID "
            + "to get new messages. The $ ID would just return an empty result set.");
    private static final ErrorReply GREATER_WITHOUT_GROUP = Errors.err("The > ID can be specified only when calling "
            + "XREADGROUP using the GROUP <group> <consumer> option.");
    private static final ErrorReply STREAM_GONE = new ErrorReply("UNBLOCKED the stream key no longer exists");
    private static final ErrorReply GROUP_GONE =
            new ErrorReply("NOGROUP the consumer group this client was blocked on no longer exists");

    private ReadCommands() {
    }

    /** XREAD [COUNT count] [BLOCK milliseconds] STREAMS key [key ...] id [id ...] */
    static Reply xread(KeyCall call) {
        return read(call, false);
    }

    /** XREADGROUP GROUP group consumer [COUNT count] [BLOCK milliseconds] [NOACK] STREAMS key [key ...] id [id ...] */
    static Reply xreadgroup(KeyCall call) {
        GroupEffects effects = new GroupEffects(call);
        try {
            return read(call, true, effects);
        } finally {
            effects.record();
        }
    }

    private static Reply read(KeyCall call, boolean xreadgroup) {
        return read(call, xreadgroup, null);
    }

    /** The arguments, as far as they were read. */
    private record Request(long timeout, long count, int streamsAt, int streams, byte[] group, byte[] consumer,
                           boolean noack) {
        byte[] key(KeyCall call, int i) {
            return call.arg(streamsAt + i);
        }
    }

    private static Reply read(KeyCall call, boolean xreadgroup, GroupEffects effects) {
        Request request = parse(call, xreadgroup);
        Db db = call.db();
        StreamId[] ids = new StreamId[request.streams()];
        for (int i = 0; i < request.streams(); i++) {
            byte[] key = request.key(call, i);
            StreamValue stream = Streams.read(db, key);
            if (request.group() != null && (stream == null || stream.group(request.group()) == null)) {
                return new ErrorReply("NOGROUP No such key '" + Arguments.text(key) + "' or consumer group '"
                        + Arguments.text(request.group()) + "' in XREADGROUP with GROUP option");
            }
            byte[] arg = call.arg(request.streamsAt() + request.streams() + i);
            if (GroupCommands.isDollar(arg)) {
                if (xreadgroup) {
                    return DOLLAR_IN_GROUP;
                }
                ids[i] = stream == null ? StreamId.MIN : stream.lastId();
            } else if (isGreater(arg)) {
                if (!xreadgroup) {
                    return GREATER_WITHOUT_GROUP;
                }
                ids[i] = StreamId.MAX;
            } else {
                ids[i] = StreamIds.strict(arg, 0);
            }
        }
        List<Reply> served = new ArrayList<>();
        for (int i = 0; i < request.streams(); i++) {
            byte[] key = request.key(call, i);
            StreamValue stream = (StreamValue) db.read(key);
            if (stream == null) {
                continue;
            }
            List<Reply> entries = serveAtOnce(call, request, key, stream, ids[i], effects);
            if (entries != null) {
                served.add(new BulkString(key));
                served.add(new ArrayReply(entries));
            }
        }
        if (!served.isEmpty()) {
            return keyedReply(call, served);
        }
        if (request.timeout() == -1) {
            return NullReply.NULL_ARRAY;
        }
        return call.block(blockRequest(call, request, ids), request.timeout(), NullReply.NULL_ARRAY);
    }

    private static Request parse(KeyCall call, boolean xreadgroup) {
        long timeout = -1;
        long count = 0;
        byte[] group = null;
        byte[] consumer = null;
        boolean noack = false;
        for (int i = 1; i < call.argc(); i++) {
            int more = call.argc() - i - 1;
            byte[] opt = call.arg(i);
            if (Arguments.is(opt, "block") && more > 0) {
                if (call.fromScript()) {
                    throw new CommandError(Errors.err(Arguments.text(call.arg(0))
                            + " command is not allowed with BLOCK option from scripts"));
                }
                timeout = timeout(call, call.arg(++i));
            } else if (Arguments.is(opt, "count") && more > 0) {
                count = Math.max(0, Arguments.parseLong(call.arg(++i)));
            } else if (Arguments.is(opt, "streams") && more > 0) {
                int streams = call.argc() - (i + 1);
                if (streams % 2 != 0) {
                    throw new CommandError(UNBALANCED);
                }
                if (xreadgroup && group == null) {
                    throw new CommandError(Errors.err("Missing GROUP option for XREADGROUP"));
                }
                return new Request(timeout, count, i + 1, streams / 2, group, consumer, noack);
            } else if (Arguments.is(opt, "group") && more >= 2) {
                if (!xreadgroup) {
                    throw new CommandError(Errors.err("The GROUP option is only supported by XREADGROUP. You called "
                            + "XREAD instead."));
                }
                group = call.arg(i + 1);
                consumer = call.arg(i + 2);
                i += 2;
            } else if (Arguments.is(opt, "noack")) {
                if (!xreadgroup) {
                    throw new CommandError(Errors.err("The NOACK option is only supported by XREADGROUP. You called "
                            + "XREAD instead."));
                }
                noack = true;
            } else {
                throw Arguments.syntaxError();
            }
        }
        throw Arguments.syntaxError();
    }

    /** BLOCK's milliseconds ({@code getTimeoutFromObjectOrReply}): a deadline in unix ms, 0 for ever. */
    private static long timeout(KeyCall call, byte[] arg) {
        long millis = Arguments.parseLong(arg, NOT_INTEGER);
        if (millis < 0) {
            throw new CommandError(Errors.err("timeout is negative"));
        }
        if (millis == 0) {
            return 0;
        }
        long deadline = call.now() + millis;
        // Redis's deadline wraps around here and is then never reached.
        return deadline < 0 ? 0 : deadline;
    }

    /** {@code streamIncrID}, which wraps around after the largest ID. */
    private static StreamId successor(StreamId id) {
        StreamId next = id.next();
        return next == null ? StreamId.MIN : next;
    }

    private static boolean isGreater(byte[] arg) {
        return arg.length >= 1 && arg[0] == '>' && (arg.length == 1 || arg[1] == 0);
    }

    /**
     * The entries a read gets from one stream now, or null when it gets nothing: a group's new entries when the
     * stream has a live entry past the group's last ID, the consumer's history for any other ID; without a group,
     * the entries past the ID when the stream has a live one past it.
     */
    private static List<Reply> serveAtOnce(KeyCall call, Request request, byte[] key, StreamValue stream,
                                           StreamId after, GroupEffects effects) {
        ConsumerGroup group = request.group() == null ? null : stream.group(request.group());
        boolean history = false;
        if (group != null) {
            if (!after.isMax()) {
                history = true;
            } else if (stream.length() > 0 && stream.lastValidId().compareTo(group.lastId()) > 0) {
                after = group.lastId();
            } else {
                return null;
            }
        } else if (stream.length() == 0 || stream.lastValidId().compareTo(after) <= 0) {
            return null;
        }
        StreamId start = successor(after);
        if (group == null) {
            List<Reply> entries = new ArrayList<>();
            Streams.range(stream, start, StreamId.MAX, request.count(), false, entries);
            return entries;
        }
        stream = Streams.require(call.db().lookup(key, Lookup.NOSTATS | Lookup.NOTOUCH | Lookup.NONOTIFY
                | Lookup.CHANGE));
        Consumer consumer = consumer(call, request, key, group, effects);
        call.keyspace().effects().dirty();
        if (history) {
            return GroupReads.history(stream, consumer, start, request.count(), call.now());
        }
        return deliver(call, request, key, stream, group, consumer, start, request.count(), effects);
    }

    /**
     * The reading consumer, seen now; created if new (announced, and recorded when NOACK, since then no XCLAIM
     * creates it where the log is replayed).
     */
    private static Consumer consumer(KeyCall call, Request request, byte[] key, ConsumerGroup group,
                                     GroupEffects effects) {
        Consumer consumer = group.consumer(request.consumer());
        if (consumer != null) {
            consumer.seen(call.now());
            return consumer;
        }
        consumer = GroupCommands.createConsumer(call, group, request.consumer(), key);
        if (request.noack()) {
            effects.createConsumer(key, request.group(), request.consumer());
        }
        return consumer;
    }

    private static List<Reply> deliver(KeyCall call, Request request, byte[] key, StreamValue stream,
                                       ConsumerGroup group, Consumer consumer, StreamId start, long count,
                                       GroupEffects effects) {
        byte[] name = request.group();
        return GroupReads.deliver(stream, group, consumer, start, count, request.noack(), call.now(),
                new GroupReads.Recorder() {
                    @Override
                    public void claimed(StreamId id, PendingEntry entry) {
                        effects.claim(key, name, group, id.toBytes(), entry);
                    }

                    @Override
                    public void lastIdMoved() {
                        effects.setId(key, name, group);
                    }
                });
    }

    /** Streams and their entries: an array of [key, entries] pairs in RESP2, a map in RESP3. */
    private static Reply keyedReply(KeyCall call, List<Reply> keysAndEntries) {
        if (call.protocol() == 3) {
            return new MapReply(keysAndEntries);
        }
        List<Reply> pairs = new ArrayList<>(keysAndEntries.size() / 2);
        for (int i = 0; i < keysAndEntries.size(); i += 2) {
            pairs.add(ArrayReply.of(keysAndEntries.get(i), keysAndEntries.get(i + 1)));
        }
        return new ArrayReply(pairs);
    }

    /**
     * What a blocked read waits for: a write that leaves one of its streams with an entry past the ID it waits from
     * (for a group: the group's last ID then); for a group, also the stream or the group going away.
     */
    private static BlockRequest blockRequest(KeyCall call, Request request, StreamId[] ids) {
        List<byte[]> keys = new ArrayList<>(request.streams());
        List<StreamId> after = new ArrayList<>(request.streams());
        for (int i = 0; i < request.streams(); i++) {
            byte[] key = request.key(call, i);
            if (keys.stream().noneMatch(known -> Arrays.equals(known, key))) {
                keys.add(key);
                after.add(ids[i]);
            }
        }
        long count = request.count() == 0 ? BLOCKED_DEFAULT_COUNT : request.count();
        Request served = new Request(0, count, request.streamsAt(), request.streams(), request.group(),
                request.consumer(), request.noack());
        return new BlockRequest(keys, StreamValue.class,
                (blocked, key) -> serveBlocked(blocked, served, key, after.get(indexOf(keys, key))), null,
                NullReply.NULL_ARRAY, (key, value) -> ready(served, value, after.get(indexOf(keys, key))));
    }

    private static int indexOf(List<byte[]> keys, byte[] key) {
        for (int i = 0; i < keys.size(); i++) {
            if (Arrays.equals(keys.get(i), key)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean ready(Request request, Object value, StreamId after) {
        if (request.group() == null) {
            return value instanceof StreamValue stream && stream.lastId().compareTo(after) > 0;
        }
        if (!(value instanceof StreamValue stream)) {
            return true;
        }
        ConsumerGroup group = stream.group(request.group());
        return group == null || stream.lastId().compareTo(group.lastId()) > 0;
    }

    /** Serves a blocked read from {@code key}, which {@link #ready} accepted. */
    private static Reply serveBlocked(KeyCall call, Request request, byte[] key, StreamId after) {
        Object value = call.db().lookup(key, Lookup.NOSTATS | Lookup.NOTOUCH | Lookup.NONOTIFY | Lookup.CHANGE);
        if (request.group() == null) {
            List<Reply> entries = new ArrayList<>();
            Streams.range((StreamValue) value, successor(after), StreamId.MAX, request.count(), false, entries);
            return keyedReply(call, List.of(new BulkString(key), new ArrayReply(entries)));
        }
        GroupEffects effects = new GroupEffects(call);
        try {
            if (!(value instanceof StreamValue stream)) {
                return STREAM_GONE;
            }
            ConsumerGroup group = stream.group(request.group());
            if (group == null) {
                return GROUP_GONE;
            }
            StreamId start = successor(group.lastId());
            Consumer consumer = consumer(call, request, key, group, effects);
            List<Reply> entries = deliver(call, request, key, stream, group, consumer, start, request.count(),
                    effects);
            return keyedReply(call, List.of(new BulkString(key), new ArrayReply(entries)));
        } finally {
            effects.record();
        }
    }
}
