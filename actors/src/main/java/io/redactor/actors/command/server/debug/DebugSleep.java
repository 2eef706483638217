package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DEBUG SLEEP seconds: Redis stops the whole server that long. Redactor holds every partition that long (reserved as
 * an atomic command over the whole keyspace would be, without occupying a thread), so every command on keys waits,
 * as in Redis; commands that touch no key (PING, INFO, CLIENT) still answer. Inside EXEC, whose partitions are held
 * already, the transaction takes that long. Redis reads the seconds with strtod (a number's prefix, 0 when there is
 * none); 0 or less answers at once.
 */
final class DebugSleep implements DebugSubcommand {
    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @Override
    public String name() {
        return "sleep";
    }

    @Override
    public List<String> help() {
        return List.of(
                "SLEEP <seconds>",
                "    Stop the server for <seconds>. Decimals allowed.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        Matcher number = LEADING_NUMBER.matcher(Arguments.text(call.arg(2)));
        long micros = number.find() ? (long) (Double.parseDouble(number.group().trim()) * 1_000_000) : 0;
        if (micros <= 0) {
            return DebugCommand.done(SimpleString.OK);
        }
        if (call.keyspace() != null) {
            return CompletableFuture.supplyAsync(() -> SimpleString.OK,
                    CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS));
        }
        return holdEveryPartition(call.node(), micros);
    }

    private static CompletionStage<Reply> holdEveryPartition(NodeServices node, long micros) {
        CompletableFuture<Reply> done = new CompletableFuture<>();
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
}
