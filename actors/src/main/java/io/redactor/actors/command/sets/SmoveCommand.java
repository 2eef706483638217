package io.redactor.actors.command.sets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/**
 * SMOVE, with Redis's order of checks: a missing source answers 0 before the destination's type is looked at;
 * moving within one set only tells whether the member is there. The source gets "srem" (and "del" when
 * emptied), the destination "sadd" only if the member was new to it.
 */
final class SmoveCommand {
    private SmoveCommand() {
    }

    static Reply smove(KeyCall call) {
        Db db = call.db();
        byte[] sourceKey = call.arg(1);
        byte[] destinationKey = call.arg(2);
        byte[] member = call.arg(3);
        Object sourceValue = db.write(sourceKey);
        Object destinationValue = db.write(destinationKey);
        if (sourceValue == null) {
            return IntegerReply.ZERO;
        }
        SetValue source = Sets.require(sourceValue);
        SetValue destination = Sets.require(destinationValue);
        if (source == destination) {
            return IntegerReply.of(source.contains(member));
        }
        if (!source.remove(member)) {
            return IntegerReply.ZERO;
        }
        db.notify(KeyspaceEvents.SET, "srem", sourceKey);
        if (source.size() == 0) {
            db.delete(sourceKey);
            db.notify(KeyspaceEvents.GENERIC, "del", sourceKey);
        }
        if (destination == null) {
            destination = SetValue.emptyFor(member);
            db.add(destinationKey, destination);
        }
        db.signalModified(sourceKey);
        db.dirty(1);
        if (destination.add(member, Sets.maxIntsetEntries(call))) {
            db.changed(destinationKey, KeyspaceEvents.SET, "sadd");
        }
        return IntegerReply.ONE;
    }
}
