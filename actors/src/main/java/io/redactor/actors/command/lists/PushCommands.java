package io.redactor.actors.command.lists;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** LPUSH, RPUSH, LPUSHX, RPUSHX: Redis's pushGenericCommand. */
final class PushCommands {
    private PushCommands() {
    }

    static Reply lpush(KeyCall call) {
        return push(call, true, false);
    }

    static Reply rpush(KeyCall call) {
        return push(call, false, false);
    }

    static Reply lpushx(KeyCall call) {
        return push(call, true, true);
    }

    static Reply rpushx(KeyCall call) {
        return push(call, false, true);
    }

    private static Reply push(KeyCall call, boolean left, boolean onlyIfExists) {
        Db db = call.db();
        byte[] key = call.arg(1);
        byte[][] args = call.args();
        ListValue list = Lists.write(db, key);
        if (list == null) {
            if (onlyIfExists) {
                return IntegerReply.ZERO;
            }
            list = new ListValue();
            pushAll(list, args, left);
            db.add(key, list);
        } else {
            pushAll(list, args, left);
        }
        db.changed(key, KeyspaceEvents.LIST, left ? "lpush" : "rpush", args.length - 2);
        return IntegerReply.of(list.size());
    }

    private static void pushAll(ListValue list, byte[][] args, boolean left) {
        for (int i = 2; i < args.length; i++) {
            list.push(args[i], left);
        }
    }
}
