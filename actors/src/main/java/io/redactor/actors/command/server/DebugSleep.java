package io.redactor.actors.command.server;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DEBUG SLEEP seconds: Redis stops the whole server that long. Redactor holds every partition that long (reserved
 * as an atomic command over the whole keyspace would be, without occupying a thread), so every command on keys
 * waits, as in Redis; commands that touch no key (PING, INFO, CLIENT) still answer. The seconds are read as C's
 * strtod reads them: what is not a number counts as 0, and 0 or less answers at once.
 */
final class DebugSleep implements DebugSubcommand {
    private static final Pattern NUMBER_PREFIX =
            Pattern.compile("^[ \\t\\n\\x0b\\f\\r]*([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)");

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        long micros = (long) (seconds(call.arg(2)) * 1_000_000);
        if (micros <= 0) {
            return CompletableFuture.completedFuture(SimpleString.OK);
        }
        CompletableFuture<Reply> done = new CompletableFuture<>();
        NodeServices node = call.node();
        Reservation all = new Reservation(node.router().allPartitions(), node.server().partitions(),
                new Reservation.Handover() {
                    @Override
                    public void granted(Reservation.Grant grant) {
                        // the scheduler reaches weeks ahead: longer sleeps end then
                        long delayMs = Math.min(Integer.MAX_VALUE, Math.max(1, micros / 1000));
                        node.timeouts().after(delayMs, () -> {
                            Partition.Release release = new Partition.Release(grant.reservationId());
                            for (int partition : grant.partitions()) {
                                node.partitions().tell(partition, release);
                            }
                            done.complete(SimpleString.OK);
                        });
                    }

                    @Override
                    public void refused(ErrorReply reason) {
                        done.complete(reason);
                    }

                    @Override
                    public ErrorReply busyReply() {
                        return null;
                    }
                }, false);
        node.server().stats().reservations.increment();
        node.partitions().tell(all.firstPartition(), new Partition.Reserve(all));
        return done;
    }

    /** C's strtod on the argument: its longest numeric prefix, 0 when there is none. */
    static double seconds(byte[] arg) {
        Matcher number = NUMBER_PREFIX.matcher(new String(arg, StandardCharsets.ISO_8859_1));
        return number.find() ? Double.parseDouble(number.group(1)) : 0;
    }
}
