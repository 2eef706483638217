package io.redactor.core.reply;

import java.util.List;

/** A map: RESP3 {@code %}, a flat array of alternating keys and values in RESP2. */
public record MapReply(List<Reply> keysAndValues) implements Reply {
    public MapReply {
        if (keysAndValues.size() % 2 != 0) {
            throw new IllegalArgumentException("a map needs an even number of items");
        }
    }

    public int size() {
        return keysAndValues.size() / 2;
    }
}
