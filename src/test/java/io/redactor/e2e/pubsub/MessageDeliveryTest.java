package io.redactor.e2e.pubsub;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.e2e.pubsub.RecordingSubscriber.Message;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Jedis subscribers on the shared Redactor: what they receive, and in which order. */
class MessageDeliveryTest {
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void noSubscriptionsLeft() {
        Await.noSubscriptions("redactor", TestRedactor.shared()::raw);
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (AutoCloseable closeable : opened.reversed()) {
            closeable.close();
        }
    }

    private Jedis jedis() {
        Jedis jedis = TestRedactor.shared().jedis();
        opened.add(jedis);
        return jedis;
    }

    private RecordingSubscriber channels(String... channels) {
        RecordingSubscriber subscriber = RecordingSubscriber.toChannels(TestRedactor.shared().jedis(), channels);
        opened.add(subscriber);
        return subscriber;
    }

    private RecordingSubscriber patterns(String... patterns) {
        RecordingSubscriber subscriber = RecordingSubscriber.toPatterns(TestRedactor.shared().jedis(), patterns);
        opened.add(subscriber);
        return subscriber;
    }

    @Test
    void subscribersReceiveExactlyWhatIsPublishedToTheirChannels() {
        RecordingSubscriber news = channels("d:news", "d:sport");
        RecordingSubscriber weather = channels("d:weather");
        Jedis publisher = jedis();

        assertEquals(1, publisher.publish("d:news", "n1"));
        assertEquals(0, publisher.publish("d:nobody", "lost"));
        assertEquals(1, publisher.publish("d:weather", "w1"));
        assertEquals(1, publisher.publish("d:sport", "s1"));
        assertEquals(1, publisher.publish("d:news", ""));
        assertEquals(0, publisher.publish("d:News", "case matters"));
        // a marker published last: once it has arrived, everything before it has too
        assertEquals(1, publisher.publish("d:news", "end"));
        assertEquals(1, publisher.publish("d:weather", "end"));

        assertEquals(List.of(new Message(null, "d:news", "n1"), new Message(null, "d:sport", "s1"),
                new Message(null, "d:news", ""), new Message(null, "d:news", "end")), news.awaitMessages(4));
        assertEquals(List.of(new Message(null, "d:weather", "w1"), new Message(null, "d:weather", "end")),
                weather.awaitMessages(2));
        assertEquals(4, news.received(), "nothing more arrived");
    }

    @Test
    void aClientSubscribedByChannelAndByPatternReceivesBoth() {
        RecordingSubscriber both = channels("d:eu.news");
        both.addPatterns("d:eu.*", "d:*.sport");
        RecordingSubscriber patternOnly = patterns("d:??.news");
        Jedis publisher = jedis();

        assertEquals(3, publisher.publish("d:eu.news", "m1"), "channel, d:eu.* and d:??.news");
        assertEquals(1, publisher.publish("d:us.sport", "m2"));
        assertEquals(1, publisher.publish("d:eu.weather", "m3"));
        assertEquals(1, publisher.publish("d:us.news", "m4"));
        assertEquals(0, publisher.publish("d:eu", "m5"));

        List<Message> received = both.awaitMessages(4);
        assertEquals(new Message(null, "d:eu.news", "m1"), received.get(0), "the channel's message comes first");
        assertEquals(new Message("d:eu.*", "d:eu.news", "m1"), received.get(1));
        assertEquals(List.of(new Message("d:*.sport", "d:us.sport", "m2"),
                new Message("d:eu.*", "d:eu.weather", "m3")), received.subList(2, 4));
        assertEquals(List.of(new Message("d:??.news", "d:eu.news", "m1"), new Message("d:??.news", "d:us.news", "m4")),
                patternOnly.awaitMessages(2));
    }

    @Test
    void aMessageMatchingTwoPatternsOfOneClientArrivesTwice() {
        RecordingSubscriber subscriber = patterns("d:a*", "d:*z");
        assertEquals(2, jedis().publish("d:abcz", "x"));
        assertEquals(Set.of(new Message("d:a*", "d:abcz", "x"), new Message("d:*z", "d:abcz", "x")),
                new HashSet<>(subscriber.awaitMessages(2)));
    }

    @Test
    void unsubscribedChannelsStopReceiving() {
        RecordingSubscriber subscriber = channels("d:one", "d:two");
        Jedis publisher = jedis();
        subscriber.removeChannels("d:one");
        assertEquals(0, publisher.publish("d:one", "gone"));
        assertEquals(1, publisher.publish("d:two", "kept"));
        assertEquals(List.of(new Message(null, "d:two", "kept")), subscriber.awaitMessages(1));
    }

    /** Ten subscribers of one channel, thousands of messages: each gets all of them, in order. */
    @Test
    void tenSubscribersOfOneChannelGetEveryMessageInOrder() {
        int messages = 3_000;
        List<RecordingSubscriber> subscribers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            subscribers.add(channels("d:crowd"));
        }
        Jedis publisher = jedis();
        long reached = 0;
        for (int n = 0; n < messages; n++) {
            reached += publisher.publish("d:crowd", Integer.toString(n));
        }
        assertEquals(10L * messages, reached);
        for (RecordingSubscriber subscriber : subscribers) {
            List<Message> received = subscriber.awaitMessages(messages);
            assertEquals(messages, received.size());
            for (int n = 0; n < messages; n++) {
                assertEquals(Integer.toString(n), received.get(n).payload());
            }
        }
    }

    /**
     * Publishers on their own connections, each publishing a numbered sequence spread over channels that fall in
     * every partition: every subscriber (by channel or by pattern) gets each publisher's numbers in order.
     */
    @Test
    void eachPublishersOrderIsKeptForEverySubscriber() throws Exception {
        int publishers = 4;
        int messages = 2_000;
        List<String> channels = PartitionKeys.spread("d:order", 64);
        List<RecordingSubscriber> subscribers = List.of(
                channels(channels.toArray(String[]::new)),
                channels(channels.toArray(String[]::new)),
                patterns("d:order*"));
        ExecutorService pool = Executors.newFixedThreadPool(publishers);
        try {
            List<Callable<Long>> tasks = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                int publisher = p;
                tasks.add(() -> {
                    try (Jedis jedis = TestRedactor.shared().jedis()) {
                        long reached = 0;
                        for (int n = 0; n < messages; n++) {
                            reached += jedis.publish(channels.get((n * 7 + publisher) % channels.size()),
                                    publisher + ":" + n);
                        }
                        return reached;
                    }
                });
            }
            for (Future<Long> reached : pool.invokeAll(tasks, 60, TimeUnit.SECONDS)) {
                assertEquals(3L * messages, reached.get());
            }
        } finally {
            pool.shutdownNow();
        }
        for (int s = 0; s < subscribers.size(); s++) {
            List<Message> received = subscribers.get(s).awaitMessages(publishers * messages);
            assertEquals(publishers * messages, received.size());
            int[] next = new int[publishers];
            for (Message message : received) {
                String[] parts = message.payload().split(":");
                int publisher = Integer.parseInt(parts[0]);
                assertEquals(next[publisher], Integer.parseInt(parts[1]),
                        "subscriber " + s + ", publisher " + publisher);
                assertEquals(channels.get((next[publisher] * 7 + publisher) % channels.size()), message.channel());
                next[publisher]++;
            }
        }
    }
}
