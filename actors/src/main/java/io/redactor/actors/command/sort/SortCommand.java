package io.redactor.actors.command.sort;

import io.redactor.actors.acl.AclUser;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.list.ListValue;
import io.redactor.actors.data.set.SetValue;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * SORT and SORT_RO with Redis 7.0's semantics: the elements of a list, set or sorted set (a missing key is an
 * empty list), ordered by their own value or by the keys a BY pattern names, numerically or (ALPHA) as strings,
 * cut by LIMIT, each replaced by the GET patterns' values, and returned or stored as a list.
 */
final class SortCommand {
    private static final ErrorReply NOT_A_DOUBLE = Errors.err("One or more scores can't be converted into double");
    private static final byte[] EMPTY = new byte[0];

    private SortCommand() {
    }

    static Reply sort(KeyCall call) {
        return run(call, SortArguments.parse(call.args(), false, mayReadAnyKey(call)));
    }

    static Reply sortReadOnly(KeyCall call) {
        return run(call, SortArguments.parse(call.args(), true, mayReadAnyKey(call)));
    }

    private static boolean mayReadAnyKey(KeyCall call) {
        AclUser user = call.client() == null ? null : call.client().user();
        return user == null || user.mayReadAnyKey(call.spec(), call.args());
    }

    private static Reply run(KeyCall call, SortArguments options) {
        Db db = call.db();
        boolean storing = options.store() != null;
        // Redis reads the sorted key even when storing (a missing one is a "keymiss"); patterns' keys it reads for
        // writing when storing.
        Object value = db.read(options.key());
        if (value != null && !(value instanceof ListValue || value instanceof SetValue
                || value instanceof SortedSetValue)) {
            return Errors.WRONGTYPE;
        }
        boolean dontSort = options.dontSort();
        boolean alpha = options.alpha();
        byte[] by = options.by();
        if (dontSort && value instanceof SetValue && (storing || call.fromScript())) {
            // A set has no order of its own: what is stored, or what a script sees, must not depend on its layout.
            dontSort = false;
            alpha = true;
            by = null;
        }
        long length = switch (value) {
            case ListValue list -> list.size();
            case SetValue set -> set.size();
            case SortedSetValue zset -> zset.size();
            case null, default -> 0;
        };
        long start = Math.max(options.limitStart(), 0);
        long end = options.limitCount() < 0 ? length - 1 : saturatedEnd(start, options.limitCount());
        if (start >= length) {
            start = length - 1;
            end = length - 2;
        }
        if (end >= length) {
            end = length - 1;
        }
        List<SortEntry> entries;
        if (dontSort && (value instanceof ListValue || value instanceof SortedSetValue)) {
            // Already in order: load just the range asked for.
            entries = loadRange(value, start, end, options.desc(), length);
            end -= start;
            start = 0;
        } else {
            entries = loadAll(value);
        }
        if (!dontSort) {
            if (!weigh(db, entries, by, alpha, storing)) {
                return NOT_A_DOUBLE;
            }
            entries.sort(new SortOrder(alpha, by != null, storing, options.desc()));
        }
        List<byte[]> output = output(db, entries, start, end, options.gets(), storing);
        return storing ? store(db, options.store(), output) : reply(output);
    }

    /** {@code start + count - 1}, or the largest long when that overflows (LIMIT with a huge count). */
    private static long saturatedEnd(long start, long count) {
        long end = start + count - 1;
        return end < start - 1 ? Long.MAX_VALUE : end;
    }

    private static List<SortEntry> loadRange(Object value, long start, long end, boolean desc, long length) {
        List<SortEntry> entries = new ArrayList<>();
        if (end < start) {
            return entries;
        }
        int count = (int) (end - start + 1);
        if (value instanceof ListValue list) {
            ListValue.Cursor cursor = list.cursor(desc ? length - start - 1 : start, !desc);
            for (int i = 0; i < count; i++) {
                entries.add(new SortEntry(cursor.element()));
                cursor.advance();
            }
        } else {
            SortedSetValue zset = (SortedSetValue) value;
            int from = (int) (desc ? length - start - count : start);
            zset.visit(from, from + count, desc, (member, score) -> entries.add(new SortEntry(member)));
        }
        return entries;
    }

    private static List<SortEntry> loadAll(Object value) {
        List<SortEntry> entries = new ArrayList<>();
        switch (value) {
            case ListValue list -> list.forEach(0, list.size() - 1, element -> entries.add(new SortEntry(element)));
            case SetValue set -> {
                for (int i = 0; i < set.size(); i++) {
                    entries.add(new SortEntry(set.member(i)));
                }
            }
            case SortedSetValue zset -> zset.forEach((member, score) -> entries.add(new SortEntry(member)));
            case null, default -> {
            }
        }
        return entries;
    }

    /** Gives each entry what it is compared by; false when a numeric weight is not a number. */
    private static boolean weigh(Db db, List<SortEntry> entries, byte[] by, boolean alpha, boolean storing) {
        boolean convertible = true;
        for (SortEntry entry : entries) {
            byte[] weight = by == null ? entry.element : SortPattern.resolve(db, by, entry.element, storing);
            if (weight == null) {
                continue;
            }
            if (alpha) {
                if (by != null) {
                    entry.text = weight;
                }
            } else {
                try {
                    entry.score = RedisDoubles.parseStrtodWithoutRangeError(weight);
                } catch (NotANumberException e) {
                    convertible = false;
                }
            }
        }
        return convertible;
    }

    /** The entries from {@code start} to {@code end}, each as itself or as its GET patterns' values. */
    private static List<byte[]> output(Db db, List<SortEntry> entries, long start, long end, List<byte[]> gets,
                                       boolean storing) {
        List<byte[]> output = new ArrayList<>();
        for (long j = start; j <= end; j++) {
            byte[] element = entries.get((int) j).element;
            if (gets.isEmpty()) {
                output.add(element);
            }
            for (byte[] get : gets) {
                byte[] got = SortPattern.resolve(db, get, element, storing);
                output.add(got == null && storing ? EMPTY : got);
            }
        }
        return output;
    }

    private static Reply reply(List<byte[]> output) {
        List<Reply> items = new ArrayList<>(output.size());
        for (byte[] item : output) {
            items.add(item == null ? NullReply.NULL_BULK : new BulkString(item));
        }
        return new ArrayReply(items);
    }

    /** STORE: the output becomes a list at {@code destination}; no output deletes it. */
    private static Reply store(Db db, byte[] destination, List<byte[]> output) {
        if (output.isEmpty()) {
            if (db.delete(destination)) {
                db.changed(destination, KeyspaceEvents.GENERIC, "del");
            }
            return IntegerReply.ZERO;
        }
        ListValue list = new ListValue();
        for (byte[] item : output) {
            list.pushRight(item);
        }
        db.set(destination, list, false);
        db.notify(KeyspaceEvents.LIST, "sortstore", destination);
        db.dirty(output.size());
        return IntegerReply.of(output.size());
    }
}
