package io.redactor.core.reply;

import java.util.List;

/**
 * A reply with attributes: RESP3's {@code |} map of metadata written before the reply it describes. Attributes are
 * not replies: RESP2 clients, scripts and JSON get the reply alone, as Redis gives RESP2 clients and scripts.
 */
public record AttributeReply(List<Reply> keysAndValues, Reply reply) implements Reply {
    public AttributeReply {
        if (keysAndValues.size() % 2 != 0) {
            throw new IllegalArgumentException("attributes need an even number of items");
        }
    }

    public int size() {
        return keysAndValues.size() / 2;
    }
}
