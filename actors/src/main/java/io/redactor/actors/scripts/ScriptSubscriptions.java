package io.redactor.actors.scripts;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.core.keys.ByteKey;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.lua.CompiledScript;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The script subscriptions of the node (SSUBSCRIBE), by script and channel. Changes are rare and serialized;
 * publishing reads {@link PubSub}'s concurrent structures only.
 */
final class ScriptSubscriptions {
    private record Key(String sha, ByteKey channel) {
    }

    private final PubSub pubsub;
    private final Map<Key, ScriptSubscription> subscriptions = new LinkedHashMap<>();

    ScriptSubscriptions(PubSub pubsub) {
        this.pubsub = pubsub;
    }

    /**
     * Subscribes the script to each channel, its runs in the client's database, up to {@code parallelism} messages
     * of a channel at once; a subscription that exists already only takes the new parallelism.
     */
    synchronized void subscribe(CompiledScript script, List<byte[]> channels, int parallelism, ClientSession caller,
                                NodeServices node, AsyncScripts async, int backlog) {
        for (byte[] channel : channels) {
            Key key = new Key(script.sha(), new ByteKey(channel));
            ScriptSubscription existing = subscriptions.get(key);
            if (existing != null) {
                existing.setParallelism(parallelism);
            } else {
                ClientSession runsAs = node.clients().internalSession(System.currentTimeMillis());
                runsAs.setDb(caller.db());
                // its messages run as the user who subscribed it, with that user's rules as they are at each run
                runsAs.signIn(caller.user(), true);
                ScriptSubscription subscription = new ScriptSubscription(script, channel, runsAs, node, async,
                        backlog, parallelism);
                subscriptions.put(key, subscription);
                pubsub.subscribeScript(subscription, channel);
            }
        }
    }

    /** Removes the script's subscriptions to {@code channels} (all of them when empty); returns how many. */
    synchronized int unsubscribe(String sha, List<byte[]> channels) {
        List<Key> keys = new ArrayList<>();
        if (channels.isEmpty()) {
            subscriptions.keySet().stream().filter(key -> key.sha().equals(sha)).forEach(keys::add);
        } else {
            channels.forEach(channel -> keys.add(new Key(sha, new ByteKey(channel))));
        }
        int removed = 0;
        for (Key key : keys) {
            ScriptSubscription subscription = subscriptions.remove(key);
            if (subscription != null) {
                pubsub.unsubscribeScript(subscription, subscription.channel());
                removed++;
            }
        }
        return removed;
    }

    /** SCRIPT FLUSH: the scripts are forgotten, and so are their subscriptions. */
    synchronized void clear() {
        subscriptions.values().forEach(subscription -> pubsub.unsubscribeScript(subscription, subscription.channel()));
        subscriptions.clear();
    }

    synchronized int count() {
        return subscriptions.size();
    }

    /** Messages waiting in every subscription's backlog. */
    synchronized long waiting() {
        return subscriptions.values().stream().mapToLong(ScriptSubscription::waiting).sum();
    }

    /**
     * SCRIPT SUBSCRIPTIONS: one map per subscription, in the order they were made: sha, channel, db, parallelism, waiting
     * (messages accepted and not yet run to their end), processed, failed (runs that ended in an error) and
     * last-error.
     */
    synchronized Reply list() {
        List<Reply> entries = new ArrayList<>(subscriptions.size());
        for (ScriptSubscription subscription : subscriptions.values()) {
            String lastError = subscription.lastError();
            entries.add(new MapReply(List.of(
                    BulkString.of("sha"), BulkString.of(subscription.sha()),
                    BulkString.of("channel"), new BulkString(subscription.channel()),
                    BulkString.of("db"), IntegerReply.of(subscription.db()),
                    BulkString.of("parallelism"), IntegerReply.of(subscription.parallelism()),
                    BulkString.of("waiting"), IntegerReply.of(subscription.waiting()),
                    BulkString.of("processed"), IntegerReply.of(subscription.processed()),
                    BulkString.of("failed"), IntegerReply.of(subscription.failed()),
                    BulkString.of("last-error"), lastError == null ? NullReply.NULL_BULK : BulkString.of(lastError))));
        }
        return new ArrayReply(entries);
    }
}
