package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Jedis subscriber on its own thread that records every message it receives. Created subscribed: the
 * factories return once the server has confirmed every subscription, so that what is published next reaches it.
 */
final class RecordingSubscriber extends JedisPubSub implements AutoCloseable {
    /** A received message; {@code pattern} is null for a channel's message. */
    record Message(String pattern, String channel, String payload) {
    }

    private final Jedis jedis;
    private final List<Message> messages = new ArrayList<>();
    private final Thread thread;
    private volatile int subscriptions;
    private volatile Throwable failure;

    private RecordingSubscriber(Jedis jedis, boolean patterns, String... names) {
        this.jedis = jedis;
        this.thread = new Thread(() -> {
            try {
                if (patterns) {
                    jedis.psubscribe(this, names);
                } else {
                    jedis.subscribe(this, names);
                }
            } catch (RuntimeException e) {
                failure = e;
            }
        }, "subscriber " + Arrays.toString(names));
        thread.setDaemon(true);
        thread.start();
        awaitSubscriptions((int) Arrays.stream(names).distinct().count());
    }

    static RecordingSubscriber toChannels(Jedis jedis, String... channels) {
        return new RecordingSubscriber(jedis, false, channels);
    }

    static RecordingSubscriber toPatterns(Jedis jedis, String... patterns) {
        return new RecordingSubscriber(jedis, true, patterns);
    }

    /** Adds patterns to a running subscriber and waits for the confirmations. */
    void addPatterns(String... patterns) {
        int expected = subscriptions + patterns.length;
        psubscribe(patterns);
        awaitSubscriptions(expected);
    }

    void addChannels(String... channels) {
        int expected = subscriptions + channels.length;
        subscribe(channels);
        awaitSubscriptions(expected);
    }

    void removeChannels(String... channels) {
        int expected = subscriptions - channels.length;
        unsubscribe(channels);
        awaitSubscriptions(expected);
    }

    /** The subscription count the server reported last. */
    int subscriptions() {
        return subscriptions;
    }

    void awaitSubscriptions(int count) {
        Eventually.until("subscription count " + count + " (now " + subscriptions + ")", () -> {
            if (failure != null) {
                throw new AssertionError("the subscriber failed", failure);
            }
            return subscriptions == count;
        });
    }

    List<Message> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    int received() {
        synchronized (messages) {
            return messages.size();
        }
    }

    /** Waits until at least {@code count} messages have arrived; returns them all. */
    List<Message> awaitMessages(int count) {
        Eventually.until(count + " messages (now " + received() + ")", () -> received() >= count);
        return messages();
    }

    /** True once the subscribing thread is done: unsubscribed from everything, or its connection gone. */
    boolean stopped(long timeoutMillis) throws InterruptedException {
        thread.join(timeoutMillis);
        return !thread.isAlive();
    }

    @Override
    public void onMessage(String channel, String message) {
        synchronized (messages) {
            messages.add(new Message(null, channel, message));
        }
    }

    @Override
    public void onPMessage(String pattern, String channel, String message) {
        synchronized (messages) {
            messages.add(new Message(pattern, channel, message));
        }
    }

    @Override
    public void onSubscribe(String channel, int count) {
        subscriptions = count;
    }

    @Override
    public void onUnsubscribe(String channel, int count) {
        subscriptions = count;
    }

    @Override
    public void onPSubscribe(String pattern, int count) {
        subscriptions = count;
    }

    @Override
    public void onPUnsubscribe(String pattern, int count) {
        subscriptions = count;
    }

    /** Unsubscribes from everything if still subscribed, then closes the connection. */
    @Override
    public void close() {
        try {
            if (thread.isAlive() && isSubscribed()) {
                unsubscribe();
                punsubscribe();
            }
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (RuntimeException e) {
            // the connection is already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            jedis.close();
        }
    }
}
