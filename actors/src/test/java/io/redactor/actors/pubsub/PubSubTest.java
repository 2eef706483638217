package io.redactor.actors.pubsub;

import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The subscription registry on its own: counts, delivery, and its use from many threads at once. */
class PubSubTest {
    /**
     * Threads that race on one name, and for how long. One per processor: the races looked for need two threads
     * really running at once (with 2 processors, 2 threads lose a subscription tens to hundreds of times a second
     * without the fix, 8 threads almost never).
     */
    private static final int CONTENDERS = Math.max(2, Runtime.getRuntime().availableProcessors());
    private static final long CONTENTION_NANOS = TimeUnit.MILLISECONDS.toNanos(1000);

    private final PubSub pubsub = new PubSub();

    /** Records what it is pushed, as "message channel payload" or "pmessage pattern channel payload". */
    private static final class Recorder implements Subscriber {
        final List<String> received = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void push(PushReply message) {
            List<String> parts = new ArrayList<>();
            for (Reply item : message.items()) {
                parts.add(new String(((BulkString) item).bytes(), StandardCharsets.ISO_8859_1));
            }
            received.add(String.join(" ", parts));
        }
    }

    private static byte[] b(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<String> strings(List<byte[]> names) {
        return names.stream().map(name -> new String(name, StandardCharsets.ISO_8859_1)).sorted().toList();
    }

    @Test
    void subscribingTwiceIsOneSubscription() {
        Recorder s = new Recorder();
        assertTrue(pubsub.subscribe(s, b("ch")));
        assertFalse(pubsub.subscribe(s, b("ch")));
        assertEquals(1, pubsub.subscriberCount(b("ch")));
        assertEquals(1, pubsub.publish(b("ch"), b("hi")));
        assertEquals(List.of("message ch hi"), s.received);
    }

    @Test
    void unsubscribingReportsWhetherThereWasASubscription() {
        Recorder s = new Recorder();
        assertFalse(pubsub.unsubscribe(s, b("ch")));
        pubsub.subscribe(s, b("ch"));
        assertFalse(pubsub.unsubscribe(new Recorder(), b("ch")));
        assertTrue(pubsub.unsubscribe(s, b("ch")));
        assertFalse(pubsub.unsubscribe(s, b("ch")));
        assertEquals(0, pubsub.publish(b("ch"), b("hi")));
        assertEquals(List.of(), s.received);
    }

    @Test
    void aChannelWithoutSubscribersIsNotActive() {
        Recorder s1 = new Recorder();
        Recorder s2 = new Recorder();
        pubsub.subscribe(s1, b("a"));
        pubsub.subscribe(s2, b("a"));
        pubsub.subscribe(s2, b("b"));
        assertEquals(2, pubsub.channelCount());
        assertEquals(2, pubsub.subscriberCount(b("a")));
        pubsub.unsubscribe(s1, b("a"));
        assertEquals(1, pubsub.subscriberCount(b("a")));
        pubsub.unsubscribe(s2, b("a"));
        assertEquals(0, pubsub.subscriberCount(b("a")));
        assertEquals(1, pubsub.channelCount());
        assertEquals(List.of("b"), strings(pubsub.activeChannels(null)));
    }

    @Test
    void patternsCountOncePerPatternAndVanishWithTheirLastSubscriber() {
        Recorder s1 = new Recorder();
        Recorder s2 = new Recorder();
        assertTrue(pubsub.psubscribe(s1, b("news.*")));
        assertFalse(pubsub.psubscribe(s1, b("news.*")));
        assertTrue(pubsub.psubscribe(s2, b("news.*")));
        assertTrue(pubsub.psubscribe(s2, b("sport.*")));
        assertEquals(2, pubsub.patternCount());
        assertEquals(0, pubsub.channelCount(), "patterns are not channels");
        assertTrue(pubsub.punsubscribe(s1, b("news.*")));
        assertFalse(pubsub.punsubscribe(s1, b("news.*")));
        assertEquals(2, pubsub.patternCount());
        pubsub.punsubscribe(s2, b("news.*"));
        assertEquals(1, pubsub.patternCount());
        assertEquals(0, pubsub.publish(b("news.x"), b("m")));
    }

    @Test
    void publishCountsEverySubscriptionReached() {
        Recorder direct = new Recorder();
        Recorder both = new Recorder();
        Recorder pattern = new Recorder();
        Recorder other = new Recorder();
        pubsub.subscribe(direct, b("news.eu"));
        pubsub.subscribe(both, b("news.eu"));
        pubsub.psubscribe(both, b("news.*"));
        pubsub.psubscribe(pattern, b("*.eu"));
        pubsub.psubscribe(other, b("sport.*"));
        pubsub.subscribe(other, b("news"));

        assertEquals(4, pubsub.publish(b("news.eu"), b("m1")));

        assertEquals(List.of("message news.eu m1"), direct.received);
        assertEquals(List.of("message news.eu m1", "pmessage news.* news.eu m1"), both.received,
                "the channel's message comes before the pattern's");
        assertEquals(List.of("pmessage *.eu news.eu m1"), pattern.received);
        assertEquals(List.of(), other.received);
        assertEquals(1, pubsub.publish(b("news.us"), b("m2")));
        assertEquals(0, pubsub.publish(b("weather"), b("m3")));
    }

    @Test
    void namesAndMessagesAreBinary() {
        Recorder s = new Recorder();
        byte[] channel = {0, (byte) 0xff, '\r', '\n'};
        pubsub.subscribe(s, channel);
        pubsub.psubscribe(s, new byte[] {0, '*'});
        assertEquals(2, pubsub.publish(channel, new byte[] {(byte) 0x80}));
        assertEquals(List.of("message \0\u00ff\r\n \u0080", "pmessage \0* \0\u00ff\r\n \u0080"), s.received);
        assertEquals(1, pubsub.publish(new byte[] {0, (byte) 0xfe}, b("x")), "only the pattern matches");
    }

    @Test
    void activeChannelsMatchAGlob() {
        Recorder s = new Recorder();
        for (String channel : List.of("alpha", "beta", "gamma", "", "a\\b")) {
            pubsub.subscribe(s, b(channel));
        }
        assertEquals(List.of("", "a\\b", "alpha", "beta", "gamma"), strings(pubsub.activeChannels(null)));
        assertEquals(List.of("a\\b", "alpha", "beta", "gamma"), strings(pubsub.activeChannels(b("*"))),
                "a glob never matches the empty name");
        assertEquals(List.of("alpha", "gamma"), strings(pubsub.activeChannels(b("?????"))));
        assertEquals(List.of("a\\b", "alpha", "beta"), strings(pubsub.activeChannels(b("[ab]*"))));
        assertEquals(List.of("a\\b"), strings(pubsub.activeChannels(b("a\\\\b"))));
        assertEquals(List.of(""), strings(pubsub.activeChannels(b(""))));
    }

    /**
     * Subscribers join and leave one channel from several threads at once: half of them only churn, the others
     * publish after subscribing and must receive their own message. A subscription added to a subscriber set that a
     * concurrent last unsubscribe is dropping from the registry would be lost.
     */
    @Test
    void concurrentSubscribersNeverLoseTheirSubscription() throws Exception {
        byte[] channel = b("busy");
        int lost = contend(
                subscriber -> pubsub.subscribe(subscriber, channel),
                id -> pubsub.publish(channel, b(id)),
                subscriber -> pubsub.unsubscribe(subscriber, channel));
        assertEquals(0, lost, "publications that missed their own subscriber");
        assertEquals(0, pubsub.channelCount(), "nobody is subscribed any more");
    }

    @Test
    void concurrentPatternSubscribersNeverLoseTheirSubscription() throws Exception {
        byte[] pattern = b("busy.*");
        int lost = contend(
                subscriber -> pubsub.psubscribe(subscriber, pattern),
                id -> pubsub.publish(b("busy.x"), b(id)),
                subscriber -> pubsub.punsubscribe(subscriber, pattern));
        assertEquals(0, lost, "publications that missed their own subscriber");
        assertEquals(0, pubsub.patternCount(), "nobody is subscribed any more");
    }

    /**
     * Runs {@link #CONTENDERS} threads for {@link #CONTENTION_NANOS}, each with its own subscriber: subscribe,
     * (checkers only) publish a message naming the thread, unsubscribe. Returns how many of the checkers' own
     * messages did not reach them.
     */
    private static int contend(Consumer<Subscriber> subscribe, Consumer<String> publish,
                               Consumer<Subscriber> unsubscribe) throws Exception {
        List<Callable<Integer>> tasks = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(CONTENDERS);
        for (int t = 0; t < CONTENDERS; t++) {
            String id = "t" + t + ":";
            boolean checker = t % 2 == 0;
            tasks.add(() -> {
                int[] own = {0};
                Subscriber subscriber = message -> {
                    String payload = ((BulkString) message.items().get(message.items().size() - 1)).asString();
                    if (payload.startsWith(id)) {
                        own[0]++;
                    }
                };
                start.await();
                long end = System.nanoTime() + CONTENTION_NANOS;
                int lost = 0;
                for (int i = 0; System.nanoTime() < end; i++) {
                    subscribe.accept(subscriber);
                    if (checker) {
                        int before = own[0];
                        publish.accept(id + i);
                        if (own[0] != before + 1) {
                            lost++;
                        }
                    }
                    unsubscribe.accept(subscriber);
                }
                return lost;
            });
        }
        int lost = 0;
        for (Future<Integer> result : runAll(tasks)) {
            lost += result.get();
        }
        return lost;
    }

    /**
     * Publishers on several threads, each publishing a numbered sequence to channels and through patterns: every
     * subscriber gets every message once, each publisher's in the order published.
     */
    @Test
    void eachPublishersMessagesArriveInOrder() throws Exception {
        int publishers = 6;
        int messages = 5_000;
        List<Recorder> subscribers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Recorder recorder = new Recorder();
            subscribers.add(recorder);
            pubsub.subscribe(recorder, b("ch" + i));
            pubsub.psubscribe(recorder, b("ch*"));
        }
        List<Callable<Integer>> tasks = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(publishers);
        for (int p = 0; p < publishers; p++) {
            int publisher = p;
            tasks.add(() -> {
                start.await();
                int reached = 0;
                for (int n = 0; n < messages; n++) {
                    reached += (int) pubsub.publish(b("ch" + (n % 4)), b(publisher + ":" + n));
                }
                return reached;
            });
        }
        for (Future<Integer> reached : runAll(tasks)) {
            assertEquals(messages * 5, reached.get(), "each message reaches 4 pattern subscribers and 1 channel");
        }
        for (int s = 0; s < subscribers.size(); s++) {
            // subscriber s's channel, ch<s>, carries the numbers n with n % 4 == s; its pattern carries all
            int[] nextDirect = new int[publishers];
            Arrays.fill(nextDirect, s);
            int[] nextPattern = new int[publishers];
            for (String message : subscribers.get(s).received) {
                String[] parts = message.split(" ");
                String[] payload = parts[parts.length - 1].split(":");
                int publisher = Integer.parseInt(payload[0]);
                int n = Integer.parseInt(payload[1]);
                if (parts[0].equals("message")) {
                    assertEquals(nextDirect[publisher], n, "subscriber " + s + ", publisher " + publisher);
                    nextDirect[publisher] = n + 4;
                } else {
                    assertEquals(nextPattern[publisher], n, "subscriber " + s + ", publisher " + publisher);
                    nextPattern[publisher] = n + 1;
                }
            }
            for (int p = 0; p < publishers; p++) {
                assertEquals(messages, nextPattern[p], "every pattern message arrived");
                assertEquals(messages + s, nextDirect[p], "every channel message arrived");
            }
        }
    }

    private static <T> List<Future<T>> runAll(List<Callable<T>> tasks) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            return pool.invokeAll(tasks, 60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
    }
}
