package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.lua.CompiledScript;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * SSUBSCRIBE sha channel [channel ...] [PARALLEL n] and SUNSUBSCRIBE sha [channel ...]: subscribe a loaded script
 * to channels, so that each message published there runs it asynchronously (see ScriptService), one message of a
 * channel at a time unless PARALLEL allows more. Keyspace notification channels are
 * refused: their messages are published by writes, which could not be refused when a backlog is full.
 */
public final class ScriptSubscriptionCommands {
    static final ErrorReply NOSCRIPT = new ErrorReply("NOSCRIPT No matching script. Please use SCRIPT LOAD.");
    private static final int MAX_PARALLELISM = 10_000;
    private static final ErrorReply BAD_PARALLELISM = Errors.err("PARALLEL must be between 1 and " + MAX_PARALLELISM);
    private static final ErrorReply KEYSPACE_CHANNEL = Errors.err(
            "scripts cannot subscribe to keyspace notification channels (__keyspace@...__ and __keyevent@...__)");

    private ScriptSubscriptionCommands() {
    }

    /** SSUBSCRIBE sha channel [channel ...] [PARALLEL n]. */
    static Reply ssubscribe(ClientCall call) {
        CompiledScript script = call.node().scripts().engine().lookup(Arguments.text(call.arg(1)));
        if (script == null) {
            return NOSCRIPT;
        }
        int end = channelsEnd(call.args());
        int parallelism = 1;
        if (end < call.argc()) {
            long n = Arguments.parseLong(call.arg(end + 1), Errors.NOT_INTEGER);
            if (n < 1 || n > MAX_PARALLELISM) {
                return BAD_PARALLELISM;
            }
            parallelism = (int) n;
        }
        List<byte[]> channels = Arrays.asList(call.args()).subList(2, end);
        if (channels.stream().anyMatch(ScriptSubscriptionCommands::isKeyspaceChannel)) {
            return KEYSPACE_CHANNEL;
        }
        call.node().scripts().subscribe(script, channels, parallelism, call.client(), call.node());
        return SimpleString.OK;
    }

    /** SSUBSCRIBE sha channel... [PARALLEL n]: where its channels end (before PARALLEL when it is there). */
    public static int channelsEnd(byte[][] args) {
        int end = args.length;
        return end >= 5 && Arguments.is(args[end - 2], "parallel") ? end - 2 : end;
    }

    static Reply sunsubscribe(ClientCall call) {
        String sha = Arguments.text(call.arg(1)).toLowerCase(Locale.ROOT);
        return IntegerReply.of(call.node().scripts().unsubscribe(sha,
                Arrays.asList(call.args()).subList(2, call.argc())));
    }

    private static boolean isKeyspaceChannel(byte[] channel) {
        String text = new String(channel, StandardCharsets.ISO_8859_1);
        return text.startsWith("__keyspace@") || text.startsWith("__keyevent@");
    }
}
