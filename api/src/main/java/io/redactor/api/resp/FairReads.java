package io.redactor.api.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

import java.util.function.BooleanSupplier;

/**
 * How a RESP connection is read, as Redis reads a client: one read of at most 16 KB per turn of its event loop, so
 * that a client flooding the server with input to parse holds the loop, and every other client on it, for 16 KB of
 * parsing a turn. Netty's default (up to 16 reads of up to 64 KB a turn) let each such client hold it for 1 MB: PINGs
 * waited up to 300 ms among 24 clients sending hostile input. While a big argument (32 KB or more) is coming, whose
 * bytes are only copied, it is read as Netty reads, as Redis reads big arguments whole: 16 KB a turn made SETs of
 * 200 KB values 30% slower. One per connection.
 */
final class FairReads implements RecvByteBufAllocator {
    static final int TURN_BYTES = 16 * 1024;

    private final AdaptiveRecvByteBufAllocator netty = new AdaptiveRecvByteBufAllocator();
    private final BooleanSupplier bigArgument;

    /** {@code bigArgument}: whether a big argument is being received now. */
    FairReads(BooleanSupplier bigArgument) {
        this.bigArgument = bigArgument;
    }

    @Override
    public Handle newHandle() {
        return new FairHandle((ExtendedHandle) netty.newHandle());
    }

    private final class FairHandle extends DelegatingHandle implements ExtendedHandle {
        FairHandle(ExtendedHandle delegate) {
            super(delegate);
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            return bigArgument.getAsBoolean() ? super.allocate(alloc) : alloc.ioBuffer(Math.min(guess(), TURN_BYTES));
        }

        @Override
        public boolean continueReading() {
            return bigArgument.getAsBoolean() && super.continueReading();
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return bigArgument.getAsBoolean() && ((ExtendedHandle) delegate()).continueReading(maybeMoreDataSupplier);
        }
    }
}
