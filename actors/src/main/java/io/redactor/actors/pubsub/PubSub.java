package io.redactor.actors.pubsub;

import io.redactor.core.GlobPattern;
import io.redactor.core.keys.ByteKey;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.PushReply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Channel, pattern and shard channel subscriptions of this node (clients' and scripts') and message delivery. Shared by every client and partition;
 * subscribing is rare, publishing frequent, so publishing reads concurrent structures without locking. A
 * publisher's messages reach each subscriber in the order it published them.
 */
public final class PubSub {
    private static final BulkString MESSAGE = BulkString.of("message");
    private static final BulkString PMESSAGE = BulkString.of("pmessage");
    private static final BulkString SMESSAGE = BulkString.of("smessage");

    private final Map<ByteKey, Set<Subscriber>> channels = new ConcurrentHashMap<>();
    private final Map<ByteKey, Set<Subscriber>> patterns = new ConcurrentHashMap<>();
    private final Map<ByteKey, Set<ChannelScript>> scripts = new ConcurrentHashMap<>();
    /** Redis 7's shard channels: a namespace of their own, reached by SPUBLISH only. */
    private final Map<ByteKey, Set<Subscriber>> shardChannels = new ConcurrentHashMap<>();

    /** Returns false when the subscriber already had this channel. */
    public boolean subscribe(Subscriber subscriber, byte[] channel) {
        return add(channels, subscriber, channel);
    }

    public boolean unsubscribe(Subscriber subscriber, byte[] channel) {
        return remove(channels, subscriber, channel);
    }

    public boolean psubscribe(Subscriber subscriber, byte[] pattern) {
        return add(patterns, subscriber, pattern);
    }

    public boolean punsubscribe(Subscriber subscriber, byte[] pattern) {
        return remove(patterns, subscriber, pattern);
    }

    /** A client's SSUBSCRIBE of a shard channel; returns false when it had it already. */
    public boolean ssubscribe(Subscriber subscriber, byte[] channel) {
        return add(shardChannels, subscriber, channel);
    }

    public boolean sunsubscribe(Subscriber subscriber, byte[] channel) {
        return remove(shardChannels, subscriber, channel);
    }

    /** A script's subscription to a channel (SSUBSCRIBE sha channel); false when it was there already. */
    public boolean subscribeScript(ChannelScript script, byte[] channel) {
        return add(scripts, script, channel);
    }

    public boolean unsubscribeScript(ChannelScript script, byte[] channel) {
        return remove(scripts, script, channel);
    }

    /**
     * Adds under the map's lock for the name, like {@link #remove}: a subscriber added to a set outside it could
     * land in a set that a concurrent removal of the last subscriber has just dropped from the map, and be lost.
     */
    private static <S> boolean add(Map<ByteKey, Set<S>> map, S subscriber, byte[] name) {
        boolean[] added = {false};
        map.compute(new ByteKey(name), (k, set) -> {
            Set<S> subscribers = set == null ? ConcurrentHashMap.newKeySet() : set;
            added[0] = subscribers.add(subscriber);
            return subscribers;
        });
        return added[0];
    }

    private static <S> boolean remove(Map<ByteKey, Set<S>> map, S subscriber, byte[] name) {
        boolean[] removed = {false};
        map.computeIfPresent(new ByteKey(name), (k, set) -> {
            removed[0] = set.remove(subscriber);
            return set.isEmpty() ? null : set;
        });
        return removed[0];
    }

    /**
     * Delivers a message; returns how many subscriptions received it (PUBLISH's reply), script subscriptions
     * included.
     *
     * @throws PublishRefused a script subscriber of the channel has no room: nobody got the message
     */
    public long publish(byte[] channel, byte[] message) {
        long receivers = 0;
        BulkString channelReply = null;
        BulkString messageReply = null;
        ByteKey key = new ByteKey(channel);
        ChannelScript[] scriptSubscribers = reserveScripts(key);
        Set<Subscriber> direct = channels.get(key);
        if (direct != null) {
            channelReply = new BulkString(channel);
            messageReply = new BulkString(message);
            PushReply push = new PushReply(List.of(MESSAGE, channelReply, messageReply));
            for (Subscriber subscriber : direct) {
                subscriber.push(push);
                receivers++;
            }
        }
        // No isEmpty() shortcut: a map's size is updated after the mapping is visible, so it may still say empty
        // when a pattern has just been subscribed.
        for (Map.Entry<ByteKey, Set<Subscriber>> pattern : patterns.entrySet()) {
            if (!GlobPattern.matches(pattern.getKey().bytes(), channel, false)) {
                continue;
            }
            if (channelReply == null) {
                channelReply = new BulkString(channel);
                messageReply = new BulkString(message);
            }
            PushReply push = new PushReply(List.of(PMESSAGE, new BulkString(pattern.getKey().bytes()),
                    channelReply, messageReply));
            for (Subscriber subscriber : pattern.getValue()) {
                subscriber.push(push);
                receivers++;
            }
        }
        if (scriptSubscribers != null) {
            for (ChannelScript script : scriptSubscribers) {
                script.deliver(channel, message);
                receivers++;
            }
        }
        return receivers;
    }

    /** SPUBLISH: delivers a message to the clients subscribed to the shard channel; returns how many. */
    public long spublish(byte[] channel, byte[] message) {
        Set<Subscriber> subscribers = shardChannels.get(new ByteKey(channel));
        if (subscribers == null) {
            return 0;
        }
        PushReply push = new PushReply(List.of(SMESSAGE, new BulkString(channel), new BulkString(message)));
        long receivers = 0;
        for (Subscriber subscriber : subscribers) {
            subscriber.push(push);
            receivers++;
        }
        return receivers;
    }

    /** Room for one message in every script subscriber of the channel, or none at all; null when there are none. */
    private ChannelScript[] reserveScripts(ByteKey channel) {
        Set<ChannelScript> subscribed = scripts.get(channel);
        if (subscribed == null) {
            return null;
        }
        ChannelScript[] targets = subscribed.toArray(new ChannelScript[0]);
        for (int i = 0; i < targets.length; i++) {
            if (!targets[i].reserve()) {
                for (int j = 0; j < i; j++) {
                    targets[j].cancelReservation();
                }
                throw new PublishRefused(targets[i]);
            }
        }
        return targets;
    }

    /** Channels with at least one subscriber, matching {@code pattern} (all when null). */
    public List<byte[]> activeChannels(byte[] pattern) {
        return active(channels, pattern);
    }

    /** Shard channels with at least one subscriber, matching {@code pattern} (all when null). */
    public List<byte[]> activeShardChannels(byte[] pattern) {
        return active(shardChannels, pattern);
    }

    private static List<byte[]> active(Map<ByteKey, Set<Subscriber>> map, byte[] pattern) {
        List<byte[]> result = new ArrayList<>();
        for (ByteKey channel : map.keySet()) {
            if (pattern == null || GlobPattern.matches(pattern, channel.bytes(), false)) {
                result.add(channel.bytes());
            }
        }
        return result;
    }

    public long subscriberCount(byte[] channel) {
        return count(channels, channel);
    }

    public long shardSubscriberCount(byte[] channel) {
        return count(shardChannels, channel);
    }

    private static long count(Map<ByteKey, Set<Subscriber>> map, byte[] channel) {
        Set<Subscriber> subscribers = map.get(new ByteKey(channel));
        return subscribers == null ? 0 : subscribers.size();
    }

    /** Distinct patterns with at least one subscriber (PUBSUB NUMPAT). */
    public long patternCount() {
        return patterns.size();
    }

    public long channelCount() {
        return channels.size();
    }

    /** Shard channels with at least one subscriber (INFO's pubsubshard_channels). */
    public long shardChannelCount() {
        return shardChannels.size();
    }
}
