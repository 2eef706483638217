package io.redactor.api.embedded;

import akka.actor.typed.ActorRef;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

import java.util.List;

/**
 * The messages an embedded client actor ({@link Redactor#clientActor()}) accepts. Commands from one client
 * actor take effect in the order it receives them, like the commands of one Redis connection.
 */
public final class RedactorProtocol {
    private RedactorProtocol() {
    }

    public sealed interface Request {
    }

    /** Any command, name first (e.g. LPUSH key a b); the reply is Redis's reply, errors included. */
    public record Execute(List<byte[]> args, ActorRef<Reply> replyTo) implements Request {
    }

    /** A typed command; the result is its decoded value or its error. */
    public record Call<R>(TypedCommand<R> command, ActorRef<Result<R>> replyTo) implements Request {
    }

    /**
     * Where this client's out-of-band messages go: what SUBSCRIBE and PSUBSCRIBE deliver (RESP3 push data:
     * ["message", channel, payload] or ["pmessage", pattern, channel, payload]). Without a listener they are
     * dropped.
     */
    public record ReceivePushes(ActorRef<PushReply> listener) implements Request {
    }

    /** Ends the client: its session goes away and the actor stops. */
    public record Close() implements Request {
    }
}
