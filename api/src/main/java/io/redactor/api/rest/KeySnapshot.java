package io.redactor.api.rest;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandRunner;
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
 * It runs TYPE, PTTL and the type's read command (GET, LRANGE 0 -1, HGETALL, SMEMBERS, ZRANGE 0 -1 WITHSCORES,
 * XRANGE - +)
 * back to back as one internal command that is in no command table. Command statistics count those commands, as
 * if a client had sent them, and not the internal one.
 */
final class KeySnapshot {
    /** What the partition answers: null for a missing key, else TYPE's, PTTL's and the read's replies. */
    record Snapshot(String type, long pttl, Reply value) {
    }

    private static final byte[] NAME = ascii("rest-read-key");
    static final byte[] TYPE = ascii("type");
    static final byte[] PTTL = ascii("pttl");
    private static final byte[] GET = ascii("get");
    private static final byte[] LRANGE = ascii("lrange");
    private static final byte[] HGETALL = ascii("hgetall");
    private static final byte[] SMEMBERS = ascii("smembers");
    private static final byte[] ZRANGE = ascii("zrange");
    private static final byte[] XRANGE = ascii("xrange");
    private static final byte[] ZERO = ascii("0");
    private static final byte[] MINUS_ONE = ascii("-1");
    private static final byte[] WITHSCORES = ascii("withscores");
    private static final byte[] FIRST = ascii("-");
    private static final byte[] LAST = ascii("+");

    private final NodeServices node;
    private final CommandSpec spec;
    private final CommandSpec type;
    private final CommandSpec pttl;
    private final CommandSpec get;
    private final CommandSpec lrange;
    private final CommandSpec hgetall;
    private final CommandSpec smembers;
    private final CommandSpec zrange;
    private final CommandSpec xrange;

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
        this.xrange = table.lookup("xrange");
        this.spec = CommandSpec.command("rest-read-key", 2).internal().flags(CommandFlag.READONLY)
                .keys(1, 1, 1).runsAtKeys(this::read).build();
    }

    CompletionStage<Snapshot> read(byte[] key, int db) {
        CompletableFuture<Snapshot> snapshot = new CompletableFuture<>();
        CommandDispatch.atPartition(node, node.server().partitions().partitionOf(key),
                new Invocation(spec, new byte[][] {NAME, key}, db, null), reply -> {
                    try {
                        snapshot.complete(snapshot(reply));
                    } catch (CommandFailed failed) {
                        snapshot.completeExceptionally(failed);
                    }
                });
        return snapshot;
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

    /** The command whose reply is the value of a key of {@code type}, as the read runs it (for ACL checks). */
    static byte[] readCommand(String type) {
        return switch (type) {
            case "string" -> GET;
            case "list" -> LRANGE;
            case "hash" -> HGETALL;
            case "set" -> SMEMBERS;
            case "zset" -> ZRANGE;
            case "stream" -> XRANGE;
            default -> TYPE;
        };
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private Reply read(KeyCall call) {
        byte[] key = call.args()[1];
        CommandRunner inner = CommandRunner.nested(call.server());
        Reply kind = run(inner, call, type, TYPE, key);
        if (!(kind instanceof SimpleString name) || name.text().equals("none")) {
            return kind instanceof ErrorReply ? kind : NullReply.NULL_BULK;
        }
        Reply ttl = run(inner, call, pttl, PTTL, key);
        Reply value = switch (name.text()) {
            case "string" -> run(inner, call, get, GET, key);
            case "list" -> run(inner, call, lrange, LRANGE, key, ZERO, MINUS_ONE);
            case "hash" -> run(inner, call, hgetall, HGETALL, key);
            case "set" -> run(inner, call, smembers, SMEMBERS, key);
            case "zset" -> run(inner, call, zrange, ZRANGE, key, ZERO, MINUS_ONE, WITHSCORES);
            case "stream" -> run(inner, call, xrange, XRANGE, key, FIRST, LAST);
            default -> NullReply.NULL_BULK;
        };
        for (Reply part : List.of(ttl, value)) {
            if (part instanceof ErrorReply) {
                return part;
            }
        }
        return new ArrayReply(List.of(kind, ttl, value));
    }

    /** One of the commands the read is made of, run (and counted) as the command it is. */
    private static Reply run(CommandRunner inner, KeyCall outer, CommandSpec command, byte[] name, byte[] key,
                             byte[]... rest) {
        byte[][] args = new byte[2 + rest.length][];
        args[0] = name;
        args[1] = key;
        System.arraycopy(rest, 0, args, 2, rest.length);
        return inner.run(new Invocation(command, args, outer.dbIndex(), null), outer.keyspace(), outer.now());
    }
}
