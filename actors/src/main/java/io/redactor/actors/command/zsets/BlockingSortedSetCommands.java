package io.redactor.actors.command.zsets;

import io.redactor.actors.blocking.BlockRequest;
import io.redactor.actors.command.BlockingTimeout;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.MultiPopArguments;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.Arrays;
import java.util.List;

/**
 * BZPOPMIN, BZPOPMAX and BZMPOP: the non-blocking pop when a sorted set is there, otherwise the client waits for
 * one of the keys to get a sorted set and is then served from that key alone (Redis 7.0).
 */
final class BlockingSortedSetCommands {
    private BlockingSortedSetCommands() {
    }

    /** BZPOPMIN key [key ...] timeout */
    static Reply bzpopmin(KeyCall call) {
        return blockingPop(call, false);
    }

    /** BZPOPMAX key [key ...] timeout */
    static Reply bzpopmax(KeyCall call) {
        return blockingPop(call, true);
    }

    private static Reply blockingPop(KeyCall call, boolean max) {
        byte[][] args = call.args();
        long deadline = BlockingTimeout.deadline(args[args.length - 1], call.now());
        List<byte[]> keys = Arrays.asList(args).subList(1, args.length - 1);
        return call.serveOrBlock(new BlockRequest(keys, SortedSetValue.class,
                (served, key) -> SortedSetPops.popWithKey(served, key, max), null, NullReply.NULL_ARRAY), deadline,
                NullReply.NULL_ARRAY);
    }

    /** BZMPOP timeout numkeys key [key ...] MIN|MAX [COUNT count] */
    static Reply bzmpop(KeyCall call) {
        MultiPopArguments pop = MultiPopArguments.parse(call.args(), 2, "min", "max");
        long deadline = BlockingTimeout.deadline(call.arg(1), call.now());
        boolean max = !pop.firstEnd();
        return call.serveOrBlock(new BlockRequest(pop.keys(), SortedSetValue.class,
                (served, key) -> SortedSetPops.mpop(served, List.of(key), max, pop.count()), null,
                NullReply.NULL_ARRAY), deadline, NullReply.NULL_ARRAY);
    }
}
