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
 * Channel and pattern subscriptions of this node and message delivery. Shared by every client and partition;
 * subscribing is rare, publishing frequent, so publishing reads concurrent structures without locking. A
 * publisher's messages reach each subscriber in the order it published them.
 */
public final class PubSub {
    private static final BulkString MESSAGE = BulkString.of("message");
    private static final BulkString PMESSAGE = BulkString.of("pmessage");

    private final Map<ByteKey, Set<Subscriber>> channels = new ConcurrentHashMap<>();
    private final Map<ByteKey, Set<Subscriber>> patterns = new ConcurrentHashMap<>();

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

    /**
     * Adds under the map's lock for the name, like {@link #remove}: a subscriber added to a set outside it could
     * land in a set that a concurrent removal of the last subscriber has just dropped from the map, and be lost.
     */
    private static boolean add(Map<ByteKey, Set<Subscriber>> map, Subscriber subscriber, byte[] name) {
        boolean[] added = {false};
        map.compute(new ByteKey(name), (k, set) -> {
            Set<Subscriber> subscribers = set == null ? ConcurrentHashMap.newKeySet() : set;
            added[0] = subscribers.add(subscriber);
            return subscribers;
        });
        return added[0];
    }

    private static boolean remove(Map<ByteKey, Set<Subscriber>> map, Subscriber subscriber, byte[] name) {
        boolean[] removed = {false};
        map.computeIfPresent(new ByteKey(name), (k, set) -> {
            removed[0] = set.remove(subscriber);
            return set.isEmpty() ? null : set;
        });
        return removed[0];
    }

    /** Delivers a message; returns how many subscriptions received it (PUBLISH's reply). */
    public long publish(byte[] channel, byte[] message) {
        long receivers = 0;
        BulkString channelReply = null;
        BulkString messageReply = null;
        Set<Subscriber> direct = channels.get(new ByteKey(channel));
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
        return receivers;
    }

    /** Channels with at least one subscriber, matching {@code pattern} (all when null). */
    public List<byte[]> activeChannels(byte[] pattern) {
        List<byte[]> result = new ArrayList<>();
        for (ByteKey channel : channels.keySet()) {
            if (pattern == null || GlobPattern.matches(pattern, channel.bytes(), false)) {
                result.add(channel.bytes());
            }
        }
        return result;
    }

    public long subscriberCount(byte[] channel) {
        Set<Subscriber> subscribers = channels.get(new ByteKey(channel));
        return subscribers == null ? 0 : subscribers.size();
    }

    /** Distinct patterns with at least one subscriber (PUBSUB NUMPAT). */
    public long patternCount() {
        return patterns.size();
    }

    public long channelCount() {
        return channels.size();
    }
}
