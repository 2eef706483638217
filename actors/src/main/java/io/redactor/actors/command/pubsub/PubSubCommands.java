package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.CommandSpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.PUBSUB;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * The publish/subscribe commands' table entries. Redis 7's sharded pub/sub (SSUBSCRIBE, SPUBLISH, PUBSUB
 * SHARDCHANNELS) is not offered: SSUBSCRIBE and SUNSUBSCRIBE are Redactor's script subscriptions.
 */
public final class PubSubCommands {
    private PubSubCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("subscribe", -2).flags(PUBSUB, NOSCRIPT, LOADING, STALE).doc(PubSubDocs.SUBSCRIBE)
                        .runsAtClient(SubscriptionCommands::subscribe).build(),
                command("unsubscribe", -1).flags(PUBSUB, NOSCRIPT, LOADING, STALE).doc(PubSubDocs.UNSUBSCRIBE)
                        .runsAtClient(SubscriptionCommands::unsubscribe).build(),
                command("psubscribe", -2).flags(PUBSUB, NOSCRIPT, LOADING, STALE).doc(PubSubDocs.PSUBSCRIBE)
                        .runsAtClient(SubscriptionCommands::psubscribe).build(),
                command("punsubscribe", -1).flags(PUBSUB, NOSCRIPT, LOADING, STALE).doc(PubSubDocs.PUNSUBSCRIBE)
                        .runsAtClient(SubscriptionCommands::punsubscribe).build(),
                command("ssubscribe", -3).flags(PUBSUB, NOSCRIPT, LOADING, STALE).extension()
                        .doc(PubSubDocs.SSUBSCRIBE).runsAtClient(ScriptSubscriptionCommands::ssubscribe).build(),
                command("sunsubscribe", -2).flags(PUBSUB, NOSCRIPT, LOADING, STALE).extension()
                        .doc(PubSubDocs.SUNSUBSCRIBE).runsAtClient(ScriptSubscriptionCommands::sunsubscribe).build(),
                command("publish", 3).flags(PUBSUB, LOADING, STALE, FAST).doc(PubSubDocs.PUBLISH)
                        .runsAtClient(PublishCommands::publish).build(),
                command("pubsub", -2).doc(PubSubDocs.PUBSUB).subcommands(
                        command("channels", -2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_CHANNELS)
                                .runsAtClient(PublishCommands::channels),
                        command("numsub", -2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_NUMSUB)
                                .runsAtClient(PublishCommands::numsub),
                        command("numpat", 2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_NUMPAT)
                                .runsAtClient(PublishCommands::numpat),
                        command("help", 2).flags(LOADING, STALE).doc(PubSubDocs.PUBSUB_HELP)
                                .runsAtClient(PublishCommands::help)).build());
    }
}
