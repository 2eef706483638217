package io.redactor.e2e.zsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every sorted set command against a key of every other type answers WRONGTYPE and changes nothing; the set
 * operations take plain sets as inputs instead.
 */
class WrongTypeTest extends SortedSetTestBase {
    /** Each command with K where the key of the wrong type goes and D for a destination. */
    private static final List<String> COMMANDS = List.of(
            "ZADD K 1 a", "ZADD K XX CH 1 a", "ZINCRBY K 1 a", "ZSCORE K a", "ZMSCORE K a b", "ZCARD K",
            "ZCOUNT K 0 1", "ZLEXCOUNT K - +", "ZRANK K a", "ZREVRANK K a", "ZRANGE K 0 -1",
            "ZRANGE K 0 1 BYSCORE WITHSCORES", "ZRANGE K - + BYLEX", "ZRANGESTORE D K 0 -1", "ZRANGEBYSCORE K 0 1",
            "ZREVRANGEBYSCORE K 1 0", "ZRANGEBYLEX K - +", "ZREVRANGEBYLEX K + -", "ZREVRANGE K 0 -1", "ZREM K a",
            "ZREMRANGEBYRANK K 0 1", "ZREMRANGEBYSCORE K 0 1", "ZREMRANGEBYLEX K - +", "ZPOPMIN K", "ZPOPMAX K 2",
            "ZMPOP 1 K MIN", "ZRANDMEMBER K", "ZRANDMEMBER K 2 WITHSCORES", "ZSCAN K 0");
    /** The commands that accept a plain set as an input. */
    private static final List<String> SET_OPERATIONS = List.of("ZUNION 1 K", "ZINTER 1 K WITHSCORES", "ZDIFF 1 K",
            "ZUNIONSTORE D 1 K", "ZINTERSTORE D 1 K", "ZDIFFSTORE D 1 K", "ZINTERCARD 1 K");

    @ParameterizedTest(name = "against a {0}")
    @ValueSource(strings = {"string", "list", "hash", "set"})
    void everyCommandAnswersWrongType(String type) {
        String k = key(type);
        String d = key("dst");
        String[] create = switch (type) {
            case "string" -> new String[] {"SET", k, "value"};
            case "list" -> new String[] {"RPUSH", k, "a", "b"};
            case "hash" -> new String[] {"HSET", k, "a", "1"};
            default -> new String[] {"SADD", k, "a", "b"};
        };
        call(create);
        String dump = call("DUMP", k);
        List<String> commands = new ArrayList<>(COMMANDS);
        if (!type.equals("set")) {
            commands.addAll(SET_OPERATIONS);
        }
        for (String command : commands) {
            String[] argv = command.split(" ");
            for (int i = 0; i < argv.length; i++) {
                argv[i] = argv[i].equals("K") ? k : argv[i].equals("D") ? d : argv[i];
            }
            assertError(WRONGTYPE, argv);
        }
        assertEquals(dump, call("DUMP", k), "the " + type + " changed");
        assertReply(integer(0), "EXISTS", d);
    }
}
