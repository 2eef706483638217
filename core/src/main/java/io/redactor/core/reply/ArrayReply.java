package io.redactor.core.reply;

import java.util.List;

public record ArrayReply(List<Reply> items) implements Reply {
    public static final ArrayReply EMPTY = new ArrayReply(List.of());

    public static ArrayReply of(Reply... items) {
        return new ArrayReply(List.of(items));
    }
}
