package io.redactor.actors.command.streams;

import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

/**
 * XADD and XTRIM, as Redis 7.0 runs them. What they record is what they did: XADD with the ID it got, and an
 * approximate trim as the exact one it came to ({@code MAXLEN = <length>} or {@code MINID = <first ID>}).
 */
final class AddCommands {
    private static final ErrorReply ZERO_ID = Errors.err("The ID specified in XADD must be greater than 0-0");
    private static final ErrorReply EXHAUSTED =
            Errors.err("The stream has exhausted the last possible ID, unable to add more items");
    private static final ErrorReply NOT_GREATER =
            Errors.err("The ID specified in XADD is equal or smaller than the target stream top item");
    private static final ErrorReply TOO_LARGE = Errors.err("Elements are too large to be stored");
    private static final byte[] EQUALS = {'='};

    private AddCommands() {
    }

    /** XADD key [NOMKSTREAM] [MAXLEN|MINID [=|~] threshold [LIMIT count]] *|id field value [field value ...] */
    static Reply xadd(KeyCall call) {
        TrimArguments parsed = TrimArguments.parse(call, true);
        int fieldsAt = parsed.idPosition() + 1;
        int rest = call.argc() - fieldsAt;
        if (rest < 2 || rest % 2 == 1) {
            return Errors.wrongArity("xadd");
        }
        StreamIds.Requested requested = parsed.id();
        if (requested != null && requested.seqGiven() && requested.id().isZero()) {
            return ZERO_ID;
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        StreamValue stream = Streams.write(db, key);
        if (stream == null) {
            if (parsed.noMkStream()) {
                return NullReply.NULL_BULK;
            }
            stream = new StreamValue();
            db.add(key, stream);
        }
        if (stream.lastId().isMax()) {
            return EXHAUSTED;
        }
        StreamId id;
        try {
            id = stream.nextId(requested == null ? null : requested.id(), requested == null || requested.seqGiven(),
                    call.now());
        } catch (StreamValue.SequenceExhausted e) {
            return TOO_LARGE;
        }
        if (id == null) {
            return NOT_GREATER;
        }
        int pairs = rest / 2;
        if (StreamValue.entryBytes(call.args(), fieldsAt, pairs) > StreamValue.NODE_MAX_SIZE) {
            return TOO_LARGE;
        }
        RuntimeConfig config = call.server().config();
        stream.append(id, call.args(), fieldsAt, pairs, config.streamNodeMaxBytes(), config.streamNodeMaxEntries());
        byte[] idBytes = id.toBytes();
        db.changed(key, KeyspaceEvents.STREAM, "xadd");
        byte[][] effect = call.args();
        if (parsed.strategy() != TrimArguments.Strategy.NONE) {
            if (stream.trim(parsed.trim()) > 0) {
                db.notify(KeyspaceEvents.STREAM, "xtrim", key);
            }
            if (parsed.approximate()) {
                effect = exactTrim(effect.clone(), parsed, stream);
            }
        }
        if (requested == null || !requested.seqGiven()) {
            effect = effect == call.args() ? effect.clone() : effect;
            effect[parsed.idPosition()] = idBytes;
        }
        if (effect != call.args() && call.logging()) {
            call.propagate(effect);
        }
        Streams.signalReady(call, key);
        return new BulkString(idBytes);
    }

    /** XTRIM key MAXLEN|MINID [=|~] threshold [LIMIT count] */
    static Reply xtrim(KeyCall call) {
        TrimArguments parsed = TrimArguments.parse(call, false);
        Db db = call.db();
        byte[] key = call.arg(1);
        StreamValue stream = Streams.write(db, key);
        if (stream == null) {
            return IntegerReply.ZERO;
        }
        long deleted = stream.trim(parsed.trim());
        if (deleted > 0) {
            db.notify(KeyspaceEvents.STREAM, "xtrim", key);
            if (parsed.approximate() && call.logging()) {
                call.propagate(exactTrim(call.args().clone(), parsed, stream));
            }
            db.signalModified(key);
            db.dirty(deleted);
        }
        return IntegerReply.of(deleted);
    }

    /**
     * {@code streamRewriteApproxSpecifier} and {@code streamRewriteTrimArgument}: {@code ~} becomes {@code =} and the
     * threshold what the trim came to, so that replaying it trims as much.
     */
    private static byte[][] exactTrim(byte[][] argv, TrimArguments parsed, StreamValue stream) {
        argv[parsed.thresholdPosition() - 1] = EQUALS;
        argv[parsed.thresholdPosition()] = parsed.strategy() == TrimArguments.Strategy.MAXLEN
                ? Propagation.number(stream.length()) : stream.edgeId(true, false).toBytes();
        return argv;
    }
}
