package io.redactor.core.reply;

import java.util.List;

/** A set: RESP3 {@code ~}, an array in RESP2. */
public record SetReply(List<Reply> items) implements Reply {
}
