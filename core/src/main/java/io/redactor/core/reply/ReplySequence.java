package io.redactor.core.reply;

import java.util.List;

/**
 * Several replies to one command, written one after the other (not as an aggregate): SUBSCRIBE to three
 * channels answers three confirmations.
 */
public record ReplySequence(List<Reply> replies) implements Reply {
}
