package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.MAY_REPLICATE;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.PUBSUB;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * The publish/subscribe commands' table entries, Redis 7's sharded pub/sub among them. SSUBSCRIBE and SUNSUBSCRIBE
 * also subscribe and unsubscribe scripts when their first argument is a script's SHA1 (see {@link ShardOrScript}).
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
                command("ssubscribe", -2).flags(PUBSUB, NOSCRIPT, LOADING, STALE).keys(1, -1, 1)
                        .keySpecs(KeySpec.range(1, -1, 1, "not_key")).doc(PubSubDocs.SSUBSCRIBE)
                        .runsAtClient(ShardOrScript::ssubscribe).build(),
                command("sunsubscribe", -1).flags(PUBSUB, NOSCRIPT, LOADING, STALE).keys(1, -1, 1)
                        .keySpecs(KeySpec.range(1, -1, 1, "not_key")).doc(PubSubDocs.SUNSUBSCRIBE)
                        .runsAtClient(ShardOrScript::sunsubscribe).build(),
                command("spublish", 3).flags(PUBSUB, LOADING, STALE, FAST, MAY_REPLICATE).keys(1, 1, 1)
                        .keySpecs(KeySpec.range(1, 0, 1, "not_key")).doc(PubSubDocs.SPUBLISH)
                        .runsAtClient(PublishCommands::spublish).build(),
                command("publish", 3).flags(PUBSUB, LOADING, STALE, FAST, MAY_REPLICATE).doc(PubSubDocs.PUBLISH)
                        .runsAtClient(PublishCommands::publish).build(),
                command("pubsub", -2).doc(PubSubDocs.PUBSUB).subcommands(
                        command("channels", -2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_CHANNELS)
                                .runsAtClient(PublishCommands::channels),
                        command("numsub", -2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_NUMSUB)
                                .runsAtClient(PublishCommands::numsub),
                        command("numpat", 2).flags(PUBSUB, LOADING, STALE).doc(PubSubDocs.PUBSUB_NUMPAT)
                                .runsAtClient(PublishCommands::numpat),
                        command("shardchannels", -2).flags(PUBSUB, LOADING, STALE)
                                .doc(PubSubDocs.PUBSUB_SHARDCHANNELS).runsAtClient(PublishCommands::shardchannels),
                        command("shardnumsub", -2).flags(PUBSUB, LOADING, STALE)
                                .doc(PubSubDocs.PUBSUB_SHARDNUMSUB).runsAtClient(PublishCommands::shardnumsub),
                        command("help", 2).flags(LOADING, STALE).doc(PubSubDocs.PUBSUB_HELP)
                                .runsAtClient(PublishCommands::help)).build());
    }
}
