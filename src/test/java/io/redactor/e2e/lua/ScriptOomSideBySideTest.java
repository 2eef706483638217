package io.redactor.e2e.lua;

import io.redactor.testing.DebugSideBySideTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Scripts over maxmemory side by side with Redis 7.0.15: a script with flags is refused before it starts unless it
 * declares allow-oom or no-writes; one that declares allow-oom may write; a script without a shebang is refused at
 * its first denyoom command, but not once it has written; functions alike; EVAL queued in MULTI as any command.
 */
class ScriptOomSideBySideTest extends DebugSideBySideTest {
    private static final String LIBRARY = "#!lua name=ooms\n"
            + "redis.register_function{function_name='w', callback=function(k) return redis.call('set', k[1], 'f') end}\n"
            + "redis.register_function{function_name='wo', callback=function(k) return redis.call('set', k[1], 'g') end,"
            + " flags={'allow-oom'}}\n"
            + "redis.register_function{function_name='r', callback=function(k) return redis.call('get', k[1]) end,"
            + " flags={'no-writes'}}";

    @BeforeEach
    void outOfMemory() {
        both(jedis -> {
            jedis.flushAll();
            jedis.functionFlush();
            jedis.set("big", "x".repeat(2000));
            jedis.functionLoad(LIBRARY);
            jedis.configSet("maxmemory-policy", "noeviction");
            return jedis.configSet("maxmemory", "1");
        });
    }

    @AfterEach
    void enoughMemory() {
        both(jedis -> jedis.configSet("maxmemory", "0"));
    }

    @Test
    void scriptsAndFunctionsOverMaxmemoryAnswerAsRedis() {
        List<List<String>> transcripts = both(jedis -> {
            List<String> replies = new ArrayList<>();
            replies.add(eval(jedis, "#!lua\nreturn redis.call('set', 'x', '1')"));
            replies.add(eval(jedis, "#!lua flags=allow-oom\nreturn redis.call('set', 'x', '1')"));
            replies.add(eval(jedis, "#!lua flags=no-writes\nreturn redis.call('get', 'x')"));
            replies.add(eval(jedis, "#!lua flags=no-writes\nreturn redis.call('set', 'x', '2')"));
            replies.add(eval(jedis, "return redis.call('set', 'y', '1')"));
            replies.add(eval(jedis, "redis.call('del', 'nothing') return redis.call('set', 'y', '2')"));
            replies.add(eval(jedis, "return redis.call('get', 'big') ~= false"));
            replies.add(fcall(jedis, "w", "f1"));
            replies.add(fcall(jedis, "wo", "f2"));
            replies.add(fcall(jedis, "r", "f2"));
            replies.add(String.valueOf(jedis.mget("x", "y", "f1", "f2")));
            return replies;
        });
        assertEquals(transcripts.get(0), transcripts.get(1));
    }

    @Test
    void aScriptQueuedInMultiOverMaxmemoryAbortsTheTransactionAsRedis() {
        List<String> replies = both(jedis -> {
            Transaction multi = jedis.multi();
            multi.eval("#!lua flags=allow-oom\nreturn 1", 0);
            try {
                return String.valueOf(multi.exec());
            } catch (JedisDataException e) {
                return e.getMessage();
            }
        });
        assertEquals(replies.get(0), replies.get(1));
    }

    private static String eval(Jedis jedis, String script) {
        return reply(() -> jedis.eval(script, 0));
    }

    private static String fcall(Jedis jedis, String function, String key) {
        return reply(() -> jedis.fcall(function, List.of(key), List.of()));
    }

    private static String reply(Supplier<Object> call) {
        try {
            return String.valueOf(call.get());
        } catch (JedisDataException e) {
            return "error: " + e.getMessage();
        }
    }

    private static <T> List<T> both(Function<Jedis, T> action) {
        try (Jedis theirs = redis.jedis(); Jedis ours = server.jedis()) {
            return List.of(action.apply(theirs), action.apply(ours));
        }
    }
}
