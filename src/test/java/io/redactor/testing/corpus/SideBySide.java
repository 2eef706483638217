package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The frame of a seeded randomized differential test: a connection to the shared real Redis and one to the shared
 * Redactor, with the test's keys deleted and its configuration set on both before it plays, and afterwards RESP2
 * back (its commands may switch to RESP3), its keys deleted and the configuration put back, whatever happened.
 */
public final class SideBySide {
    private SideBySide() {
    }

    /** What the test does with the two connections. */
    @FunctionalInterface
    public interface Play {
        void run(RawClient redis, RawClient ours);
    }

    /**
     * Plays {@code play} with {@code keys} deleted, {@code settings} set by CONFIG SET and {@code setUp} run on each
     * server first (to write a key of another type, say).
     */
    public static void play(List<String> keys, Map<String, String> settings, Consumer<RawClient> setUp, Play play) {
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            ConfigSnapshot redisConfig = ConfigSnapshot.take(redis, settings.keySet());
            ConfigSnapshot ourConfig = ConfigSnapshot.take(ours, settings.keySet());
            try {
                for (RawClient client : List.of(redis, ours)) {
                    client.call(withKeys("DEL", keys));
                    settings.forEach((name, value) -> client.call("CONFIG", "SET", name, value));
                    setUp.accept(client);
                }
                play.run(redis, ours);
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("HELLO", "2");
                    client.call(withKeys("DEL", keys));
                }
                redisConfig.restore(redis);
                ourConfig.restore(ours);
            }
        }
    }

    private static String[] withKeys(String command, List<String> keys) {
        List<String> argv = new ArrayList<>(List.of(command));
        argv.addAll(keys);
        return argv.toArray(new String[0]);
    }
}
