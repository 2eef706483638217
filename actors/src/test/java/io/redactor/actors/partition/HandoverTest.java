package io.redactor.actors.partition;

import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Partitions handed over to a holder on another thread (how scripts hold them): they stay held until released,
 * hold commands back meanwhile, answer them with the holder's busy reply once it is busy (those held back
 * included), and refuse try-only reservations at once.
 */
class HandoverTest {
    private static final ErrorReply BUSY = new ErrorReply("BUSY test holder is busy");

    /** A holder that records its grant and says busy when told to. */
    private static final class Holder implements Reservation.Handover {
        final CompletableFuture<Reservation.Grant> grant = new CompletableFuture<>();
        final CompletableFuture<ErrorReply> refusal = new CompletableFuture<>();
        volatile boolean busy;

        @Override
        public void granted(Reservation.Grant granted) {
            grant.complete(granted);
        }

        @Override
        public void refused(ErrorReply reason) {
            refusal.complete(reason);
        }

        @Override
        public ErrorReply busyReply() {
            return busy ? BUSY : null;
        }
    }

    @Test
    void aHandedOverPartitionHoldsCommandsBackThenAnswersBusyThenServesThemAfterRelease() throws Exception {
        try (PartitionFixture fixture = new PartitionFixture(4, 1000)) {
            String key = fixture.keyIn(2, "held");
            Holder holder = new Holder();
            Reservation reservation = new Reservation(new int[] {2}, fixture.partitionMap, holder, false);
            fixture.gateway.tell(2, new Partition.Reserve(reservation));
            Reservation.Grant grant = holder.grant.get(5, TimeUnit.SECONDS);
            assertEquals(2, grant.partitions()[0]);

            CompletableFuture<List<Reply>> heldBack = fixture.run(List.of(fixture.invocation("SET", key, "v")));
            Thread.sleep(100);
            assertFalse(heldBack.isDone(), "a command waits while its partition is held");
            CompletableFuture<List<Reply>> elsewhere =
                    fixture.run(List.of(fixture.invocation("SET", fixture.keyIn(1, "free"), "v")));
            assertEquals(List.of(SimpleString.OK), elsewhere.get(5, TimeUnit.SECONDS));

            holder.busy = true;
            fixture.gateway.tell(2, new Partition.Busy(grant.reservationId()));
            assertEquals(List.of(BUSY), heldBack.get(5, TimeUnit.SECONDS), "held-back commands get the busy reply");
            assertEquals(List.of(BUSY), fixture.run(List.of(fixture.invocation("GET", key))).get(5, TimeUnit.SECONDS));

            holder.busy = false;
            CompletableFuture<List<Reply>> afterRelease = fixture.run(List.of(fixture.invocation("SET", key, "w")));
            fixture.gateway.tell(2, new Partition.Release(grant.reservationId()));
            assertEquals(List.of(SimpleString.OK), afterRelease.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void aTryOnlyReservationIsRefusedAtOnceByAHeldPartitionAndReleasesWhatItGot() throws Exception {
        try (PartitionFixture fixture = new PartitionFixture(4, 1000)) {
            Holder first = new Holder();
            Reservation holding = new Reservation(new int[] {3}, fixture.partitionMap, first, false);
            fixture.gateway.tell(3, new Partition.Reserve(holding));
            Reservation.Grant grant = first.grant.get(5, TimeUnit.SECONDS);

            Holder second = new Holder();
            Reservation trying = new Reservation(new int[] {1, 3}, fixture.partitionMap, second, true);
            fixture.gateway.tell(1, new Partition.Reserve(trying));
            assertSame(Partition.WOULD_WAIT, second.refusal.get(5, TimeUnit.SECONDS));
            // Partition 1, granted before the refusal, was released: it serves commands again.
            assertEquals(List.of(SimpleString.OK), fixture.run(List.of(fixture.invocation("SET",
                    fixture.keyIn(1, "after"), "v"))).get(5, TimeUnit.SECONDS));
            fixture.gateway.tell(3, new Partition.Release(grant.reservationId()));
        }
    }
}
