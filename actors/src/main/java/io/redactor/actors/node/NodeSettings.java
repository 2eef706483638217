package io.redactor.actors.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code redactor} section of the configuration that the node itself uses. */
public record NodeSettings(int partitions, int stashCapacity, String partitionDispatcher, Duration startupTimeout,
                           boolean joinSelf, Map<String, String> redisConfig) {

    public static NodeSettings from(Config root) {
        Config c = root.getConfig("redactor");
        Map<String, String> redis = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigValue> entry : c.getConfig("redis").entrySet()) {
            redis.put(entry.getKey().replace("\"", ""), String.valueOf(entry.getValue().unwrapped()));
        }
        redis.put("port", String.valueOf(c.getInt("port")));
        redis.put("bind", c.getString("bind"));
        return new NodeSettings(
                c.getInt("partitions"),
                c.getInt("partition.stash-capacity"),
                "redactor.partition.dispatcher",
                c.getDuration("startup-timeout"),
                c.getBoolean("cluster.join-self"),
                Map.copyOf(redis));
    }
}
