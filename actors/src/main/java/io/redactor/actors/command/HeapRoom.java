package io.redactor.actors.command;

import io.redactor.actors.node.HeapGuard;
import io.redactor.core.reply.ErrorReply;

/**
 * Room in the heap for a value a command is about to make or grow by a large amount, reserved with the heap guard
 * for the time it is made ({@link HeapGuard#reserveNow}: no wait, as commands run on threads serving other clients),
 * then counted by the guard until a collection has seen it. Smaller values are not worth a look. Without room the
 * command gets Redis's {@code -OOM} reply.
 */
public final class HeapRoom implements AutoCloseable {
    /** Values growing by less than this are made without asking. */
    static final long LARGE = 1 << 20;
    private static final ErrorReply OOM = new ErrorReply(HeapGuard.OOM_ERROR);
    private static final HeapRoom NONE = new HeapRoom(null, 0);

    private final HeapGuard guard;
    private final long bytes;

    private HeapRoom(HeapGuard guard, long bytes) {
        this.guard = guard;
        this.bytes = bytes;
    }

    /**
     * Room for a value of {@code size} bytes replacing or growing one of {@code before} bytes.
     *
     * @throws CommandError with {@code -OOM} when the heap cannot take it
     */
    public static HeapRoom forValue(KeyCall call, long before, long size) {
        if (size - before < LARGE) {
            return NONE;
        }
        HeapGuard guard = call.server().heapGuard();
        if (!guard.reserveNow(size)) {
            throw new CommandError(OOM);
        }
        return new HeapRoom(guard, size);
    }

    /** The value is made: the guard counts it until a collection has looked. */
    @Override
    public void close() {
        if (guard != null) {
            guard.settle(bytes);
        }
    }
}
