package io.redactor.api.rest;

import io.redactor.actors.acl.AclUser;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientPipeline;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Runs one HTTP request's commands as a client of its own, the way a short Redis connection would: the client
 * is registered (CLIENT LIST shows it, {@code maxclients} counts it), speaks RESP3, runs the commands in order
 * through a {@link ClientPipeline}, and is closed once the last reply is in, or when the request's time is up.
 */
final class RequestClient {
    private static final ErrorReply CLOSED = new ErrorReply("ERR the client was closed before this command ran");

    private final NodeServices node;
    private final Duration timeout;

    RequestClient(NodeServices node, Duration timeout) {
        this.node = node;
        this.timeout = timeout;
    }

    /**
     * Runs {@code commands} (name first) as {@code user} (the default user when null) in database {@code db} and
     * completes with one reply per command, or
     * exceptionally with a {@link java.util.concurrent.TimeoutException} when they take longer than the timeout.
     */
    CompletionStage<List<Reply>> run(String address, AclUser user, int db, List<byte[][]> commands) {
        Run run = new Run(commands.size());
        ClientSession session = node.clients().registerAs(
                new LocalEndpoint(address, () -> run.executor.execute(run::closedByServer)), System.currentTimeMillis(),
                user == null ? node.access().defaultUser() : user);
        if (session == null) {
            return CompletableFuture.completedFuture(List.of(ClientRegistry.MAX_CLIENTS));
        }
        session.setProtocol(3);
        session.setDb(db);
        run.executor.execute(() -> {
            run.start(session);
            for (byte[][] command : commands) {
                run.pipeline.submit(command);
            }
        });
        run.result.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((replies, failure) -> run.executor.execute(() -> run.close(session)));
        return run.result;
    }

    private final class Run implements ClientPipeline.Output {
        final SerialExecutor executor = new SerialExecutor();
        final CompletableFuture<List<Reply>> result = new CompletableFuture<>();
        private final List<Reply> replies;
        private final int expected;
        ClientPipeline pipeline;
        private boolean closed;

        Run(int expected) {
            this.expected = expected;
            this.replies = new ArrayList<>(expected);
        }

        void start(ClientSession session) {
            pipeline = new ClientPipeline(session, node, executor, this, Integer.MAX_VALUE);
        }

        @Override
        public void write(Reply reply) {
            replies.add(reply);
            if (replies.size() == expected) {
                result.complete(replies);
            }
        }

        @Override
        public void push(PushReply message) {
            // Not a subscriber: the routes refuse SUBSCRIBE and friends, which have streams of their own.
        }

        @Override
        public void flush() {
        }

        @Override
        public void setReading(boolean reading) {
        }

        @Override
        public void closeAfterFlush() {
            closedByServer();
        }

        /** QUIT, CLIENT KILL: what has not been answered never will be. */
        void closedByServer() {
            while (replies.size() < expected) {
                replies.add(CLOSED);
            }
            result.complete(replies);
        }

        void close(ClientSession session) {
            if (closed) {
                return;
            }
            closed = true;
            if (pipeline != null) {
                pipeline.close();
            }
            node.clients().unregister(session);
        }
    }
}
