package io.redactor.actors.durability;

import io.redactor.actors.client.ClientPipeline;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.persistence.aof.AofCommandReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Applies the commands of append-only files, as Redis's AOF client does: through a client pipeline of its own, so
 * that they take effect in file order whatever partitions they touch, with transactions applied whole. Replies are
 * dropped (an error from a command does not stop the load, as in Redis); an unknown command does. The loading
 * thread feeds the pipeline's own thread, at most {@link #IN_FLIGHT} commands ahead of the replies.
 */
final class AofReplay implements AutoCloseable {
    private static final int IN_FLIGHT = 8192;

    private final NodeServices node;
    private final ClientSession session;
    private final ExecutorService thread;
    private final ClientPipeline pipeline;
    private final Semaphore room = new Semaphore(IN_FLIGHT);
    private final AtomicLong errors = new AtomicLong();
    /** Redis's hidden {@code key-load-delay} ({@link TestingDelay}), per command read. */
    private final long keyLoadDelay;
    private volatile String firstError;
    private volatile Throwable crash;
    private long commands;

    /** A command the server does not know, or one that could wait for ever: the file cannot be loaded. */
    static final class UnknownCommand extends Exception {
        private static final long serialVersionUID = 1L;

        UnknownCommand(String message) {
            super(message);
        }
    }

    AofReplay(NodeServices node, ClientSession session) {
        this.node = node;
        this.session = session;
        this.keyLoadDelay = Long.parseLong(node.server().config().get("key-load-delay"));
        this.thread = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().name("aof-loader").daemon(true)
                .unstarted(r));
        this.pipeline = new ClientPipeline(session, node, thread, new ClientPipeline.Output() {
            @Override
            public void write(Reply reply) {
                if (reply instanceof ErrorReply error && errors.getAndIncrement() == 0) {
                    firstError = error.message();
                }
                room.release();
            }

            @Override
            public void flush() {
            }

            @Override
            public void setReading(boolean reading) {
            }

            @Override
            public void closeAfterFlush() {
            }
        }, Integer.MAX_VALUE);
    }

    ClientSession session() {
        return session;
    }

    /** Applies every entry of {@code reader}, in order, and waits until they all took effect. */
    void replay(AofCommandReader reader) throws IOException, AofCommandReader.Truncated,
            AofCommandReader.Malformed, UnknownCommand, InterruptedException {
        try {
            AofCommandReader.Entry entry;
            while ((entry = reader.next()) != null) {
                for (byte[][] command : entry.commands()) {
                    CommandSpec spec = node.router().table().lookup(command[0]);
                    String name = new String(command[0], StandardCharsets.ISO_8859_1);
                    if (spec == null) {
                        throw new UnknownCommand("Unknown command '" + name + "'");
                    }
                    if (spec.has(CommandFlag.BLOCKING)) {
                        throw new UnknownCommand("Blocking command '" + name + "' (a log holds its effect instead)");
                    }
                }
                TestingDelay.perKeys(keyLoadDelay, entry.commands().size());
                for (byte[][] command : entry.commands()) {
                    room.acquire();
                    commands++;
                    thread.execute(() -> submit(command));
                }
                if (crash != null) {
                    break;
                }
            }
        } finally {
            awaitApplied();
        }
        if (crash != null) {
            throw new IOException("replaying failed: " + crash, crash);
        }
    }

    /** A bug while applying a command must fail the load, not leave it waiting for replies that never come. */
    private void submit(byte[][] command) {
        try {
            pipeline.submit(command);
        } catch (RuntimeException | Error e) {
            if (crash == null) {
                crash = e;
                room.release(IN_FLIGHT);
            }
        }
    }

    /** Waits until every command sent has been answered. */
    private void awaitApplied() throws InterruptedException {
        room.acquire(IN_FLIGHT);
        room.release(IN_FLIGHT);
    }

    long commands() {
        return commands;
    }

    long errors() {
        return errors.get();
    }

    String firstError() {
        return firstError;
    }

    @Override
    public void close() {
        thread.execute(pipeline::close);
        thread.shutdown();
    }
}
