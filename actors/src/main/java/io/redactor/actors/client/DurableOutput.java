package io.redactor.actors.client;

import io.redactor.actors.effects.EffectLog;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.persistence.aof.DurabilityWaiter;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Redis's promise under {@code appendfsync always}: no reply leaves, to the writer or to anyone who read what it
 * wrote, before the write is on the disk. A reply or message that comes while something appended to the log is not
 * yet flushed waits here, in order, until the log is flushed up to where it was when the reply came (one flush
 * covers every client's writes since the last). If the flush fails, the replies held get an error instead: what
 * they answer is not known to be on the disk. Confined to the pipeline's thread.
 */
final class DurableOutput implements ClientPipeline.Output, DurabilityWaiter {
    private final ClientPipeline.Output out;
    private final EffectLog log;
    private final Executor executor;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private boolean waiting;
    private boolean flushWanted;
    private boolean closeWanted;

    private record Held(Reply reply, boolean push, long position) {
    }

    DurableOutput(ClientPipeline.Output out, EffectLog log, Executor executor) {
        this.out = out;
        this.log = log;
        this.executor = executor;
    }

    @Override
    public void write(Reply reply) {
        if (held.isEmpty() && !log.mustWait()) {
            out.write(reply);
        } else {
            hold(new Held(reply, false, log.position()));
        }
    }

    @Override
    public void push(PushReply message) {
        if (held.isEmpty() && !log.mustWait()) {
            out.push(message);
        } else {
            hold(new Held(message, true, log.position()));
        }
    }

    @Override
    public void flush() {
        if (held.isEmpty()) {
            out.flush();
        } else {
            flushWanted = true;
        }
    }

    @Override
    public void setReading(boolean reading) {
        out.setReading(reading);
    }

    @Override
    public void closeAfterFlush() {
        if (held.isEmpty()) {
            out.closeAfterFlush();
        } else {
            closeWanted = true;
        }
    }

    /** Dropped at once: the replies held here go nowhere. */
    @Override
    public void drop() {
        held.clear();
        closeWanted = false;
        out.drop();
    }

    private void hold(Held reply) {
        held.add(reply);
        if (!waiting) {
            await();
        }
    }

    private void await() {
        Held head = held.peek();
        waiting = true;
        if (!log.whenDurable(head.position(), this)) {
            waiting = false;
            release(null);
        }
    }

    // ---- called on the log's writer thread

    @Override
    public void durable() {
        executor.execute(() -> release(null));
    }

    @Override
    public void failed(String reason) {
        executor.execute(() -> release(reason));
    }

    // ---- back on the pipeline's thread

    /**
     * Writes what may go now, and flushes it: the front end flushed when it read the command (a RESP connection
     * flushes after each read), which was before these replies were written.
     */
    private void release(String failure) {
        waiting = false;
        Held next;
        boolean wrote = false;
        while ((next = held.peek()) != null && (failure != null || log.isDurable(next.position()))) {
            wrote = true;
            held.poll();
            if (failure == null) {
                if (next.push()) {
                    out.push((PushReply) next.reply());
                } else {
                    out.write(next.reply());
                }
            } else if (!next.push()) {
                out.write(new ErrorReply("MISCONF Errors writing to the AOF file: " + failure));
            }
        }
        if (!held.isEmpty()) {
            if (wrote) {
                out.flush();
            }
            await();
            return;
        }
        if (flushWanted || wrote) {
            flushWanted = false;
            out.flush();
        }
        if (closeWanted) {
            closeWanted = false;
            out.closeAfterFlush();
        }
    }
}
