package io.redactor.api.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * Builds the configuration Redactor runs with, from highest priority to lowest: explicit overrides (launcher
 * flags, a --config file), system properties, the application's application.conf, Redactor's defaults
 * (the documented top-level application.conf, packaged as {@code redactor.conf}), and the libraries'
 * reference.conf files. Redactor's defaults must sit above the libraries' references because they change some
 * of Akka's (the cluster provider, for one).
 */
public final class RedactorConfig {
    private RedactorConfig() {
    }

    public static Config load(Config overrides) {
        ConfigFactory.invalidateCaches();
        return overrides
                .withFallback(ConfigFactory.defaultOverrides())
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(defaults())
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
    }

    public static Config load() {
        return load(ConfigFactory.empty());
    }

    /** Redactor's own defaults only. */
    public static Config defaults() {
        return ConfigFactory.parseResources(RedactorConfig.class.getClassLoader(), "redactor.conf");
    }
}
