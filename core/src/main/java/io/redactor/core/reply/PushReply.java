package io.redactor.core.reply;

import java.util.List;

/** Out-of-band data (pub/sub messages): RESP3 {@code >}, an array in RESP2. */
public record PushReply(List<Reply> items) implements Reply {
}
