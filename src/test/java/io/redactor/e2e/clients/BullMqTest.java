package io.redactor.e2e.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redactor.testing.NodeScripts;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * BullMQ, the Node.js job queue, whose Lua scripts use streams (XADD, XTRIM, XREAD), sorted sets, lists, hashes,
 * cmsgpack and cjson, and whose workers block in BZPOPMIN and XREAD BLOCK: {@code src/test/node/bullmq-queue.mjs}
 * runs jobs through a Worker with a processor, a Worker taking jobs one by one, and BullMQ's Relay, on Redis 7.0 and
 * on Redactor, through ioredis (BullMQ's default) and through node-redis. Redactor must give what Redis gives.
 */
class BullMqTest {
    /** The script exits by itself within 50 s whatever the server does; this only catches a broken runtime. */
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the script reports on Redis 7.0. With node-redis clients made by {@code RedisConnection.clientFactory},
     * BullMQ 6.7.0 names none of its connections (it sends no CLIENT SETNAME), so {@code getWorkers} finds no worker
     * in CLIENT LIST.
     */
    private static JsonNode expected(String driver) {
        JsonNode expected = json("""
                {
                 "processed": {
                   "statesBeforeWorker": [["child-a", "waiting"], ["child-b", "waiting"], ["delayed", "delayed"],
                                          ["doomed", "waiting"], ["flaky", "waiting"], ["parent", "waiting-children"],
                                          ["plain-1", "waiting"], ["plain-2", "waiting"], ["plain-3", "waiting"],
                                          ["prio-high", "prioritized"], ["prio-low", "prioritized"],
                                          ["prio-mid", "prioritized"]],
                   "countsBeforeWorker": {"waiting": 7, "active": 0, "delayed": 1, "prioritized": 3,
                                          "waiting-children": 1, "completed": 0, "failed": 0},
                   "prioritizedOrder": ["prio-high", "prio-mid", "prio-low"],
                   "schedulerFirstJob": "tick",
                   "countsAfter": {"waiting": 0, "active": 0, "delayed": 0, "prioritized": 0, "waiting-children": 0,
                                   "completed": 13, "failed": 1},
                   "completed": [["child-a", 20, 1], ["child-b", 40, 1], ["delayed", 100, 1],
                                 ["flaky", {"flaky": "succeeded", "attempt": 2}, 2],
                                 ["parent", {"children": [20, 40]}, 1], ["plain-1", 2, 1], ["plain-2", 4, 1],
                                 ["plain-3", 6, 1], ["prio-high", 200, 1], ["prio-low", 600, 1], ["prio-mid", 400, 1],
                                 ["tick", "tock", 1], ["tick", "tock", 1]],
                   "failed": [["doomed", "doomed fails attempt 2", 2, 2]],
                   "workerFailures": [["doomed", 1, "doomed fails attempt 1"], ["doomed", 2, "doomed fails attempt 2"],
                                      ["flaky", 1, "flaky fails once"]],
                   "plainJobsRanTogether": [true, true, true],
                   "concurrencyWithinLimit": true,
                   "schedulers": [["ticker", 300, 2]],
                   "events": {"added": ["child-a", "child-b", "delayed", "doomed", "flaky", "parent", "plain-1",
                                        "plain-2", "plain-3", "prio-high", "prio-low", "prio-mid", "tick", "tick"],
                              "completed": ["child-a", "child-b", "delayed", "flaky", "parent", "plain-1", "plain-2",
                                            "plain-3", "prio-high", "prio-low", "prio-mid", "tick", "tick"],
                              "failed": [["doomed", "doomed fails attempt 2"]], "retries-exhausted": ["doomed"],
                              "waiting-children": ["parent"]},
                   "customEvents": ["hi"],
                   "errors": [],
                   "keysLeft": []
                 },
                 "manual": {
                   "delayedChanged": [true, 1200000],
                   "removedIsGone": true,
                   "deduplicated": [true, true],
                   "whilePaused": [true, "waiting", {"waiting": 8, "paused": 0, "prioritized": 2, "delayed": 0}],
                   "resumed": [false, {"waiting": 8, "paused": 0, "prioritized": 2}],
                   "countsPerPriority": {"0": 8, "1": 1, "5": 1, "7": 0},
                   "waitingOrder": ["c", "a", "b", "p7", "d", "step", "dup", "while-paused"],
                   "ranges": 10,
                   "workers": ["bull:<queue>:w:manual"],
                   "clientListFields": ["addr", "age", "argv-mem", "cmd", "db", "events", "fd", "flags", "id", "idle",
                                        "laddr", "multi", "multi-mem", "name", "obl", "oll", "omem", "psub", "qbuf",
                                        "qbuf-free", "rawname", "rbp", "rbs", "redir", "resp", "ssub", "sub", "tot-mem",
                                        "user"],
                   "failedThenState": "failed",
                   "steppedState": "delayed",
                   "taken": ["c", "a", "b", "p7", "d", "step", "dup", "while-paused", "b", "step", "p1", "p5"],
                   "returnValues": [["a", {"name": "a", "v": 10}], ["b", {"name": "b", "v": 2}],
                                    ["c", {"name": "c", "v": 3}], ["d", {"name": "d", "v": 4}],
                                    ["dup", {"name": "dup", "v": 1}], ["p1", {"name": "p1", "v": 1}],
                                    ["p5", {"name": "p5", "v": 5}], ["p7", {"name": "p7", "v": 7}],
                                    ["step", {"name": "step", "v": 6}],
                                    ["while-paused", {"name": "while-paused", "v": 8}]],
                   "progress": {"step": 2},
                   "logs": {"logs": ["took b as number 3", "took b as number 9"], "count": 2},
                   "metrics": 10,
                   "failedMetrics": 1,
                   "rateLimited": [true, 1],
                   "cleaned": 10,
                   "countsAfterClean": {"completed": 0, "failed": 0, "waiting": 0},
                   "trimmedApproximately": [true, true, true],
                   "keysLeft": []
                 },
                 "relay": {
                   "patterns": [["orders.*.created", 1], ["orders.>", 1], ["orders.eu.created", 1]],
                   "nodes": [["alpha", "alpha"], ["beta", "beta"]],
                   "published": [["orders.eu.created", 2, 3], ["orders.us.created", 2, 2],
                                 ["orders.us.shipped.late", 1, 1], ["invoices.eu.created", 0, 0],
                                 ["status.alpha", 0, 0]],
                   "received": [["alpha", "orders.eu.created", {"id": 1}, false],
                                ["alpha", "orders.us.created", {"id": 2}, false],
                                ["beta exact", "orders.eu.created", {"id": 1}, false],
                                ["beta retained", "status.alpha", {"up": true}, true],
                                ["beta", "orders.eu.created", {"id": 1}, false],
                                ["beta", "orders.us.created", {"id": 2}, false],
                                ["beta", "orders.us.shipped.late", {"id": 3}, false]],
                   "retained": ["status.alpha"],
                   "counts": {"nodes": 2, "subscriptions": 4, "patterns": 4, "retained": 1},
                   "namespaces": ["redactor-bullmq-relay"],
                   "deletedRetained": [true, false],
                   "countsAfterBetaClosed": {"nodes": 1, "subscriptions": 1, "patterns": 1, "retained": 0},
                   "errors": [],
                   "keysLeft": []
                 }
                }
                """);
        if (driver.equals("node-redis")) {
            ObjectNode manual = (ObjectNode) expected.get("manual");
            manual.set("workers", JSON.createArrayNode());
            manual.set("clientListFields", JSON.createArrayNode());
        }
        return expected;
    }

    @ParameterizedTest
    @ValueSource(strings = {"ioredis", "node-redis"})
    void bullMqGetsFromRedactorWhatItGetsFromRedis(String driver) {
        String redis = run(RealRedis.shared().port(), driver);
        assertEquals(expected(driver), json(redis), "Redis 7.0 itself through " + driver + ", which printed:\n"
                + redis);
        String redactor = run(TestRedactor.shared().port(), driver);
        assertEquals(json(redis), json(redactor), "Redactor, compared with Redis 7.0, through " + driver
                + "; Redactor's run printed:\n" + redactor + "\nRedis's:\n" + redis);
    }

    private static String run(int port, String driver) {
        return NodeScripts.result("bullmq-queue.mjs", TIMEOUT, Integer.toString(port), driver);
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }
}
