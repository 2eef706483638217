package io.redactor.api.resp;

import io.netty.channel.EventLoop;

import java.util.concurrent.Executor;

/** A connection's event loop, as its client pipeline's executor. */
record EventLoopExecutor(EventLoop loop) implements Executor {
    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }
}
