package io.redactor.testing;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A whole data set read through a client, Redis's or Redactor's: every database, key, type, value and absolute
 * expiry time, in a form two servers can be compared by (sets and hashes sorted, sorted sets in rank order with
 * their exact scores). {@code toString} lists it, so that a failed comparison shows what differs. Read with
 * pipelines, so that large data sets read quickly.
 */
public record DataSet(Map<String, String> entries) {
    private static final HexFormat HEX = HexFormat.of();

    public static DataSet of(Jedis jedis) {
        Map<String, String> entries = new TreeMap<>();
        for (int db = 0; db < 16; db++) {
            jedis.select(db);
            List<byte[]> keys = new ArrayList<>();
            byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
            do {
                ScanResult<byte[]> page = jedis.scan(cursor, new ScanParams().count(1000));
                keys.addAll(page.getResult());
                cursor = page.getCursorAsBytes();
            } while (!"0".equals(new String(cursor, StandardCharsets.US_ASCII)));
            Pipeline types = jedis.pipelined();
            List<Response<String>> typeOf = new ArrayList<>(keys.size());
            List<Response<Long>> expiry = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                typeOf.add(types.type(key));
                expiry.add(types.pexpireTime(key));
            }
            types.sync();
            Pipeline values = jedis.pipelined();
            List<Response<?>> valueOf = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                byte[] key = keys.get(i);
                valueOf.add(switch (typeOf.get(i).get()) {
                    case "string" -> values.get(key);
                    case "list" -> values.lrange(key, 0, -1);
                    case "set" -> values.smembers(key);
                    case "zset" -> values.zrangeWithScores(key, 0, -1);
                    case "hash" -> values.hgetAll(key);
                    case "stream" -> values.sendCommand(Protocol.Command.XINFO, bytes("STREAM"), key, bytes("FULL"),
                            bytes("COUNT"), bytes("0"));
                    default -> values.type(key);
                });
            }
            values.sync();
            for (int i = 0; i < keys.size(); i++) {
                String type = typeOf.get(i).get();
                entries.put(db + ":" + text(keys.get(i)),
                        type + " " + describe(type, valueOf.get(i).get()) + " expires " + expiry.get(i).get());
            }
        }
        jedis.select(0);
        return new DataSet(entries);
    }

    /** The first keys whose entries differ, with both sides: what a failed comparison should show. */
    public String differences(DataSet other) {
        java.util.TreeSet<String> keys = new java.util.TreeSet<>(entries.keySet());
        keys.addAll(other.entries.keySet());
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (String key : keys) {
            String mine = entries.get(key);
            String theirs = other.entries.get(key);
            if (!java.util.Objects.equals(mine, theirs) && shown++ < 20) {
                out.append(key).append(":\n  ").append(cut(mine)).append("\n  ").append(cut(theirs)).append('\n');
            }
        }
        return out.toString();
    }

    private static String cut(String text) {
        return text == null ? "(missing)" : text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    /** The number of keys. */
    public int size() {
        return entries.size();
    }

    @SuppressWarnings("unchecked")
    private static String describe(String type, Object value) {
        return switch (type) {
            case "string" -> text((byte[]) value);
            case "list" -> ((List<byte[]>) value).stream().map(DataSet::text).toList().toString();
            case "set" -> ((Set<byte[]>) value).stream().map(DataSet::text).sorted().toList().toString();
            case "zset" -> {
                List<String> members = new ArrayList<>();
                for (Tuple tuple : (List<Tuple>) value) {
                    members.add(text(tuple.getBinaryElement()) + "=" + tuple.getScore());
                }
                yield members.toString();
            }
            case "hash" -> {
                Map<String, String> fields = new TreeMap<>();
                ((Map<byte[], byte[]>) value).forEach((field, v) -> fields.put(text(field), text(v)));
                yield fields.toString();
            }
            case "stream" -> streamText(value);
            default -> "?";
        };
    }

    /**
     * XINFO STREAM FULL as text: nested arrays in brackets, strings as {@link #text}, numbers as they are, except
     * consumers' seen times, which differ where a consumer was created or replayed at another time.
     */
    @SuppressWarnings("unchecked")
    private static String streamText(Object value) {
        if (value instanceof List<?> list) {
            StringBuilder out = new StringBuilder("[");
            boolean nextIsSeenTime = false;
            for (Object item : list) {
                out.append(out.length() > 1 ? " " : "").append(nextIsSeenTime ? "?" : streamText(item));
                nextIsSeenTime = item instanceof byte[] name && text(name).equals("seen-time");
            }
            return out.append(']').toString();
        }
        return value instanceof byte[] bytes ? text(bytes) : String.valueOf(value);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Printable text for ASCII, hex for the rest. */
    private static String text(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 32 || b > 126) {
                return "0x" + HEX.formatHex(bytes);
            }
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
