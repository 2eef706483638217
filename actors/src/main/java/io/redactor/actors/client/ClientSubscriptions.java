package io.redactor.actors.client;

import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.keys.ByteKey;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The channels, patterns and shard channels one client is subscribed to. Changed only on the client's own thread;
 * the counts are readable from any thread (CLIENT LIST).
 */
public final class ClientSubscriptions {
    private final Subscriber subscriber;
    private final Names channels = new Names(PubSub::subscribe, PubSub::unsubscribe);
    private final Names patterns = new Names(PubSub::psubscribe, PubSub::punsubscribe);
    private final Names shardChannels = new Names(PubSub::ssubscribe, PubSub::sunsubscribe);

    ClientSubscriptions(Subscriber subscriber) {
        this.subscriber = subscriber;
    }

    public int channelCount() {
        return channels.count;
    }

    public int patternCount() {
        return patterns.count;
    }

    public int shardChannelCount() {
        return shardChannels.count;
    }

    /** Subscribed to anything: RESP2 clients are then in the restricted subscriber mode. */
    public boolean active() {
        return channels.count + patterns.count + shardChannels.count > 0;
    }

    public void subscribe(PubSub pubsub, byte[] channel) {
        channels.add(pubsub, channel);
    }

    public void unsubscribe(PubSub pubsub, byte[] channel) {
        channels.remove(pubsub, channel);
    }

    public void psubscribe(PubSub pubsub, byte[] pattern) {
        patterns.add(pubsub, pattern);
    }

    public void punsubscribe(PubSub pubsub, byte[] pattern) {
        patterns.remove(pubsub, pattern);
    }

    public void ssubscribe(PubSub pubsub, byte[] channel) {
        shardChannels.add(pubsub, channel);
    }

    public void sunsubscribe(PubSub pubsub, byte[] channel) {
        shardChannels.remove(pubsub, channel);
    }

    public List<byte[]> channels() {
        return channels.names();
    }

    public List<byte[]> patterns() {
        return patterns.names();
    }

    public List<byte[]> shardChannels() {
        return shardChannels.names();
    }

    /** Drops every subscription (client gone, RESET). */
    public void clear(PubSub pubsub) {
        for (Names kind : List.of(channels, patterns, shardChannels)) {
            kind.names().forEach(name -> kind.remove(pubsub, name));
        }
    }

    /** How the node's subscriptions of one kind change. */
    private interface Change {
        boolean apply(PubSub pubsub, Subscriber subscriber, byte[] name);
    }

    /** The names of one kind of subscription, in subscription order, and how many they are. */
    private final class Names {
        private final Set<ByteKey> names = new LinkedHashSet<>();
        private final Change subscribe;
        private final Change unsubscribe;
        private volatile int count;

        Names(Change subscribe, Change unsubscribe) {
            this.subscribe = subscribe;
            this.unsubscribe = unsubscribe;
        }

        void add(PubSub pubsub, byte[] name) {
            if (names.add(new ByteKey(name))) {
                subscribe.apply(pubsub, subscriber, name);
                count = names.size();
            }
        }

        void remove(PubSub pubsub, byte[] name) {
            if (names.remove(new ByteKey(name))) {
                unsubscribe.apply(pubsub, subscriber, name);
                count = names.size();
            }
        }

        List<byte[]> names() {
            List<byte[]> list = new ArrayList<>(names.size());
            names.forEach(name -> list.add(name.bytes()));
            return list;
        }
    }
}
