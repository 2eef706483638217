package io.redactor.actors.command.hashes;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.keys.ScanCursor;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.actors.node.config.GlobPattern;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * HSCAN. A "listpack" hash comes back whole in one call with cursor 0, whatever the cursor, as in Redis; a
 * table is walked bucket by bucket until COUNT elements (fields and values both count, as in Redis) or ten
 * times COUNT buckets. MATCH filters fields after the walk, so a call may return fewer elements than asked.
 */
final class HashScan {
    private static final Reply EMPTY = ArrayReply.of(BulkString.of("0"), ArrayReply.EMPTY);

    private HashScan() {
    }

    static Reply hscan(KeyCall call) {
        long cursor = ScanCursor.parse(call.arg(2));
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null) {
            return EMPTY;
        }
        long count = 10;
        byte[] pattern = null;
        for (int i = 3; i < call.argc(); i += 2) {
            byte[] option = call.arg(i);
            boolean hasValue = i + 1 < call.argc();
            if (Arguments.is(option, "count") && hasValue) {
                count = Arguments.parseLong(call.arg(i + 1));
                if (count < 1) {
                    return Errors.SYNTAX;
                }
            } else if (Arguments.is(option, "match") && hasValue) {
                byte[] p = call.arg(i + 1);
                pattern = p.length == 1 && p[0] == '*' ? null : p;
            } else {
                return Errors.SYNTAX;
            }
        }
        List<byte[]> found = new ArrayList<>();
        HashValue.PairVisitor collect = (field, value) -> {
            found.add(field);
            found.add(value);
        };
        long budget = count > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : count * 10;
        do {
            cursor = hash.scan(cursor, collect);
        } while (cursor != 0 && budget-- > 0 && found.size() < count);
        List<Reply> items = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i += 2) {
            byte[] field = found.get(i);
            if (pattern == null || GlobPattern.matches(pattern, field, false)) {
                items.add(new BulkString(field));
                items.add(new BulkString(found.get(i + 1)));
            }
        }
        return ArrayReply.of(BulkString.of(Long.toUnsignedString(cursor)), new ArrayReply(items));
    }
}
