package io.redactor.actors.command.pubsub;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;

/**
 * SSUBSCRIBE and SUNSUBSCRIBE in their two forms: Redis 7's sharded pub/sub for the client, and Redactor's script
 * subscriptions. A first argument of 40 hexadecimal digits names a script (a SHA1, as SCRIPT LOAD returns them) when
 * channels follow it in SSUBSCRIBE, and always in SUNSUBSCRIBE; anything else is a shard channel. The rule looks at
 * the arguments only, so that access control, which checks the channels a command names, sees the same ones.
 */
public final class ShardOrScript {
    private static final int SHA1_LENGTH = 40;

    private ShardOrScript() {
    }

    static Reply ssubscribe(ClientCall call) {
        return subscribesScript(call.args()) ? ScriptSubscriptionCommands.ssubscribe(call)
                : SubscriptionCommands.ssubscribe(call);
    }

    static Reply sunsubscribe(ClientCall call) {
        return call.argc() >= 2 && isSha1(call.arg(1)) ? ScriptSubscriptionCommands.sunsubscribe(call)
                : SubscriptionCommands.sunsubscribe(call);
    }

    /** SSUBSCRIBE sha channel ...: the script form. */
    public static boolean subscribesScript(byte[][] args) {
        return args.length >= 3 && isSha1(args[1]);
    }

    private static boolean isSha1(byte[] arg) {
        if (arg.length != SHA1_LENGTH) {
            return false;
        }
        for (byte b : arg) {
            if (Character.digit(b, 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
