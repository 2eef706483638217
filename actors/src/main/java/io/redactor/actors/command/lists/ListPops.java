package io.redactor.actors.command.lists;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.MultiPopArguments;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * Taking elements off lists: LPOP, RPOP, LMPOP, LMOVE and RPOPLPUSH, and the cores the blocking variants
 * (BLPOP, BRPOP, BLMPOP, BLMOVE, BRPOPLPUSH) reuse. The cores throw {@link io.redactor.actors.command.CommandError}
 * with WRONGTYPE when a key holds another type, and return null when there is nothing to pop.
 */
public final class ListPops {
    /** Count value meaning "no COUNT argument": reply with one bulk string instead of an array. */
    public static final long NO_COUNT = -1;

    private static final ErrorReply COUNT_NOT_POSITIVE = Errors.err("value is out of range, must be positive");
    private static final byte[] LEFT = {'L', 'E', 'F', 'T'};
    private static final byte[] RIGHT = {'R', 'I', 'G', 'H', 'T'};

    private ListPops() {
    }

    // ---- cores for the blocking commands

    /**
     * LPOP/RPOP on one key: with {@code count} {@link #NO_COUNT} the element as a bulk string, otherwise an array
     * of up to {@code count} elements (empty for 0). Null when the key does not exist.
     */
    public static Reply pop(KeyCall call, byte[] key, boolean left, long count) {
        Db db = call.db();
        ListValue list = Lists.write(db, key);
        if (list == null) {
            return null;
        }
        if (count == NO_COUNT) {
            return new BulkString(popOne(db, key, list, left));
        }
        if (count == 0) {
            return ArrayReply.EMPTY;
        }
        return new ArrayReply(popMany(db, key, list, left, count));
    }

    /** BLPOP/BRPOP's reply for one key: {@code [key, element]} after popping it, or null when the key is missing. */
    public static Reply popWithKey(KeyCall call, byte[] key, boolean left) {
        Db db = call.db();
        ListValue list = Lists.write(db, key);
        if (list == null) {
            return null;
        }
        byte[] element = list.pop(left);
        Lists.popped(db, key, list, left, call.servesBlocked() ? 0 : 1);
        Reply reply = ArrayReply.of(new BulkString(key), new BulkString(element));
        // BLPOP/BRPOP replay as the pop of the key that was served
        if (call.logging()) {
            call.propagate(left ? Propagation.LPOP : Propagation.RPOP, key);
        }
        return reply;
    }

    /** Pops one element off an existing list at {@code key}, with Redis's notifications and deletion when emptied. */
    public static byte[] popOne(Db db, byte[] key, ListValue list, boolean left) {
        byte[] element = list.pop(left);
        Lists.popped(db, key, list, left, 1);
        return element;
    }

    /** Pops up to {@code count} (> 0) elements off an existing list, in pop order, as bulk-string replies. */
    public static List<Reply> popMany(Db db, byte[] key, ListValue list, boolean left, long count) {
        int n = (int) Math.min(count, list.size());
        List<Reply> elements = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            elements.add(new BulkString(list.pop(left)));
        }
        Lists.popped(db, key, list, left, n);
        return elements;
    }

    /**
     * LMPOP's core: pops up to {@code count} elements from the first key of {@code keys} that holds a list and
     * replies {@code [key, [elements]]}; null when none exists. A key of another type met before that is WRONGTYPE.
     */
    public static Reply popFirst(KeyCall call, List<byte[]> keys, boolean left, long count) {
        Db db = call.db();
        for (byte[] key : keys) {
            ListValue list = Lists.write(db, key);
            if (list != null && !list.isEmpty()) {
                List<Reply> popped = popMany(db, key, list, left, count);
                // LMPOP/BLMPOP replay as a pop of that many from the key that had elements
                if (call.logging()) {
                    call.propagate(left ? Propagation.LPOP : Propagation.RPOP, key,
                            Propagation.number(popped.size()));
                }
                return ArrayReply.of(new BulkString(key), new ArrayReply(popped));
            }
        }
        return null;
    }

    /**
     * LMOVE's core: pops an element from {@code source}, pushes it onto {@code destination} (created if needed)
     * and returns it as a bulk string; null when the source does not exist. Nothing changes when either key
     * holds another type (WRONGTYPE). Events as Redis: "lpush"/"rpush" on the destination, then "lpop"/"rpop"
     * (and "del" when emptied) on the source.
     */
    public static Reply move(KeyCall call, byte[] source, byte[] destination, boolean fromLeft, boolean toLeft) {
        Db db = call.db();
        ListValue from = Lists.write(db, source);
        if (from == null) {
            return null;
        }
        ListValue to = Lists.write(db, destination);
        byte[] element = from.pop(fromLeft);
        if (to == null) {
            to = new ListValue();
            to.push(element, toLeft);
            db.add(destination, to);
        } else {
            to.push(element, toLeft);
        }
        // one change for the move, as Redis counts it
        db.changed(destination, KeyspaceEvents.LIST, toLeft ? "lpush" : "rpush", 0);
        Lists.popped(db, source, from, fromLeft, call.servesBlocked() ? 0 : 1);
        // BLMOVE and BRPOPLPUSH replay as what they did once served
        if (call.logging()) {
            call.propagate(Propagation.LMOVE, source, destination, side(fromLeft), side(toLeft));
        }
        return new BulkString(element);
    }

    private static byte[] side(boolean left) {
        return left ? LEFT : RIGHT;
    }

    // ---- the commands

    static Reply lpop(KeyCall call) {
        return popCommand(call, true);
    }

    static Reply rpop(KeyCall call) {
        return popCommand(call, false);
    }

    private static Reply popCommand(KeyCall call, boolean left) {
        int argc = call.args().length;
        if (argc > 3) {
            return Errors.wrongArity(call.spec().fullName());
        }
        long count = NO_COUNT;
        if (argc == 3) {
            count = Lists.parseRange(call.arg(2), 0, Long.MAX_VALUE, COUNT_NOT_POSITIVE);
        }
        Reply reply = pop(call, call.arg(1), left, count);
        if (reply == null) {
            return count == NO_COUNT ? NullReply.NULL_BULK : NullReply.NULL_ARRAY;
        }
        return reply;
    }

    /** LMPOP numkeys key [key ...] LEFT|RIGHT [COUNT count] */
    static Reply lmpop(KeyCall call) {
        MultiPopArguments pop = MultiPopArguments.parse(call.args(), 1, "left", "right");
        Reply reply = popFirst(call, pop.keys(), pop.firstEnd(), pop.count());
        return reply == null ? NullReply.NULL_ARRAY : reply;
    }

    /** LMOVE source destination LEFT|RIGHT LEFT|RIGHT */
    static Reply lmove(KeyCall call) {
        boolean fromLeft = Lists.isLeft(call.arg(3));
        boolean toLeft = Lists.isLeft(call.arg(4));
        return orNull(move(call, call.arg(1), call.arg(2), fromLeft, toLeft));
    }

    /** RPOPLPUSH source destination: LMOVE source destination RIGHT LEFT. */
    static Reply rpoplpush(KeyCall call) {
        return orNull(move(call, call.arg(1), call.arg(2), false, true));
    }

    private static Reply orNull(Reply reply) {
        return reply == null ? NullReply.NULL_BULK : reply;
    }
}
