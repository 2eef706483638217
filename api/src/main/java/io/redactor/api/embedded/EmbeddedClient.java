package io.redactor.api.embedded;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.PostStop;
import akka.actor.typed.javadsl.Behaviors;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientPipeline;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A Redis client inside the actor system: an actor that owns one client session and its {@link ClientPipeline},
 * with its own mailbox as the pipeline's thread. Everything sent to one such actor takes effect in arrival
 * order, exactly like the commands of one connection, and is answered in that order.
 */
final class EmbeddedClient {
    private static final ErrorReply CLOSED = new ErrorReply("ERR this client was closed (QUIT or CLIENT KILL)");
    private static final ErrorReply OVERLOADED =
            new ErrorReply("BUSY too many commands waiting on this client, retry later");

    /** Completions and flushes of the pipeline, run inside the actor. */
    private record RunTask(Runnable task) {
    }

    private EmbeddedClient() {
    }

    static Behavior<Object> create(NodeServices node, int maxPending, AclUser user) {
        return Behaviors.setup(context -> {
            ActorRef<Object> self = context.getSelf();
            ArrayDeque<Consumer<Reply>> waiting = new ArrayDeque<>();
            boolean[] closed = {false};
            boolean[] overloaded = {false};
            List<ActorRef<PushReply>> pushListener = new ArrayList<>(1);
            LocalEndpoint endpoint =
                    new LocalEndpoint("embedded:0", () -> self.tell(new RunTask(() -> closed[0] = true)));
            ClientSession session = node.clients().registerAs(endpoint, System.currentTimeMillis(), user);
            if (session == null) {
                return Behaviors.receive(Object.class)
                        .onAnyMessage(message -> {
                            answer(message, ClientRegistry.MAX_CLIENTS);
                            return Behaviors.same();
                        }).build();
            }
            ClientPipeline pipeline = new ClientPipeline(session, node, task -> self.tell(new RunTask(task)),
                    new ClientPipeline.Output() {
                        @Override
                        public void write(Reply reply) {
                            Consumer<Reply> replyTo = waiting.poll();
                            if (replyTo != null) {
                                replyTo.accept(Replies.copyOf(reply));
                            }
                        }

                        @Override
                        public void push(PushReply message) {
                            pushListener.forEach(listener -> listener.tell((PushReply) Replies.copyOf(message)));
                        }

                        @Override
                        public void flush() {
                        }

                        @Override
                        public void setReading(boolean reading) {
                            overloaded[0] = !reading;
                        }

                        @Override
                        public void closeAfterFlush() {
                            closed[0] = true;
                        }
                    }, maxPending);
            return Behaviors.receive(Object.class)
                    .onMessage(RunTask.class, run -> {
                        run.task().run();
                        return Behaviors.same();
                    })
                    .onMessage(RedactorProtocol.Close.class, close -> Behaviors.stopped())
                    .onMessage(RedactorProtocol.ReceivePushes.class, receive -> {
                        pushListener.clear();
                        pushListener.add(receive.listener());
                        return Behaviors.same();
                    })
                    .onMessage(RedactorProtocol.Request.class, request -> {
                        if (closed[0] || overloaded[0]) {
                            answer(request, closed[0] ? CLOSED : OVERLOADED);
                            return Behaviors.same();
                        }
                        waiting.add(reply -> answer(request, reply));
                        pipeline.submit(argsOf(request));
                        return Behaviors.same();
                    })
                    .onSignal(PostStop.class, signal -> {
                        pipeline.close();
                        node.clients().unregister(session);
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    private static byte[][] argsOf(RedactorProtocol.Request request) {
        return switch (request) {
            case RedactorProtocol.Execute execute -> execute.args().stream().map(byte[]::clone).toArray(byte[][]::new);
            case RedactorProtocol.Call<?> call -> call.command().args();
            case RedactorProtocol.Close close -> throw new IllegalArgumentException("Close has no arguments");
            case RedactorProtocol.ReceivePushes receive -> throw new IllegalArgumentException("not a command");
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void answer(Object request, Reply reply) {
        switch (request) {
            case RedactorProtocol.Execute execute -> execute.replyTo().tell(reply);
            case RedactorProtocol.Call call -> {
                Result result;
                if (reply instanceof ErrorReply error) {
                    result = new Result.Failed<>(new RedactorException(error.message()));
                } else {
                    try {
                        result = new Result.Ok<>(call.command().decode(reply));
                    } catch (RuntimeException e) {
                        result = new Result.Failed<>(new RedactorException("ERR unexpected reply " + reply + ": " + e));
                    }
                }
                call.replyTo().tell(result);
            }
            default -> {
            }
        }
    }
}
