package io.redactor.actors.command.zsets;

import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyCommand;
import io.redactor.actors.command.KeyPositions;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.BLOCKING;
import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The sorted set commands' table entries. */
public final class SortedSetCommands {
    private SortedSetCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    /** The keys counted by the numkeys argument at {@code index}: ZUNION, ZINTER, ZMPOP... */
    private static KeySpec counted(int index, String... flags) {
        return new KeySpec(null, List.of(flags), new KeySpec.Index(index), new KeySpec.KeyNum(0, 1, 1));
    }

    /** A read-only command on one key: ZSCORE, ZRANGE... */
    private static CommandSpec reader(String name, int arity, boolean fast, KeySpec spec,
                                      CommandDoc doc, KeyCommand handler) {
        CommandSpec.Builder b = command(name, arity).acl("sortedset").keys(1, 1, 1).keySpecs(spec).doc(doc)
                .runsAtKeys(handler);
        return (fast ? b.flags(READONLY, FAST) : b.flags(READONLY)).build();
    }

    /** ZUNION, ZINTER, ZDIFF, ZINTERCARD: numkeys then the keys. */
    private static CommandSpec combiner(String name, CommandDoc doc, KeyCommand handler) {
        return command(name, -3).flags(READONLY, MOVABLE_KEYS).acl("sortedset")
                .keys(0, 0, 0, KeyPositions.numkeys(1, 2)).keySpecs(counted(1, "RO", "access")).doc(doc)
                .runsAtKeys(handler).build();
    }

    /** ZUNIONSTORE, ZINTERSTORE, ZDIFFSTORE: destination, numkeys, then the keys. */
    private static CommandSpec storer(String name, CommandDoc doc, KeyCommand handler) {
        return command(name, -4).flags(WRITE, DENYOOM, MOVABLE_KEYS).acl("sortedset")
                .keys(1, 1, 1, KeyPositions.numkeys(2, 3, 1))
                .keySpecs(key("OW", "update"), counted(2, "RO", "access")).doc(doc).runsAtKeys(handler).build();
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("zadd", -4).flags(WRITE, DENYOOM, FAST).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "update")).doc(SortedSetDocs.ZADD).runsAtKeys(AddCommands::zadd).build(),
                command("zincrby", 4).flags(WRITE, DENYOOM, FAST).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(SortedSetDocs.ZINCRBY)
                        .runsAtKeys(AddCommands::zincrby).build(),
                reader("zscore", 3, true, key("RO", "access"), SortedSetDocs.ZSCORE, ReadCommands::zscore),
                reader("zmscore", -3, true, key("RO", "access"), SortedSetDocs.ZMSCORE, ReadCommands::zmscore),
                reader("zcard", 2, true, key("RO"), SortedSetDocs.ZCARD, ReadCommands::zcard),
                reader("zcount", 4, true, key("RO", "access"), SortedSetDocs.ZCOUNT, ReadCommands::zcount),
                reader("zlexcount", 4, true, key("RO", "access"), SortedSetDocs.ZLEXCOUNT, ReadCommands::zlexcount),
                reader("zrank", 3, true, key("RO", "access"), SortedSetDocs.ZRANK, ReadCommands::zrank),
                reader("zrevrank", 3, true, key("RO", "access"), SortedSetDocs.ZREVRANK, ReadCommands::zrevrank),
                reader("zrange", -4, false, key("RO", "access"), SortedSetDocs.ZRANGE, RangeCommands::zrange),
                command("zrangestore", -5).flags(WRITE, DENYOOM).acl("sortedset").keys(1, 2, 1)
                        .keySpecs(key("OW", "update"), KeySpec.range(2, 0, 1, "RO", "access"))
                        .doc(SortedSetDocs.ZRANGESTORE).runsAtKeys(RangeCommands::zrangestore).build(),
                reader("zrangebyscore", -4, false, key("RO", "access"), SortedSetDocs.ZRANGEBYSCORE,
                        RangeCommands::zrangebyscore),
                reader("zrevrangebyscore", -4, false, key("RO", "access"), SortedSetDocs.ZREVRANGEBYSCORE,
                        RangeCommands::zrevrangebyscore),
                reader("zrangebylex", -4, false, key("RO", "access"), SortedSetDocs.ZRANGEBYLEX,
                        RangeCommands::zrangebylex),
                reader("zrevrangebylex", -4, false, key("RO", "access"), SortedSetDocs.ZREVRANGEBYLEX,
                        RangeCommands::zrevrangebylex),
                reader("zrevrange", -4, false, key("RO", "access"), SortedSetDocs.ZREVRANGE,
                        RangeCommands::zrevrange),
                command("zrem", -3).flags(WRITE, FAST).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(SortedSetDocs.ZREM).runsAtKeys(RemoveCommands::zrem).build(),
                command("zremrangebyrank", 4).flags(WRITE).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(SortedSetDocs.ZREMRANGEBYRANK)
                        .runsAtKeys(RemoveCommands::zremrangebyrank).build(),
                command("zremrangebyscore", 4).flags(WRITE).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(SortedSetDocs.ZREMRANGEBYSCORE)
                        .runsAtKeys(RemoveCommands::zremrangebyscore).build(),
                command("zremrangebylex", 4).flags(WRITE).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(SortedSetDocs.ZREMRANGEBYLEX)
                        .runsAtKeys(RemoveCommands::zremrangebylex).build(),
                command("zpopmin", -2).flags(WRITE, FAST).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "delete")).doc(SortedSetDocs.ZPOPMIN)
                        .runsAtKeys(SortedSetPops::zpopmin).build(),
                command("zpopmax", -2).flags(WRITE, FAST).acl("sortedset").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "delete")).doc(SortedSetDocs.ZPOPMAX)
                        .runsAtKeys(SortedSetPops::zpopmax).build(),
                command("bzpopmin", -3).flags(WRITE, NOSCRIPT, BLOCKING, FAST).acl("sortedset").keys(1, -2, 1)
                        .keySpecs(KeySpec.range(1, -2, 1, "RW", "access", "delete")).doc(SortedSetDocs.BZPOPMIN)
                        .runsAtKeys(BlockingSortedSetCommands::bzpopmin).build(),
                command("bzpopmax", -3).flags(WRITE, NOSCRIPT, BLOCKING, FAST).acl("sortedset").keys(1, -2, 1)
                        .keySpecs(KeySpec.range(1, -2, 1, "RW", "access", "delete")).doc(SortedSetDocs.BZPOPMAX)
                        .runsAtKeys(BlockingSortedSetCommands::bzpopmax).build(),
                command("bzmpop", -5).flags(WRITE, BLOCKING, MOVABLE_KEYS).acl("sortedset")
                        .keys(0, 0, 0, KeyPositions.numkeys(2, 3)).keySpecs(counted(2, "RW", "access", "delete"))
                        .doc(SortedSetDocs.BZMPOP).runsAtKeys(BlockingSortedSetCommands::bzmpop).build(),
                command("zmpop", -4).flags(WRITE, MOVABLE_KEYS).acl("sortedset")
                        .keys(0, 0, 0, KeyPositions.numkeys(1, 2)).keySpecs(counted(1, "RW", "access", "delete"))
                        .doc(SortedSetDocs.ZMPOP).runsAtKeys(SortedSetPops::zmpop).build(),
                command("zrandmember", -2).flags(READONLY).acl("sortedset").keys(1, 1, 1)
                        .tips("nondeterministic_output").keySpecs(key("RO", "access"))
                        .doc(SortedSetDocs.ZRANDMEMBER).runsAtKeys(RandomMemberCommand::zrandmember).build(),
                combiner("zunion", SortedSetDocs.ZUNION, SetOperationCommands::zunion),
                combiner("zinter", SortedSetDocs.ZINTER, SetOperationCommands::zinter),
                combiner("zdiff", SortedSetDocs.ZDIFF, SetOperationCommands::zdiff),
                storer("zunionstore", SortedSetDocs.ZUNIONSTORE, SetOperationCommands::zunionstore),
                storer("zinterstore", SortedSetDocs.ZINTERSTORE, SetOperationCommands::zinterstore),
                storer("zdiffstore", SortedSetDocs.ZDIFFSTORE, SetOperationCommands::zdiffstore),
                combiner("zintercard", SortedSetDocs.ZINTERCARD, SetOperationCommands::zintercard),
                command("zscan", -3).flags(READONLY).acl("sortedset").keys(1, 1, 1).tips("nondeterministic_output")
                        .keySpecs(key("RO", "access")).doc(SortedSetDocs.ZSCAN).runsAtKeys(ScanCommand::zscan)
                        .build());
    }
}
