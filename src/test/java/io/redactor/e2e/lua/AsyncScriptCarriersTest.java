package io.redactor.e2e.lua;

import io.redactor.actors.node.ProcessMetrics;
import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.ThreadStat;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import static io.redactor.e2e.lua.AsyncScriptTest.EVALASYNC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Clients' async scripts run on carrier threads of their own at {@code redactor.scripts.async.nice}; script
 * subscriptions stay on the JDK's carriers at the server's priority. Observed from the kernel's side: while a script
 * spins, which of this JVM's threads is on the CPU, under which name and nice value.
 */
class AsyncScriptCarriersTest {
    private static final ProtocolCommand SSUBSCRIBE = () -> "SSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    /** Linux keeps 15 characters of a thread's name. */
    private static final String OWN_CARRIER = "async-script-ca";
    private static final String SPIN =
            "redis.call('set', 'started', 'started') while redis.call('get', 'go') ~= 'go' do end return 'done'";

    /**
     * The share of 50 looks, 5 ms apart, in which some thread matches: a spinning script keeps its carrier running in
     * nearly all of them, while idle carriers (this JVM holds other tests' servers too) are seen running only for the
     * moments they wake.
     */
    private static double seenRunning(Predicate<ThreadStat> thread) throws InterruptedException {
        int seen = 0;
        for (int i = 0; i < 50; i++) {
            if (ThreadStat.all().stream().anyMatch(t -> t.running() && thread.test(t))) {
                seen++;
            }
            Thread.sleep(5);
        }
        return seen / 50.0;
    }

    @Test
    void clientsScriptsSpinOnLoweredCarriersAndSubscriptionsOnTheSharedOnes() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux");
        assumeTrue(Object.class.getModule().isOpen("java.lang", getClass().getModule()),
                "needs java --add-opens java.base/java.lang=ALL-UNNAMED, as bin/test passes");
        List<String> jvmArguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        assumeTrue(jvmArguments.contains("--enable-native-access=ALL-UNNAMED"),
                "needs native access to set nice values, as bin/test gives");
        int lowered = Math.min(19, ProcessMetrics.niceValue() + 10);
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.scripts.async.nice", 10));
             Jedis jedis = server.jedis()) {
            CompletableFuture<Object> spinning = CompletableFuture.supplyAsync(() -> {
                try (Jedis client = server.jedis()) {
                    return new String((byte[]) client.sendCommand(EVALASYNC, SPIN, "0"), StandardCharsets.UTF_8);
                }
            });
            Eventually.until("the client's script started", () -> "started".equals(jedis.get("started")));
            double ownLowered = seenRunning(t -> t.name().startsWith(OWN_CARRIER) && t.nice() == lowered);
            assertTrue(ownLowered >= 0.8, "a lowered carrier of its own runs the client's script: " + ownLowered);
            jedis.set("go", "go");
            assertEquals("done", spinning.get());

            jedis.set("go", "not yet");
            jedis.del("started");
            String sha = jedis.scriptLoad(SPIN);
            jedis.sendCommand(SSUBSCRIBE, sha, "spin");
            assertEquals(1L, jedis.publish("spin", "message"));
            Eventually.until("the subscription's script started", () -> "started".equals(jedis.get("started")));
            double shared = seenRunning(t -> t.name().startsWith("ForkJoinPool-") && t.nice() == ProcessMetrics.niceValue());
            assertTrue(shared >= 0.8, "one of the JDK's carriers runs the subscription's script: " + shared);
            double own = seenRunning(t -> t.name().startsWith(OWN_CARRIER));
            assertTrue(own <= 0.2, "the clients' carriers do not run the subscription's script: " + own);
            jedis.set("go", "go");
        }
    }
}
