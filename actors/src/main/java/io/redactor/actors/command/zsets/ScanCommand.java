package io.redactor.actors.command.zsets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.keys.ScanCursor;
import io.redactor.actors.command.keys.ScanOptions;
import io.redactor.actors.data.zset.EntryVisitor;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * ZSCAN key cursor [MATCH pattern] [COUNT count]: a listpack-encoded set comes whole in one reply (cursor 0), a
 * skiplist-encoded one bucket by bucket of its member index. Scores are bulk strings: as a listpack holds them
 * (integral values as integers) or as Redis prints a double (%.17g).
 */
final class ScanCommand {
    private static final Reply EMPTY_SCAN = ArrayReply.of(BulkString.of("0"), ArrayReply.EMPTY);
    private static final double LISTPACK_INTEGER_LIMIT = Long.MAX_VALUE / 2;

    private ScanCommand() {
    }

    static Reply zscan(KeyCall call) {
        long cursor = ScanCursor.parse(call.arg(2));
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        if (set == null) {
            return EMPTY_SCAN;
        }
        ScanOptions options = ScanOptions.parse(call);
        boolean listpack = set.isListpack();
        List<Reply> items = new ArrayList<>();
        long next;
        EntryVisitor collect = (member, score) -> {
            if (options.matches(member)) {
                items.add(new BulkString(member));
                items.add(new BulkString(listpack ? listpackText(score) : doubleText(score)));
            }
        };
        if (listpack) {
            set.forEach(collect);
            next = 0;
        } else {
            next = set.scan(cursor, options.count(), collect);
        }
        return ArrayReply.of(BulkString.of(Long.toUnsignedString(next)), new ArrayReply(items));
    }

    /** How a listpack stores a score: integral values within half the long range as integers. */
    private static byte[] listpackText(double score) {
        if (score >= -LISTPACK_INTEGER_LIMIT && score <= LISTPACK_INTEGER_LIMIT && score == Math.rint(score)) {
            return RedisIntegers.toBytes((long) score);
        }
        return doubleText(score);
    }

    private static byte[] doubleText(double score) {
        if (Double.isInfinite(score)) {
            return (score > 0 ? "inf" : "-inf").getBytes(StandardCharsets.US_ASCII);
        }
        return RedisDoubles.formatG(score, 17).getBytes(StandardCharsets.US_ASCII);
    }
}
