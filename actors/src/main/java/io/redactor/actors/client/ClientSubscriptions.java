package io.redactor.actors.client;

import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.keys.ByteKey;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The channels, patterns and shard channels one client is subscribed to. Changed only on the client's own thread; the counts are
 * readable from any thread (CLIENT LIST).
 */
public final class ClientSubscriptions {
    private final Subscriber subscriber;
    private final Set<ByteKey> channels = new LinkedHashSet<>();
    private final Set<ByteKey> patterns = new LinkedHashSet<>();
    private final Set<ByteKey> shardChannels = new LinkedHashSet<>();
    private volatile int channelCount;
    private volatile int patternCount;
    private volatile int shardChannelCount;

    ClientSubscriptions(Subscriber subscriber) {
        this.subscriber = subscriber;
    }

    public int channelCount() {
        return channelCount;
    }

    public int patternCount() {
        return patternCount;
    }

    public int shardChannelCount() {
        return shardChannelCount;
    }

    /** Subscribed to anything: RESP2 clients are then in the restricted subscriber mode. */
    public boolean active() {
        return channelCount + patternCount + shardChannelCount > 0;
    }

    public void subscribe(PubSub pubsub, byte[] channel) {
        if (channels.add(new ByteKey(channel))) {
            pubsub.subscribe(subscriber, channel);
            channelCount = channels.size();
        }
    }

    public void unsubscribe(PubSub pubsub, byte[] channel) {
        if (channels.remove(new ByteKey(channel))) {
            pubsub.unsubscribe(subscriber, channel);
            channelCount = channels.size();
        }
    }

    public void psubscribe(PubSub pubsub, byte[] pattern) {
        if (patterns.add(new ByteKey(pattern))) {
            pubsub.psubscribe(subscriber, pattern);
            patternCount = patterns.size();
        }
    }

    public void punsubscribe(PubSub pubsub, byte[] pattern) {
        if (patterns.remove(new ByteKey(pattern))) {
            pubsub.punsubscribe(subscriber, pattern);
            patternCount = patterns.size();
        }
    }

    public void ssubscribe(PubSub pubsub, byte[] channel) {
        if (shardChannels.add(new ByteKey(channel))) {
            pubsub.ssubscribe(subscriber, channel);
            shardChannelCount = shardChannels.size();
        }
    }

    public void sunsubscribe(PubSub pubsub, byte[] channel) {
        if (shardChannels.remove(new ByteKey(channel))) {
            pubsub.sunsubscribe(subscriber, channel);
            shardChannelCount = shardChannels.size();
        }
    }

    public List<byte[]> channels() {
        return names(channels);
    }

    public List<byte[]> patterns() {
        return names(patterns);
    }

    public List<byte[]> shardChannels() {
        return names(shardChannels);
    }

    /** Drops every subscription (client gone, RESET). */
    public void clear(PubSub pubsub) {
        channels().forEach(channel -> unsubscribe(pubsub, channel));
        patterns().forEach(pattern -> punsubscribe(pubsub, pattern));
        shardChannels().forEach(channel -> sunsubscribe(pubsub, channel));
    }

    private static List<byte[]> names(Set<ByteKey> set) {
        List<byte[]> names = new ArrayList<>(set.size());
        set.forEach(name -> names.add(name.bytes()));
        return names;
    }
}
