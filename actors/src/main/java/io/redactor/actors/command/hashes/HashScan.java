package io.redactor.actors.command.hashes;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.keys.ScanCursor;
import io.redactor.actors.command.keys.ScanOptions;
import io.redactor.actors.data.hash.HashValue;
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
        ScanOptions options = ScanOptions.parse(call);
        List<byte[]> found = new ArrayList<>();
        HashValue.PairVisitor collect = (field, value) -> {
            found.add(field);
            found.add(value);
        };
        long budget = options.bucketBudget();
        do {
            cursor = hash.scan(cursor, collect);
        } while (cursor != 0 && budget-- > 0 && found.size() < options.count());
        List<Reply> items = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i += 2) {
            byte[] field = found.get(i);
            if (options.matches(field)) {
                items.add(new BulkString(field));
                items.add(new BulkString(found.get(i + 1)));
            }
        }
        return ArrayReply.of(BulkString.of(Long.toUnsignedString(cursor)), new ArrayReply(items));
    }
}
