package io.redactor.actors.command.lists;

import io.redactor.actors.command.CommandSpec;
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

/** The list commands' table entries. */
public final class ListCommands {
    private ListCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    private static CommandSpec.Builder push(String name) {
        return command(name, -3).flags(WRITE, DENYOOM, FAST).acl("list").keys(1, 1, 1)
                .keySpecs(key("RW", "insert"));
    }

    private static CommandSpec.Builder pop(String name) {
        return command(name, -2).flags(WRITE, FAST).acl("list").keys(1, 1, 1)
                .keySpecs(key("RW", "access", "delete"));
    }

    /** LMOVE and RPOPLPUSH: the source is read and emptied, the destination gets an element. */
    private static CommandSpec.Builder move(String name, int arity) {
        return command(name, arity).flags(WRITE, DENYOOM).acl("list").keys(1, 2, 1)
                .keySpecs(key("RW", "access", "delete"), KeySpec.range(2, 0, 1, "RW", "insert"));
    }

    public static List<CommandSpec> specs() {
        return List.of(
                push("lpush").doc(ListDocs.LPUSH).runsAtKeys(PushCommands::lpush).build(),
                push("rpush").doc(ListDocs.RPUSH).runsAtKeys(PushCommands::rpush).build(),
                push("lpushx").doc(ListDocs.LPUSHX).runsAtKeys(PushCommands::lpushx).build(),
                push("rpushx").doc(ListDocs.RPUSHX).runsAtKeys(PushCommands::rpushx).build(),
                pop("lpop").doc(ListDocs.LPOP).runsAtKeys(ListPops::lpop).build(),
                pop("rpop").doc(ListDocs.RPOP).runsAtKeys(ListPops::rpop).build(),
                command("llen", 2).flags(READONLY, FAST).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(ListDocs.LLEN).runsAtKeys(ReadCommands::llen).build(),
                command("lrange", 4).flags(READONLY).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(ListDocs.LRANGE).runsAtKeys(ReadCommands::lrange).build(),
                command("lindex", 3).flags(READONLY).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(ListDocs.LINDEX).runsAtKeys(ReadCommands::lindex).build(),
                command("lset", 4).flags(WRITE, DENYOOM).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RW", "update")).doc(ListDocs.LSET).runsAtKeys(EditCommands::lset).build(),
                command("linsert", 5).flags(WRITE, DENYOOM).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RW", "insert")).doc(ListDocs.LINSERT).runsAtKeys(EditCommands::linsert).build(),
                command("lrem", 4).flags(WRITE).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(ListDocs.LREM).runsAtKeys(EditCommands::lrem).build(),
                command("ltrim", 4).flags(WRITE).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(ListDocs.LTRIM).runsAtKeys(EditCommands::ltrim).build(),
                command("lpos", -3).flags(READONLY).acl("list").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(ListDocs.LPOS).runsAtKeys(LposCommand::lpos).build(),
                move("lmove", 5).doc(ListDocs.LMOVE).runsAtKeys(ListPops::lmove).build(),
                move("rpoplpush", 3).doc(ListDocs.RPOPLPUSH).runsAtKeys(ListPops::rpoplpush).build(),
                command("lmpop", -4).flags(WRITE, MOVABLE_KEYS).acl("list")
                        .keys(0, 0, 0, KeyPositions.numkeys(1, 2))
                        .keySpecs(new KeySpec(null, List.of("RW", "access", "delete"), new KeySpec.Index(1),
                                new KeySpec.KeyNum(0, 1, 1)))
                        .doc(ListDocs.LMPOP).runsAtKeys(ListPops::lmpop).build(),
                command("blpop", -3).flags(WRITE, NOSCRIPT, BLOCKING).acl("list").keys(1, -2, 1)
                        .keySpecs(KeySpec.range(1, -2, 1, "RW", "access", "delete")).doc(ListDocs.BLPOP)
                        .runsAtKeys(BlockingListCommands::blpop).build(),
                command("brpop", -3).flags(WRITE, NOSCRIPT, BLOCKING).acl("list").keys(1, -2, 1)
                        .keySpecs(KeySpec.range(1, -2, 1, "RW", "access", "delete")).doc(ListDocs.BRPOP)
                        .runsAtKeys(BlockingListCommands::brpop).build(),
                move("brpoplpush", 4).flags(WRITE, DENYOOM, NOSCRIPT, BLOCKING).acl("list")
                        .doc(ListDocs.BRPOPLPUSH).runsAtKeys(BlockingListCommands::brpoplpush).build(),
                move("blmove", 6).flags(WRITE, DENYOOM, NOSCRIPT, BLOCKING).acl("list")
                        .doc(ListDocs.BLMOVE).runsAtKeys(BlockingListCommands::blmove).build(),
                command("blmpop", -5).flags(WRITE, BLOCKING, MOVABLE_KEYS).acl("list")
                        .keys(0, 0, 0, KeyPositions.numkeys(2, 3))
                        .keySpecs(new KeySpec(null, List.of("RW", "access", "delete"), new KeySpec.Index(2),
                                new KeySpec.KeyNum(0, 1, 1)))
                        .doc(ListDocs.BLMPOP).runsAtKeys(BlockingListCommands::blmpop).build());
    }
}
