package io.redactor.actors.command.sets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.keys.ScanCursor;
import io.redactor.actors.command.keys.ScanOptions;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * SSCAN, in Redis's order: the cursor is parsed first, then the key is looked up (a missing key ends the scan
 * before the options are even read), then the options. An intset comes back whole with cursor 0; a hashtable
 * is walked bucket by bucket until COUNT members are collected or ten times COUNT buckets were visited.
 */
final class SscanCommand {
    private static final ArrayReply EMPTY_SCAN = ArrayReply.of(BulkString.of("0"), ArrayReply.EMPTY);

    private SscanCommand() {
    }

    static Reply sscan(KeyCall call) {
        long cursor = ScanCursor.parse(call.arg(2));
        SetValue set = Sets.read(call.db(), call.arg(1));
        if (set == null) {
            return EMPTY_SCAN;
        }
        ScanOptions options = ScanOptions.parse(call);
        List<byte[]> found = new ArrayList<>();
        long budget = options.bucketBudget();
        do {
            cursor = set.scan(cursor, found::add);
        } while (cursor != 0 && budget-- > 0 && found.size() < options.count());
        List<Reply> members = new ArrayList<>(found.size());
        for (byte[] member : found) {
            if (options.matches(member)) {
                members.add(new BulkString(member));
            }
        }
        return ArrayReply.of(BulkString.of(Long.toUnsignedString(cursor)), new ArrayReply(members));
    }
}
