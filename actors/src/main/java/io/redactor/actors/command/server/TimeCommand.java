package io.redactor.actors.command.server;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.time.Instant;

/** TIME: seconds and microseconds of the server's clock. */
final class TimeCommand {
    private TimeCommand() {
    }

    static Reply time(ClientCall call) {
        Instant now = Instant.now();
        return ArrayReply.of(BulkString.of(Long.toString(now.getEpochSecond())),
                BulkString.of(Long.toString(now.getNano() / 1000)));
    }
}
