package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.string;

/** COMMAND DOCS of the publish/subscribe commands, as Redis 7.0 reports them. */
final class PubSubDocs {
    private PubSubDocs() {
    }

    static final CommandDoc SUBSCRIBE = doc("Listen for messages published to the given channels", "2.0.0", "pubsub",
            "O(N) where N is the number of channels to subscribe to.")
            .args(string("channel").multiple());

    static final CommandDoc UNSUBSCRIBE = doc("Stop listening for messages posted to the given channels", "2.0.0",
            "pubsub", "O(N) where N is the number of clients already subscribed to a channel.")
            .args(string("channel").optional().multiple());

    static final CommandDoc PSUBSCRIBE = doc("Listen for messages published to channels matching the given patterns",
            "2.0.0", "pubsub", "O(N) where N is the number of patterns the client is already subscribed to.")
            .args(block("pattern", pattern("pattern")).multiple());

    static final CommandDoc PUNSUBSCRIBE = doc("Stop listening for messages posted to channels matching the given"
            + " patterns", "2.0.0", "pubsub", "O(N+M) where N is the number of patterns the client is already"
            + " subscribed and M is the number of total patterns subscribed in the system (by any client).")
            .args(pattern("pattern").optional().multiple());

    static final CommandDoc PUBLISH = doc("Post a message to a channel", "2.0.0", "pubsub", "O(N+M) where N is the"
            + " number of clients subscribed to the receiving channel and M is the total number of subscribed"
            + " patterns (by any client).")
            .args(string("channel"), string("message"));

    static final CommandDoc PUBSUB = doc("A container for Pub/Sub commands", "2.8.0", "pubsub",
            "Depends on subcommand.");

    static final CommandDoc PUBSUB_NUMPAT = doc("Get the count of unique patterns pattern subscriptions", "2.8.0",
            "pubsub", "O(1)");

    static final CommandDoc PUBSUB_CHANNELS = doc("List active channels", "2.8.0", "pubsub", "O(N) where N is the"
            + " number of active channels, and assuming constant time pattern matching (relatively short channels"
            + " and patterns)")
            .args(pattern("pattern").optional());

    static final CommandDoc PUBSUB_NUMSUB = doc("Get the count of subscribers for channels", "2.8.0", "pubsub",
            "O(N) for the NUMSUB subcommand, where N is the number of requested channels")
            .args(string("channel").optional().multiple());

    static final CommandDoc SSUBSCRIBE = doc("Listen for messages published to the given shard channels", "7.0.0",
            "pubsub", "O(N) where N is the number of shard channels to subscribe to.")
            .args(string("shardchannel").multiple());

    static final CommandDoc SUNSUBSCRIBE = doc("Stop listening for messages posted to the given shard channels",
            "7.0.0", "pubsub", "O(N) where N is the number of clients already subscribed to a shard channel.")
            .args(string("shardchannel").optional().multiple());

    static final CommandDoc SPUBLISH = doc("Post a message to a shard channel", "7.0.0", "pubsub",
            "O(N) where N is the number of clients subscribed to the receiving shard channel.")
            .args(string("shardchannel"), string("message"));

    static final CommandDoc PUBSUB_SHARDCHANNELS = doc("List active shard channels", "7.0.0", "pubsub",
            "O(N) where N is the number of active shard channels, and assuming constant time pattern matching "
                    + "(relatively short shard channels).")
            .args(pattern("pattern").optional());

    static final CommandDoc PUBSUB_SHARDNUMSUB = doc("Get the count of subscribers for shard channels", "7.0.0",
            "pubsub", "O(N) for the SHARDNUMSUB subcommand, where N is the number of requested shard channels")
            .args(string("shardchannel").optional().multiple());

    static final CommandDoc PUBSUB_HELP = doc("Show helpful text about the different subcommands", "6.2.0", "pubsub",
            "O(1)");
}
