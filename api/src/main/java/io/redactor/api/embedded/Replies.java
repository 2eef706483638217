package io.redactor.api.embedded;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.VerbatimString;

import java.util.List;

/**
 * Replies handed to application code are deep copies: bulk strings in a reply may share their bytes with the
 * stored value, and an application changing them would change the data.
 */
final class Replies {
    private Replies() {
    }

    static Reply copyOf(Reply reply) {
        return switch (reply) {
            case BulkString bulk -> new BulkString(bulk.bytes().clone());
            case VerbatimString text -> new VerbatimString(text.format(), text.bytes().clone());
            case ArrayReply array -> new ArrayReply(copyAll(array.items()));
            case MapReply map -> new MapReply(copyAll(map.keysAndValues()));
            case SetReply set -> new SetReply(copyAll(set.items()));
            case PushReply push -> new PushReply(copyAll(push.items()));
            case ReplySequence sequence -> new ReplySequence(copyAll(sequence.replies()));
            case AttributeReply attributed -> new AttributeReply(copyAll(attributed.keysAndValues()),
                    copyOf(attributed.reply()));
            default -> reply;
        };
    }

    private static List<Reply> copyAll(List<Reply> items) {
        return items.stream().map(Replies::copyOf).toList();
    }
}
