package io.redactor.api.resp;

import io.netty.channel.EventLoop;
import io.redactor.actors.client.SingleThreadExecutor;

/** A connection's event loop, as its client pipeline's executor. */
record EventLoopExecutor(EventLoop loop) implements SingleThreadExecutor {
    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }

    @Override
    public boolean isCurrentThread() {
        return loop.inEventLoop();
    }
}
