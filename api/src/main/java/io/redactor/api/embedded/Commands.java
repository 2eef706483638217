package io.redactor.api.embedded;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed commands for the string and keyspace families. Keys and values are byte arrays (binary safe); every
 * record also has a constructor taking strings (UTF-8). Arrays are copied when the command is built.
 */
public final class Commands {
    private Commands() {
    }

    public record Get(byte[] key) implements TypedCommand<Optional<byte[]>> {
        public Get(String key) {
            this(utf8(key));
        }

        public byte[][] args() {
            return argv("GET", key);
        }

        public Optional<byte[]> decode(Reply reply) {
            return optionalBytes(reply);
        }
    }

    /** SET with an optional time to live; the result is false when NX or XX prevented the write. */
    public record Set(byte[] key, byte[] value, Duration ttl, Condition condition) implements TypedCommand<Boolean> {
        public enum Condition { ALWAYS, IF_ABSENT, IF_PRESENT }

        public Set(String key, String value) {
            this(utf8(key), utf8(value), null, Condition.ALWAYS);
        }

        public Set(byte[] key, byte[] value) {
            this(key, value, null, Condition.ALWAYS);
        }

        public byte[][] args() {
            List<byte[]> args = new ArrayList<>(List.of(ascii("SET"), key.clone(), value.clone()));
            if (ttl != null) {
                args.add(ascii("PX"));
                args.add(ascii(Long.toString(ttl.toMillis())));
            }
            if (condition == Condition.IF_ABSENT) {
                args.add(ascii("NX"));
            } else if (condition == Condition.IF_PRESENT) {
                args.add(ascii("XX"));
            }
            return args.toArray(new byte[0][]);
        }

        public Boolean decode(Reply reply) {
            return !(reply instanceof NullReply);
        }
    }

    public record GetSet(byte[] key, byte[] value) implements TypedCommand<Optional<byte[]>> {
        public byte[][] args() {
            return argv("GETSET", key, value);
        }

        public Optional<byte[]> decode(Reply reply) {
            return optionalBytes(reply);
        }
    }

    public record GetDel(byte[] key) implements TypedCommand<Optional<byte[]>> {
        public byte[][] args() {
            return argv("GETDEL", key);
        }

        public Optional<byte[]> decode(Reply reply) {
            return optionalBytes(reply);
        }
    }

    public record MGet(List<byte[]> keys) implements TypedCommand<List<Optional<byte[]>>> {
        public byte[][] args() {
            return argv("MGET", keys.toArray(new byte[0][]));
        }

        public List<Optional<byte[]>> decode(Reply reply) {
            return ((ArrayReply) reply).items().stream().map(Commands::optionalBytes).toList();
        }
    }

    /** MSET: all keys are set together, atomically, wherever their partitions are. */
    public record MSet(Map<byte[], byte[]> entries) implements TypedCommand<Void> {
        public byte[][] args() {
            List<byte[]> args = new ArrayList<>();
            args.add(ascii("MSET"));
            entries.forEach((key, value) -> {
                args.add(key.clone());
                args.add(value.clone());
            });
            return args.toArray(new byte[0][]);
        }

        public Void decode(Reply reply) {
            return null;
        }
    }

    public record Append(byte[] key, byte[] value) implements TypedCommand<Long> {
        public byte[][] args() {
            return argv("APPEND", key, value);
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    public record Strlen(byte[] key) implements TypedCommand<Long> {
        public byte[][] args() {
            return argv("STRLEN", key);
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    /** INCRBY (INCR when {@code by} is 1, DECR with -1). */
    public record IncrBy(byte[] key, long by) implements TypedCommand<Long> {
        public IncrBy(String key, long by) {
            this(utf8(key), by);
        }

        public byte[][] args() {
            return argv("INCRBY", key, ascii(Long.toString(by)));
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    /** INCRBYFLOAT; the result is the new value as Redis formats it. */
    public record IncrByFloat(byte[] key, String by) implements TypedCommand<String> {
        public byte[][] args() {
            return argv("INCRBYFLOAT", key, ascii(by));
        }

        public String decode(Reply reply) {
            return ((BulkString) reply).asString();
        }
    }

    public record Del(List<byte[]> keys) implements TypedCommand<Long> {
        public byte[][] args() {
            return argv("DEL", keys.toArray(new byte[0][]));
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    public record Exists(List<byte[]> keys) implements TypedCommand<Long> {
        public byte[][] args() {
            return argv("EXISTS", keys.toArray(new byte[0][]));
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    /** TYPE: "none", "string", ... */
    public record Type(byte[] key) implements TypedCommand<String> {
        public byte[][] args() {
            return argv("TYPE", key);
        }

        public String decode(Reply reply) {
            return ((SimpleString) reply).text();
        }
    }

    /** PEXPIRE; false when the key does not exist. */
    public record Expire(byte[] key, Duration ttl) implements TypedCommand<Boolean> {
        public byte[][] args() {
            return argv("PEXPIRE", key, ascii(Long.toString(ttl.toMillis())));
        }

        public Boolean decode(Reply reply) {
            return integer(reply) == 1;
        }
    }

    /** PTTL: empty when the key is missing or has no time to live. */
    public record Ttl(byte[] key) implements TypedCommand<Optional<Duration>> {
        public byte[][] args() {
            return argv("PTTL", key);
        }

        public Optional<Duration> decode(Reply reply) {
            long millis = integer(reply);
            return millis < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(millis));
        }
    }

    public record Persist(byte[] key) implements TypedCommand<Boolean> {
        public byte[][] args() {
            return argv("PERSIST", key);
        }

        public Boolean decode(Reply reply) {
            return integer(reply) == 1;
        }
    }

    /** RENAME; fails with "ERR no such key" when the source is missing. */
    public record Rename(byte[] key, byte[] newKey) implements TypedCommand<Void> {
        public byte[][] args() {
            return argv("RENAME", key, newKey);
        }

        public Void decode(Reply reply) {
            return null;
        }
    }

    public record Copy(byte[] source, byte[] destination, boolean replace) implements TypedCommand<Boolean> {
        public byte[][] args() {
            return replace ? argv("COPY", source, destination, ascii("REPLACE")) : argv("COPY", source, destination);
        }

        public Boolean decode(Reply reply) {
            return integer(reply) == 1;
        }
    }

    public record Keys(byte[] pattern) implements TypedCommand<List<byte[]>> {
        public byte[][] args() {
            return argv("KEYS", pattern);
        }

        public List<byte[]> decode(Reply reply) {
            return ((ArrayReply) reply).items().stream().map(item -> ((BulkString) item).bytes().clone()).toList();
        }
    }

    public record DbSize() implements TypedCommand<Long> {
        public byte[][] args() {
            return argv("DBSIZE");
        }

        public Long decode(Reply reply) {
            return integer(reply);
        }
    }

    public record FlushAll() implements TypedCommand<Void> {
        public byte[][] args() {
            return argv("FLUSHALL");
        }

        public Void decode(Reply reply) {
            return null;
        }
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[][] argv(String name, byte[]... rest) {
        byte[][] args = new byte[rest.length + 1][];
        args[0] = ascii(name);
        for (int i = 0; i < rest.length; i++) {
            args[i + 1] = rest[i].clone();
        }
        return args;
    }

    private static Optional<byte[]> optionalBytes(Reply reply) {
        return reply instanceof BulkString bulk ? Optional.of(bulk.bytes().clone()) : Optional.empty();
    }

    private static long integer(Reply reply) {
        return ((IntegerReply) reply).value();
    }

    static List<byte[]> list(byte[]... items) {
        return Arrays.asList(items);
    }
}
