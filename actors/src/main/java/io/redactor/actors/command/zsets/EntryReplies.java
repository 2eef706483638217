package io.redactor.actors.command.zsets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.zset.EntryVisitor;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * A reply listing sorted set entries as Redis 7.0 does: members alone, or with their scores, as one flat array
 * of member, score, member, score in RESP2 and as an array of [member, score] pairs in RESP3.
 */
final class EntryReplies implements EntryVisitor {
    private final List<Reply> items;
    private final boolean withScores;
    private final boolean pairs;

    EntryReplies(int expectedEntries, boolean withScores, boolean pairs) {
        this.withScores = withScores;
        this.pairs = withScores && pairs;
        int capacity = withScores && !pairs ? 2 * expectedEntries : expectedEntries;
        this.items = new ArrayList<>(Math.max(0, Math.min(capacity, 1 << 16)));
    }

    /** For the client of {@code call}: pairs when it speaks RESP3. */
    static EntryReplies forClient(KeyCall call, int expectedEntries, boolean withScores) {
        return new EntryReplies(expectedEntries, withScores, SortedSets.protocol(call) >= 3);
    }

    @Override
    public void visit(byte[] member, double score) {
        if (pairs) {
            items.add(ArrayReply.of(new BulkString(member), new DoubleReply(score)));
        } else {
            items.add(new BulkString(member));
            if (withScores) {
                items.add(new DoubleReply(score));
            }
        }
    }

    ArrayReply reply() {
        return new ArrayReply(items);
    }
}
