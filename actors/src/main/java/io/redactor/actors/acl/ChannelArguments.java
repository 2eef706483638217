package io.redactor.actors.acl;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.pubsub.ScriptSubscriptionCommands;
import io.redactor.actors.command.pubsub.ShardOrScript;

/**
 * Which arguments of a command are channels that ACL rules restrict: what PUBLISH and SPUBLISH publish to and what
 * SUBSCRIBE, SSUBSCRIBE, PSUBSCRIBE (patterns) and a script subscription (SSUBSCRIBE sha channel...) subscribe to.
 * Unsubscribing is never restricted.
 */
final class ChannelArguments {
    /** Arguments {@code [from, to)} are channels, or patterns when {@code patterns}. */
    record Channels(int from, int to, boolean patterns) {
    }

    private static final Channels NONE = new Channels(0, 0, false);

    private ChannelArguments() {
    }

    static Channels of(CommandSpec spec, byte[][] args) {
        if (!spec.has(CommandFlag.PUBSUB)) {
            return NONE;
        }
        return switch (spec.fullName()) {
            case "publish" -> new Channels(1, Math.min(2, args.length), false);
            case "subscribe" -> new Channels(1, args.length, false);
            case "psubscribe" -> new Channels(1, args.length, true);
            case "ssubscribe" -> ShardOrScript.subscribesScript(args)
                    ? new Channels(2, ScriptSubscriptionCommands.channelsEnd(args), false)
                    : new Channels(1, args.length, false);
            case "spublish" -> new Channels(1, Math.min(2, args.length), false);
            default -> NONE;
        };
    }
}
