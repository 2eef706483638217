package io.redactor.api.rest;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.routing.CommandDispatch;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A key's type, time to live and whole value, read in one step inside its partition, so the three always agree.
 * It runs TYPE, PTTL and the type's read command (GET, LRANGE 0 -1, HGETALL, SMEMBERS, ZRANGE 0 -1 WITHSCORES)
 * back to back as one internal command that is in no command table.
 */
final class KeySnapshot {
    /** What the partition answers: null for a missing key, else TYPE's, PTTL's and the read's replies. */
    record Snapshot(String type, long pttl, Reply value) {
    }

    private static final byte[] NAME = "rest-read-key".getBytes(StandardCharsets.US_ASCII);

    private final NodeServices node;
    private final CommandSpec spec;
    private final CommandSpec type;
    private final CommandSpec pttl;
    private final CommandSpec get;
    private final CommandSpec lrange;
    private final CommandSpec hgetall;
    private final CommandSpec smembers;
    private final CommandSpec zrange;

    KeySnapshot(NodeServices node) {
        this.node = node;
        CommandTable table = node.router().table();
        this.type = table.lookup("type");
        this.pttl = table.lookup("pttl");
        this.get = table.lookup("get");
        this.lrange = table.lookup("lrange");
        this.hgetall = table.lookup("hgetall");
        this.smembers = table.lookup("smembers");
        this.zrange = table.lookup("zrange");
        this.spec = CommandSpec.command("rest-read-key", 2).extension().flags(CommandFlag.READONLY)
                .keys(1, 1, 1).runsAtKeys(this::read).build();
    }

    CompletionStage<Snapshot> read(byte[] key, int db) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        CommandDispatch.atPartition(node, node.server().partitions().partitionOf(key),
                new Invocation(spec, new byte[][] {NAME, key}, db, null), reply::complete);
        return reply.thenApply(KeySnapshot::snapshot);
    }

    private static Snapshot snapshot(Reply reply) {
        if (reply instanceof ErrorReply error) {
            throw new CommandFailed(error);
        }
        if (!(reply instanceof ArrayReply array)) {
            return null;
        }
        List<Reply> items = array.items();
        return new Snapshot(((SimpleString) items.get(0)).text(),
                ((IntegerReply) items.get(1)).value(), items.get(2));
    }

    private Reply read(KeyCall call) {
        byte[] key = call.args()[1];
        KeyCall inner = new KeyCall(call.server());
        Reply kind = run(inner, call, type, "type", key);
        if (!(kind instanceof SimpleString name) || name.text().equals("none")) {
            return NullReply.NULL_BULK;
        }
        Reply ttl = run(inner, call, pttl, "pttl", key);
        Reply value = switch (name.text()) {
            case "string" -> run(inner, call, get, "get", key);
            case "list" -> run(inner, call, lrange, "lrange", key, "0", "-1");
            case "hash" -> run(inner, call, hgetall, "hgetall", key);
            case "set" -> run(inner, call, smembers, "smembers", key);
            case "zset" -> run(inner, call, zrange, "zrange", key, "0", "-1", "withscores");
            default -> NullReply.NULL_BULK;
        };
        return new ArrayReply(List.of(kind, ttl, value));
    }

    private static Reply run(KeyCall inner, KeyCall outer, CommandSpec command, String name, byte[] key,
                             String... rest) {
        byte[][] args = new byte[2 + rest.length][];
        args[0] = name.getBytes(StandardCharsets.US_ASCII);
        args[1] = key;
        for (int i = 0; i < rest.length; i++) {
            args[2 + i] = rest[i].getBytes(StandardCharsets.US_ASCII);
        }
        return command.keyHandler().execute(inner.bind(new Invocation(command, args, outer.dbIndex(), null),
                outer.keyspace(), outer.now()));
    }
}
