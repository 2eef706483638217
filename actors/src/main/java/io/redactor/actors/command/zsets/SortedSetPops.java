package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.MultiPopArguments;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.zset.EntryVisitor;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * Popping the lowest or highest members: ZPOPMIN, ZPOPMAX and ZMPOP, and the cores the blocking forms (BZPOPMIN,
 * BZPOPMAX, BZMPOP) reuse: Redis's genericZpopCommand, with its reply shapes and notifications ("zpopmin" or
 * "zpopmax" once, then "del" when the set is emptied).
 */
public final class SortedSetPops {
    private static final CommandError COUNT_NOT_POSITIVE =
            new CommandError(Errors.err("value is out of range, must be positive"));

    private SortedSetPops() {
    }

    /** ZPOPMIN/ZPOPMAX key [count] */
    static Reply zpopmin(KeyCall call) {
        return zpopCommand(call, false);
    }

    static Reply zpopmax(KeyCall call) {
        return zpopCommand(call, true);
    }

    private static Reply zpopCommand(KeyCall call, boolean max) {
        if (call.argc() > 3) {
            return Errors.SYNTAX;
        }
        long count = call.argc() == 3 ? atLeast(0, call.arg(2), COUNT_NOT_POSITIVE) : -1;
        return zpop(call, call.arg(1), max, count);
    }

    /**
     * ZPOPMIN's (or ZPOPMAX's) reply for {@code key}: {@code count} -1 when no COUNT was given. A flat array of
     * member, score... in RESP2 or without COUNT, an array of [member, score] pairs in RESP3 with COUNT; an empty
     * array when the key is missing or {@code count} is 0. WRONGTYPE is thrown as a {@link CommandError}.
     */
    public static Reply zpop(KeyCall call, byte[] key, boolean max, long count) {
        SortedSetValue set = SortedSets.write(call.db(), key);
        if (set == null || count == 0) {
            return ArrayReply.EMPTY;
        }
        boolean pairs = SortedSets.protocol(call) >= 3 && count != -1;
        int popped = (int) Math.min(count == -1 ? 1 : count, set.size());
        EntryReplies reply = new EntryReplies(popped, true, pairs);
        pop(call.db(), key, set, max, popped, reply);
        return reply.reply();
    }

    /**
     * BZPOPMIN's (or BZPOPMAX's) reply when {@code key} holds a sorted set: [key, member, score] with the popped
     * member; null when the key is missing. WRONGTYPE is thrown as a {@link CommandError}.
     */
    public static Reply popWithKey(KeyCall call, byte[] key, boolean max) {
        SortedSetValue set = SortedSets.write(call.db(), key);
        if (set == null) {
            return null;
        }
        List<Reply> items = new ArrayList<>(3);
        items.add(new BulkString(key));
        EntryReplies entry = new EntryReplies(1, true, false);
        pop(call.db(), key, set, max, 1, entry);
        items.addAll(entry.reply().items());
        // BZPOPMIN/BZPOPMAX replay as the pop of the key that was served
        if (call.logging()) {
            call.propagate(max ? Propagation.ZPOPMAX : Propagation.ZPOPMIN, key);
        }
        return new ArrayReply(items);
    }

    /**
     * ZMPOP's (and BZMPOP's) reply: [key, [[member, score], ...]] with up to {@code count} members popped from the
     * first of {@code keys} that exists; null when none does. WRONGTYPE (thrown as a {@link CommandError}) when
     * a key before the first sorted set holds another type.
     */
    public static Reply mpop(KeyCall call, List<byte[]> keys, boolean max, long count) {
        Db db = call.db();
        for (byte[] key : keys) {
            SortedSetValue set = SortedSets.write(db, key);
            if (set == null) {
                continue;
            }
            int popped = (int) Math.min(count, set.size());
            EntryReplies entries = new EntryReplies(popped, true, true);
            pop(db, key, set, max, popped, entries);
            // ZMPOP/BZMPOP replay as a pop of that many from the key that had members
            if (call.logging()) {
                call.propagate(max ? Propagation.ZPOPMAX : Propagation.ZPOPMIN, key, Propagation.number(popped));
            }
            return ArrayReply.of(new BulkString(key), entries.reply());
        }
        return null;
    }

    /** ZMPOP numkeys key [key ...] MIN|MAX [COUNT count] */
    static Reply zmpop(KeyCall call) {
        MultiPopArguments pop = MultiPopArguments.parse(call.args(), 1, "min", "max");
        Reply reply = mpop(call, pop.keys(), !pop.firstEnd(), pop.count());
        return reply == null ? NullReply.NULL_ARRAY : reply;
    }

    /** Pops {@code count} entries (at most the set's size) and notifies as Redis does. */
    private static void pop(Db db, byte[] key, SortedSetValue set, boolean max, int count, EntryVisitor visitor) {
        int size = set.size();
        if (count == size) {
            // Everything goes: read the entries, and the key is deleted.
            set.visit(0, size, max, visitor);
        } else if (max) {
            set.removeRange(size - count, size, true, visitor);
        } else {
            set.removeRange(0, count, false, visitor);
        }
        SortedSets.removed(db, key, count == size, max ? "zpopmax" : "zpopmin", count);
    }

    /** An integer of at least {@code min}; {@code error} for anything else, as Redis words it per command. */
    private static long atLeast(long min, byte[] arg, CommandError error) {
        long value;
        try {
            value = RedisIntegers.parseLong(arg);
        } catch (NotANumberException e) {
            throw error;
        }
        if (value < min) {
            throw error;
        }
        return value;
    }
}
