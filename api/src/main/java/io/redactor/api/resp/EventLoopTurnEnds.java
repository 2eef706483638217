package io.redactor.api.resp;

import io.netty.channel.SingleThreadEventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.redactor.persistence.aof.TurnEnds;

import java.util.concurrent.RejectedExecutionException;

/**
 * The turns of the RESP event loops (see {@link TurnEnds}): a loop's turn ends once it has handled the I/O that was
 * ready and the tasks that were queued, before it waits again.
 */
final class EventLoopTurnEnds implements TurnEnds.Scheduler {
    private final EventExecutor[] loops;

    EventLoopTurnEnds(EventExecutor[] loops) {
        this.loops = loops;
    }

    @Override
    public boolean runAtEndOfTurn(Runnable task) {
        for (EventExecutor loop : loops) {
            if (loop.inEventLoop()) {
                try {
                    ((SingleThreadEventLoop) loop).executeAfterEventLoopIteration(task);
                    return true;
                } catch (RejectedExecutionException shuttingDown) {
                    return false;
                }
            }
        }
        return false;
    }
}
