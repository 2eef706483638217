package io.redactor.actors.scripts;

import com.typesafe.config.Config;

import java.time.Duration;

/**
 * The {@code redactor.scripts} section: how many async scripts may run and wait to run, how long one may run
 * ({@link Duration#ZERO}: no limit), and how many messages a script subscription may have waiting.
 */
public record ScriptSettings(int maxRunningAsync, int maxQueuedAsync, Duration asyncTimeLimit,
                             int subscriptionBacklog) {
    public static final ScriptSettings DEFAULTS = new ScriptSettings(10_000, 100_000, Duration.ZERO, 100_000);

    public ScriptSettings {
        if (maxRunningAsync < 1 || maxQueuedAsync < 0 || asyncTimeLimit.isNegative() || subscriptionBacklog < 1) {
            throw new IllegalArgumentException("redactor.scripts: max-running and subscription-backlog must be at "
                    + "least 1, max-queued and time-limit at least 0");
        }
    }

    /** {@code c}: the {@code redactor.scripts} section. */
    public static ScriptSettings from(Config c) {
        return new ScriptSettings(c.getInt("async.max-running"), c.getInt("async.max-queued"),
                c.getDuration("async.time-limit"), c.getInt("subscriptions.backlog"));
    }
}
