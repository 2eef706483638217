package io.redactor.actors.command.lists;

import io.redactor.actors.blocking.BlockRequest;
import io.redactor.actors.command.BlockingTimeout;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.MultiPopArguments;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.Arrays;
import java.util.List;

/**
 * BLPOP, BRPOP, BLMPOP, BLMOVE and BRPOPLPUSH: the non-blocking command when a list is there, otherwise the
 * client waits for one of the keys to get a list, and is then served from that key alone (Redis 7.0).
 */
final class BlockingListCommands {
    private BlockingListCommands() {
    }

    /** BLPOP key [key ...] timeout */
    static Reply blpop(KeyCall call) {
        return blockingPop(call, true);
    }

    /** BRPOP key [key ...] timeout */
    static Reply brpop(KeyCall call) {
        return blockingPop(call, false);
    }

    private static Reply blockingPop(KeyCall call, boolean left) {
        byte[][] args = call.args();
        long deadline = BlockingTimeout.deadline(args[args.length - 1], call.now());
        List<byte[]> keys = Arrays.asList(args).subList(1, args.length - 1);
        return call.serveOrBlock(new BlockRequest(keys, ListValue.class,
                (served, key) -> ListPops.popWithKey(served, key, left), null, NullReply.NULL_ARRAY), deadline,
                NullReply.NULL_ARRAY);
    }

    /** BLMPOP timeout numkeys key [key ...] LEFT|RIGHT [COUNT count] */
    static Reply blmpop(KeyCall call) {
        MultiPopArguments pop = MultiPopArguments.parse(call.args(), 2, "left", "right");
        long deadline = BlockingTimeout.deadline(call.arg(1), call.now());
        return call.serveOrBlock(new BlockRequest(pop.keys(), ListValue.class,
                (served, key) -> ListPops.popFirst(served, List.of(key), pop.firstEnd(), pop.count()), null,
                NullReply.NULL_ARRAY), deadline, NullReply.NULL_ARRAY);
    }

    /** BLMOVE source destination LEFT|RIGHT LEFT|RIGHT timeout */
    static Reply blmove(KeyCall call) {
        boolean fromLeft = Lists.isLeft(call.arg(3));
        boolean toLeft = Lists.isLeft(call.arg(4));
        return blockingMove(call, fromLeft, toLeft, call.arg(5));
    }

    /** BRPOPLPUSH source destination timeout: BLMOVE source destination RIGHT LEFT timeout. */
    static Reply brpoplpush(KeyCall call) {
        return blockingMove(call, false, true, call.arg(3));
    }

    private static Reply blockingMove(KeyCall call, boolean fromLeft, boolean toLeft, byte[] timeout) {
        long deadline = BlockingTimeout.deadline(timeout, call.now());
        byte[] destination = call.arg(2);
        return call.serveOrBlock(new BlockRequest(List.of(call.arg(1)), ListValue.class,
                (served, key) -> ListPops.move(served, key, destination, fromLeft, toLeft), destination,
                NullReply.NULL_ARRAY), deadline, NullReply.NULL_BULK);
    }
}
