package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.redactor.core.number.RedisDoubles;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BigNumber;
import io.redactor.core.reply.BooleanReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;
import io.redactor.core.reply.VerbatimString;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Redis 7.0's conversions between replies and Lua values, both ways. {@code resp} is the protocol the script
 * chose with {@code redis.setresp} (2 unless changed): it decides how a command's reply looks to the script and
 * how {@code true}/{@code false} come back. Replies are protocol-independent; the client's own protocol is
 * applied when they are written.
 */
public final class LuaReplies {
    /** Redis gives up converting a table nested this deep (a table containing itself, typically). */
    static final int MAX_DEPTH = 1000;
    private static final ErrorReply STACK_LIMIT = new ErrorReply("ERR reached lua stack limit");
    private static final LuaString OK = LuaValue.valueOf("ok");
    private static final LuaString ERR = LuaValue.valueOf("err");
    private static final LuaString DOUBLE = LuaValue.valueOf("double");
    private static final LuaString BIG_NUMBER = LuaValue.valueOf("big_number");
    private static final LuaString MAP = LuaValue.valueOf("map");
    private static final LuaString SET = LuaValue.valueOf("set");
    private static final LuaString VERBATIM = LuaValue.valueOf("verbatim_string");
    private static final LuaString FORMAT = LuaValue.valueOf("format");
    private static final LuaString STRING = LuaValue.valueOf("string");

    private LuaReplies() {
    }

    /** A command's reply as the script sees it; an error reply becomes an {@link RedisErrorReply}. */
    public static LuaValue toLua(Reply reply, int resp) {
        return toLua(reply, resp, null);
    }

    /** {@code strings} shares equal strings among a long reply's elements; null for a short reply. */
    private static LuaValue toLua(Reply reply, int resp, ShortStringPool strings) {
        boolean resp3 = resp == 3;
        return switch (reply) {
            case IntegerReply i -> number(i.value());
            case BulkString b -> strings == null ? ShortStringPool.copyOf(b.bytes()) : strings.of(b.bytes());
            case SimpleString s -> single(OK, LuaValue.valueOf(s.text()));
            case ErrorReply e -> RedisErrorReply.of(e.message());
            case NullReply n -> resp3 ? LuaValue.NIL : LuaValue.FALSE;
            case ArrayReply a -> array(a.items(), resp, strings);
            case MapReply m -> resp3 ? single(MAP, map(m.keysAndValues(), resp, strings))
                    : array(m.keysAndValues(), resp, strings);
            case SetReply s -> resp3 ? single(SET, set(s.items(), resp, strings)) : array(s.items(), resp, strings);
            case DoubleReply d -> resp3 ? single(DOUBLE, LuaValue.valueOf(d.value()))
                    : LuaValue.valueOf(d.text() != null ? d.text() : doubleText(d.value()));
            case BooleanReply b -> resp3 ? LuaValue.valueOf(b == BooleanReply.TRUE)
                    : LuaValue.valueOf(b == BooleanReply.TRUE ? 1 : 0);
            case VerbatimString v -> resp3 ? single(VERBATIM, verbatim(v)) : ShortStringPool.copyOf(v.bytes());
            case BigNumber n -> resp3 ? single(BIG_NUMBER, LuaValue.valueOf(latin1(n.text())))
                    : LuaValue.valueOf(latin1(n.text()));
            case PushReply p -> array(p.items(), resp, strings);
            case ReplySequence s -> throw new IllegalArgumentException("a script cannot receive a reply sequence");
            // Redis's scripts read attributes and drop them
            case AttributeReply a -> toLua(a.reply(), resp, strings);
        };
    }

    private static ShortStringPool poolFor(List<Reply> items, ShortStringPool outer) {
        return outer != null || items.size() < ShortStringPool.MIN_ELEMENTS ? outer : new ShortStringPool();
    }

    private static LuaValue number(long value) {
        return value == (int) value ? LuaValue.valueOf((int) value) : LuaValue.valueOf((double) value);
    }

    private static LuaTable single(LuaString key, LuaValue value) {
        LuaTable t = new Lua51Table();
        t.rawset(key, value);
        return t;
    }

    private static LuaTable array(List<Reply> items, int resp, ShortStringPool outer) {
        ShortStringPool strings = poolFor(items, outer);
        LuaTable t = new Lua51Table(items.size(), 0);
        int i = 1;
        for (Reply item : items) {
            t.rawset(i++, toLua(item, resp, strings));
        }
        return t;
    }

    private static LuaTable map(List<Reply> keysAndValues, int resp, ShortStringPool outer) {
        ShortStringPool strings = poolFor(keysAndValues, outer);
        LuaTable t = new Lua51Table(0, keysAndValues.size() / 2);
        for (int i = 0; i + 1 < keysAndValues.size(); i += 2) {
            t.rawset(toLua(keysAndValues.get(i), resp, strings), toLua(keysAndValues.get(i + 1), resp, strings));
        }
        return t;
    }

    private static LuaTable set(List<Reply> items, int resp, ShortStringPool outer) {
        ShortStringPool strings = poolFor(items, outer);
        LuaTable t = new Lua51Table(0, items.size());
        for (Reply item : items) {
            t.rawset(toLua(item, resp, strings), LuaValue.TRUE);
        }
        return t;
    }

    private static LuaTable verbatim(VerbatimString v) {
        LuaTable t = new Lua51Table();
        t.rawset(FORMAT, LuaValue.valueOf(v.format()));
        t.rawset(STRING, ShortStringPool.copyOf(v.bytes()));
        return t;
    }

    /** A double as RESP2 sends it: a bulk string, %.17g, inf and -inf spelled out. */
    static String doubleText(double value) {
        return Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : RedisDoubles.formatG(value, 17);
    }

    /** What a script returns, as the reply its caller gets. */
    public static Reply toReply(LuaValue value, int resp) {
        return toReply(value, resp, 0);
    }

    private static Reply toReply(LuaValue value, int resp, int depth) {
        return switch (value.type()) {
            case LuaValue.TSTRING -> new BulkString(bytes(Lua51Arith.toLuaString(value)));
            case LuaValue.TNUMBER -> IntegerReply.of(truncate(value.todouble()));
            case LuaValue.TBOOLEAN -> boolReply(value.toboolean(), resp);
            case LuaValue.TTABLE -> depth >= MAX_DEPTH ? STACK_LIMIT : table((LuaTable) value, resp, depth);
            default -> NullReply.NULL_BULK;
        };
    }

    private static Reply boolReply(boolean value, int resp) {
        if (resp == 3) {
            return BooleanReply.of(value);
        }
        return value ? IntegerReply.ONE : NullReply.NULL_BULK;
    }

    /** C's cast of a double to long long on x86-64: out of range and NaN give the "integer indefinite" value. */
    static long truncate(double d) {
        if (Double.isNaN(d) || d >= 0x1p63 || d < -0x1p63) {
            return Long.MIN_VALUE;
        }
        return (long) d;
    }

    private static Reply table(LuaTable t, int resp, int depth) {
        LuaValue err = t.rawget(ERR);
        if (err.type() == LuaValue.TSTRING) {
            return new ErrorReply(oneLine(Lua51Arith.toLuaString(err).tojstring()),
                    t.rawget(RedisErrorReply.IGNORE_ERROR_STATS_UPDATE).toboolean());
        }
        LuaValue ok = t.rawget(OK);
        if (ok.type() == LuaValue.TSTRING) {
            return new SimpleString(oneLine(Lua51Arith.toLuaString(ok).tojstring()));
        }
        LuaValue d = t.rawget(DOUBLE);
        if (d.type() == LuaValue.TNUMBER) {
            return new DoubleReply(d.todouble());
        }
        LuaValue big = t.rawget(BIG_NUMBER);
        if (big.type() == LuaValue.TSTRING) {
            return new BigNumber(oneLine(new String(bytes(Lua51Arith.toLuaString(big)), StandardCharsets.ISO_8859_1)));
        }
        LuaValue map = t.rawget(MAP);
        if (map.type() == LuaValue.TTABLE) {
            List<Reply> entries = new ArrayList<>();
            forEachEntry((LuaTable) map, (k, v) -> {
                entries.add(toReply(k, resp, depth + 1));
                entries.add(toReply(v, resp, depth + 1));
            });
            return new MapReply(entries);
        }
        LuaValue set = t.rawget(SET);
        if (set.type() == LuaValue.TTABLE) {
            List<Reply> members = new ArrayList<>();
            forEachEntry((LuaTable) set, (k, v) -> members.add(toReply(k, resp, depth + 1)));
            return new SetReply(members);
        }
        LuaValue verbatim = t.rawget(VERBATIM);
        if (verbatim.type() == LuaValue.TTABLE) {
            LuaValue format = verbatim.rawget(FORMAT);
            LuaValue text = verbatim.rawget(STRING);
            if (format.type() == LuaValue.TSTRING && text.type() == LuaValue.TSTRING) {
                return new VerbatimString(format.tojstring(), bytes(Lua51Arith.toLuaString(text)));
            }
        }
        List<Reply> items = new ArrayList<>();
        for (int i = 1; ; i++) {
            LuaValue item = t.rawget(i);
            if (item.isnil()) {
                break;
            }
            items.add(toReply(item, resp, depth + 1));
        }
        return new ArrayReply(items);
    }

    private static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private interface EntryAction {
        void accept(LuaValue key, LuaValue value);
    }

    private static void forEachEntry(LuaTable t, EntryAction action) {
        LuaValue k = LuaValue.NIL;
        while (true) {
            Varargs next = t.next(k);
            k = next.arg1();
            if (k.isnil()) {
                return;
            }
            action.accept(k, next.arg(2));
        }
    }

    /** Status and error replies are one line: Redis turns CR and LF into spaces. */
    private static String oneLine(String text) {
        return text.indexOf('\r') < 0 && text.indexOf('\n') < 0 ? text : text.replace('\r', ' ').replace('\n', ' ');
    }

    private static byte[] bytes(LuaString s) {
        return Arrays.copyOfRange(s.m_bytes, s.m_offset, s.m_offset + s.m_length);
    }
}
