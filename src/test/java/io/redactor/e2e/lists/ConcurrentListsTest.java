package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many clients pushing, popping and moving at once: nothing lost, nothing duplicated. */
class ConcurrentListsTest extends CommandTestBase {
    private static final int CLIENTS = 8;
    private static final int PER_CLIENT = 500;

    @Test
    void concurrentPushesThenPopsSeeEveryElementOnce() throws Exception {
        String k = key("l");
        runClients(client -> jedis -> {
            for (int i = 0; i < PER_CLIENT; i++) {
                if (i % 2 == 0) {
                    jedis.lpush(k, client + ":" + i);
                } else {
                    jedis.rpush(k, client + ":" + i);
                }
            }
            return List.of();
        });
        assertEquals(CLIENTS * PER_CLIENT, jedis.llen(k));
        List<List<String>> popped = runClients(client -> jedis -> {
            List<String> mine = new ArrayList<>();
            String element;
            while ((element = client % 2 == 0 ? jedis.lpop(k) : jedis.rpop(k)) != null) {
                mine.add(element);
            }
            return mine;
        });
        Set<String> all = new HashSet<>();
        int total = 0;
        for (List<String> mine : popped) {
            all.addAll(mine);
            total += mine.size();
        }
        assertEquals(CLIENTS * PER_CLIENT, total);
        assertEquals(CLIENTS * PER_CLIENT, all.size());
        assertFalse(jedis.exists(k));
    }

    @Test
    void concurrentMovesBetweenTwoListsKeepEveryElement() throws Exception {
        String a = key("a");
        String b = key("{other}b");
        for (int i = 0; i < 200; i++) {
            jedis.rpush(i % 2 == 0 ? a : b, Integer.toString(i));
        }
        runClients(client -> jedis -> {
            for (int i = 0; i < PER_CLIENT; i++) {
                if (client % 2 == 0) {
                    jedis.rpoplpush(a, b);
                } else {
                    jedis.rpoplpush(b, a);
                }
            }
            return List.of();
        });
        Set<String> all = new HashSet<>(jedis.lrange(a, 0, -1));
        all.addAll(jedis.lrange(b, 0, -1));
        assertEquals(200, jedis.llen(a) + jedis.llen(b));
        assertEquals(200, all.size());
        assertTrue(all.contains("0") && all.contains("199"));
    }

    private interface PerClient {
        ClientWorkFn of(int client);
    }

    private interface ClientWorkFn {
        List<String> run(Jedis jedis) throws Exception;
    }

    private static List<List<String>> runClients(PerClient work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                ClientWorkFn fn = work.of(c);
                futures.add(pool.submit(() -> {
                    try (Jedis jedis = TestRedactor.shared().jedis()) {
                        return fn.run(jedis);
                    }
                }));
            }
            List<List<String>> results = new ArrayList<>();
            for (Future<List<String>> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
