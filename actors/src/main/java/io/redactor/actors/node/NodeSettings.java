package io.redactor.actors.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;
import io.redactor.actors.scripts.ScriptSettings;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code redactor} section of the configuration that the node itself uses; {@code heapLimit} is the fraction of
 * the largest heap past which the {@link HeapGuard} refuses work (1.0: never).
 */
public record NodeSettings(int partitions, int stashCapacity, String partitionDispatcher, Duration startupTimeout,
                           boolean joinSelf, Map<String, String> redisConfig, ScriptSettings scripts,
                           List<String> users, double heapLimit) {
    private static final String PARTITION_DISPATCHER = "redactor.partition.dispatcher";

    /**
     * {@code root} holds the {@code redactor} section; {@code systemConfig} is the actor system's own, which
     * decides whether Redactor's partition dispatcher is defined there. Joining itself is only done when no seed
     * nodes are configured: an application's cluster forms through its own seeds.
     */
    public static NodeSettings from(Config root, Config systemConfig) {
        Config c = root.getConfig("redactor");
        Map<String, String> redis = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigValue> entry : c.getConfig("redis").entrySet()) {
            redis.put(entry.getKey().replace("\"", ""), String.valueOf(entry.getValue().unwrapped()));
        }
        redis.put("port", String.valueOf(c.getInt("port")));
        redis.put("bind", c.getString("bind"));
        boolean seeded = systemConfig.hasPath("akka.cluster.seed-nodes")
                && !systemConfig.getStringList("akka.cluster.seed-nodes").isEmpty();
        return new NodeSettings(
                c.getInt("partitions"),
                c.getInt("partition.stash-capacity"),
                systemConfig.hasPath(PARTITION_DISPATCHER) ? PARTITION_DISPATCHER : "akka.actor.default-dispatcher",
                c.getDuration("startup-timeout"),
                c.getBoolean("cluster.join-self") && !seeded,
                Map.copyOf(redis),
                ScriptSettings.from(c.getConfig("scripts")),
                c.hasPath("users") ? List.copyOf(c.getStringList("users")) : List.of(),
                HeapGuard.parseLimit(c.getString("memory.heap-limit")));
    }
}
