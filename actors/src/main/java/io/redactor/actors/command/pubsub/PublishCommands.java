package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.PublishRefused;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/** PUBLISH and the PUBSUB introspection subcommands. */
final class PublishCommands {
    private PublishCommands() {
    }

    static Reply publish(ClientCall call) {
        try {
            return IntegerReply.of(call.node().server().pubsub().publish(call.arg(1), call.arg(2)));
        } catch (PublishRefused e) {
            return e.reply();
        }
    }

    /** SPUBLISH: to the clients subscribed to the shard channel (script subscriptions listen to PUBLISH). */
    static Reply spublish(ClientCall call) {
        return IntegerReply.of(pubsub(call).spublish(call.arg(1), call.arg(2)));
    }

    static Reply channels(ClientCall call) {
        return channelList(call, pubsub(call)::activeChannels);
    }

    static Reply shardchannels(ClientCall call) {
        return channelList(call, pubsub(call)::activeShardChannels);
    }

    private static Reply channelList(ClientCall call, Function<byte[], List<byte[]>> active) {
        if (call.argc() > 3) {
            return syntaxError(call);
        }
        List<Reply> channels = new ArrayList<>();
        for (byte[] channel : active.apply(call.argc() == 3 ? call.arg(2) : null)) {
            channels.add(new BulkString(channel));
        }
        return new ArrayReply(channels);
    }

    static Reply numsub(ClientCall call) {
        return counts(call, pubsub(call)::subscriberCount);
    }

    static Reply shardnumsub(ClientCall call) {
        return counts(call, pubsub(call)::shardSubscriberCount);
    }

    private static Reply counts(ClientCall call, ToLongFunction<byte[]> count) {
        List<Reply> counts = new ArrayList<>();
        for (int i = 2; i < call.argc(); i++) {
            counts.add(new BulkString(call.arg(i)));
            counts.add(IntegerReply.of(count.applyAsLong(call.arg(i))));
        }
        return new ArrayReply(counts);
    }

    static Reply numpat(ClientCall call) {
        return IntegerReply.of(pubsub(call).patternCount());
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "CHANNELS [<pattern>]",
                "    Return the currently active channels matching a <pattern> (default: '*').",
                "NUMPAT",
                "    Return number of subscriptions to patterns.",
                "NUMSUB [<channel> ...]",
                "    Return the number of subscribers for the specified channels, excluding",
                "    pattern subscriptions(default: no channels).",
                "SHARDCHANNELS [<pattern>]",
                "    Return the currently active shard level channels matching a <pattern> (default: '*').",
                "SHARDNUMSUB [<shardchannel> ...]",
                "    Return the number of subscribers for the specified shard level channel(s)");
    }

    private static PubSub pubsub(ClientCall call) {
        return call.node().server().pubsub();
    }

    /** Redis's addReplySubcommandSyntaxError. */
    private static Reply syntaxError(ClientCall call) {
        return Errors.subcommandSyntax(call.arg(1), "PUBSUB");
    }
}
