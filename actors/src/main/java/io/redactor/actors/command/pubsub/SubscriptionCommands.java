package io.redactor.actors.command.pubsub;

import io.redactor.actors.client.ClientSubscriptions;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * SUBSCRIBE, UNSUBSCRIBE, PSUBSCRIBE, PUNSUBSCRIBE: one confirmation per channel or pattern, carrying the
 * client's subscription count after it.
 */
final class SubscriptionCommands {
    private static final BulkString SUBSCRIBE = BulkString.of("subscribe");
    private static final BulkString UNSUBSCRIBE = BulkString.of("unsubscribe");
    private static final BulkString PSUBSCRIBE = BulkString.of("psubscribe");
    private static final BulkString PUNSUBSCRIBE = BulkString.of("punsubscribe");
    private static final BulkString SSUBSCRIBE = BulkString.of("ssubscribe");
    private static final BulkString SUNSUBSCRIBE = BulkString.of("sunsubscribe");

    private SubscriptionCommands() {
    }

    static Reply subscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        return confirm(call, SUBSCRIBE, names(call), subscriptions::subscribe);
    }

    static Reply psubscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        return confirm(call, PSUBSCRIBE, names(call), subscriptions::psubscribe);
    }

    /** Without arguments, every channel; with none subscribed, a single confirmation naming none. */
    static Reply unsubscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        List<byte[]> channels = call.argc() > 1 ? names(call) : subscriptions.channels();
        return confirm(call, UNSUBSCRIBE, channels, subscriptions::unsubscribe);
    }

    static Reply punsubscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        List<byte[]> patterns = call.argc() > 1 ? names(call) : subscriptions.patterns();
        return confirm(call, PUNSUBSCRIBE, patterns, subscriptions::punsubscribe);
    }

    /** Redis 7's SSUBSCRIBE of shard channels, whose confirmations count the client's shard channels only. */
    static Reply ssubscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        return confirm(call, SSUBSCRIBE, names(call), subscriptions::ssubscribe);
    }

    static Reply sunsubscribe(ClientCall call) {
        ClientSubscriptions subscriptions = call.client().subscriptions();
        List<byte[]> channels = call.argc() > 1 ? names(call) : subscriptions.shardChannels();
        return confirm(call, SUNSUBSCRIBE, channels, subscriptions::sunsubscribe);
    }

    private static Reply confirm(ClientCall call, BulkString kind, List<byte[]> names, BiConsumer<PubSub, byte[]> change) {
        PubSub pubsub = call.node().server().pubsub();
        ClientSubscriptions subscriptions = call.client().subscriptions();
        if (names.isEmpty()) {
            return new ReplySequence(List.of(confirmation(kind, NullReply.NULL_BULK, subscriptions)));
        }
        List<Reply> confirmations = new ArrayList<>(names.size());
        for (byte[] name : names) {
            change.accept(pubsub, name);
            confirmations.add(confirmation(kind, new BulkString(name), subscriptions));
        }
        return new ReplySequence(confirmations);
    }

    private static PushReply confirmation(BulkString kind, Reply name, ClientSubscriptions subscriptions) {
        long count = kind == SSUBSCRIBE || kind == SUNSUBSCRIBE ? subscriptions.shardChannelCount()
                : subscriptions.channelCount() + subscriptions.patternCount();
        return new PushReply(List.of(kind, name, IntegerReply.of(count)));
    }

    private static List<byte[]> names(ClientCall call) {
        return Arrays.asList(call.args()).subList(1, call.argc());
    }
}
