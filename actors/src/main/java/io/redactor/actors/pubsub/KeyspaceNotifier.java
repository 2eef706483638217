package io.redactor.actors.pubsub;

import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.node.config.RuntimeConfig;

import java.nio.charset.StandardCharsets;

/**
 * Keyspace notifications: for an event of an enabled class, publishes the event name on
 * {@code __keyspace@<db>__:<key>} (K) and the key on {@code __keyevent@<db>__:<event>} (E).
 */
public final class KeyspaceNotifier {
    private final RuntimeConfig config;
    private final PubSub pubsub;

    public KeyspaceNotifier(RuntimeConfig config, PubSub pubsub) {
        this.config = config;
        this.pubsub = pubsub;
    }

    public void notify(int db, int eventClass, String event, byte[] key) {
        int flags = config.notifyKeyspaceEventFlags();
        if ((flags & eventClass) == 0) {
            return;
        }
        byte[] eventBytes = event.getBytes(StandardCharsets.US_ASCII);
        if ((flags & KeyspaceEvents.KEYSPACE) != 0) {
            pubsub.publish(concat("__keyspace@" + db + "__:", key), eventBytes);
        }
        if ((flags & KeyspaceEvents.KEYEVENT) != 0) {
            pubsub.publish(concat("__keyevent@" + db + "__:", eventBytes), key);
        }
    }

    private static byte[] concat(String prefix, byte[] suffix) {
        byte[] head = prefix.getBytes(StandardCharsets.US_ASCII);
        byte[] result = new byte[head.length + suffix.length];
        System.arraycopy(head, 0, result, 0, head.length);
        System.arraycopy(suffix, 0, result, head.length, suffix.length);
        return result;
    }
}
