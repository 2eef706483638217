package io.redactor.actors.command.hashes;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The hash commands' table entries. */
public final class HashCommands {
    private HashCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("hset", -4).flags(WRITE, DENYOOM, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "update")).doc(HashDocs.HSET).runsAtKeys(HashWrites::hset).build(),
                command("hsetnx", 4).flags(WRITE, DENYOOM, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "insert")).doc(HashDocs.HSETNX).runsAtKeys(HashWrites::hsetnx).build(),
                command("hmset", -4).flags(WRITE, DENYOOM, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "update")).doc(HashDocs.HMSET).runsAtKeys(HashWrites::hmset).build(),
                command("hdel", -3).flags(WRITE, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(HashDocs.HDEL).runsAtKeys(HashWrites::hdel).build(),
                command("hget", 3).flags(READONLY, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(HashDocs.HGET).runsAtKeys(HashReads::hget).build(),
                command("hmget", -3).flags(READONLY, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(HashDocs.HMGET).runsAtKeys(HashReads::hmget).build(),
                command("hexists", 3).flags(READONLY, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(HashDocs.HEXISTS).runsAtKeys(HashReads::hexists).build(),
                command("hlen", 2).flags(READONLY, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(HashDocs.HLEN).runsAtKeys(HashReads::hlen).build(),
                command("hstrlen", 3).flags(READONLY, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(HashDocs.HSTRLEN).runsAtKeys(HashReads::hstrlen).build(),
                command("hgetall", 2).flags(READONLY).acl("hash").keys(1, 1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(key("RO", "access")).doc(HashDocs.HGETALL).runsAtKeys(HashReads::hgetall).build(),
                command("hkeys", 2).flags(READONLY).acl("hash").keys(1, 1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(key("RO", "access")).doc(HashDocs.HKEYS).runsAtKeys(HashReads::hkeys).build(),
                command("hvals", 2).flags(READONLY).acl("hash").keys(1, 1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(key("RO", "access")).doc(HashDocs.HVALS).runsAtKeys(HashReads::hvals).build(),
                command("hincrby", 4).flags(WRITE, DENYOOM, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(HashDocs.HINCRBY)
                        .runsAtKeys(HashCounters::hincrby).build(),
                command("hincrbyfloat", 4).flags(WRITE, DENYOOM, FAST).acl("hash").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(HashDocs.HINCRBYFLOAT)
                        .runsAtKeys(HashCounters::hincrbyfloat).build(),
                command("hrandfield", -2).flags(READONLY).acl("hash").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key("RO", "access")).doc(HashDocs.HRANDFIELD)
                        .runsAtKeys(RandomFields::hrandfield).build(),
                command("hscan", -3).flags(READONLY).acl("hash").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key("RO", "access")).doc(HashDocs.HSCAN).runsAtKeys(HashScan::hscan).build());
    }
}
