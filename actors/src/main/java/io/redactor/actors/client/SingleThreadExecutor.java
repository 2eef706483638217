package io.redactor.actors.client;

import java.util.concurrent.Executor;

/**
 * A client's executor that runs everything on one thread (a network event loop) and can tell whether the caller
 * is that thread: a reply released there (see {@link DurableOutput}) is written at once instead of queued.
 */
public interface SingleThreadExecutor extends Executor {
    boolean isCurrentThread();
}
