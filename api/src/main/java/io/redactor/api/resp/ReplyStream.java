package io.redactor.api.resp;

import io.redactor.core.reply.Reply;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * A reply written a part at a time: a large aggregate (LRANGE of a long list, HRANDFIELD with a huge count, an EXEC
 * holding such a reply) is rendered in parts of about {@code partBytes}, each sent before the next is rendered, so
 * that rendering it neither holds the connection's event loop, which other clients share, nor holds the whole
 * rendered reply in memory. Nested aggregates are walked with an explicit stack, so a part may end anywhere.
 */
final class ReplyStream {
    /** An aggregate with more elements than this is streamed; smaller ones are rendered whole. */
    static final int LARGE_AGGREGATE = 1024;
    /** An aggregate up to this size is looked into for a large aggregate among its elements. */
    private static final int LOOKED_INTO = 64;

    private final int protocol;
    private final ArrayDeque<Iterator<Reply>> open = new ArrayDeque<>();

    ReplyStream(Reply reply, int protocol) {
        this.protocol = protocol;
        open.push(List.of(reply).iterator());
    }

    /** Whether rendering {@code reply} whole could take long: it, or one of its elements, is a large aggregate. */
    static boolean isLarge(Reply reply) {
        List<Reply> elements = RespWriter.elements(reply);
        if (elements == null) {
            return false;
        }
        int size = elements.size();
        if (size > LARGE_AGGREGATE) {
            return true;
        }
        if (size <= LOOKED_INTO) {
            for (Reply element : elements) {
                List<Reply> nested = RespWriter.elements(element);
                if (nested != null && nested.size() > LARGE_AGGREGATE) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Renders the next part, of about {@code partBytes} or the rest; true once the whole reply is rendered. */
    boolean writeSome(RespWriter.Sink sink, long partBytes) {
        long until = sink.writtenBytes() + partBytes;
        while (!open.isEmpty()) {
            Iterator<Reply> current = open.peek();
            if (!current.hasNext()) {
                open.pop();
                continue;
            }
            Reply next = current.next();
            List<Reply> elements = RespWriter.elements(next);
            if (elements != null && (elements.size() > LOOKED_INTO || isLarge(next))) {
                RespWriter.aggregateHeader(sink.buffer(), next, protocol);
                open.push(elements.iterator());
            } else {
                RespWriter.write(sink, next, protocol);
            }
            if (sink.writtenBytes() >= until) {
                return false;
            }
        }
        return true;
    }
}
