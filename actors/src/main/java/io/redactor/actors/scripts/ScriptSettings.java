package io.redactor.actors.scripts;

import com.typesafe.config.Config;

import java.time.Duration;

/**
 * The {@code redactor.scripts} section: how many async scripts may run and wait to run, how long one may run
 * ({@link Duration#ZERO}: no limit), how many messages a script subscription may have waiting, and how much nicer
 * (a Linux nice increment, 0 to 19) than the rest of the server atomic scripts' threads and the carrier threads of
 * clients' async scripts are.
 */
public record ScriptSettings(int maxRunningAsync, int maxQueuedAsync, Duration asyncTimeLimit,
                             int subscriptionBacklog, int nice, int asyncNice) {

    public ScriptSettings {
        if (maxRunningAsync < 1 || maxQueuedAsync < 0 || asyncTimeLimit.isNegative() || subscriptionBacklog < 1) {
            throw new IllegalArgumentException("redactor.scripts: max-running and subscription-backlog must be at "
                    + "least 1, max-queued and time-limit at least 0");
        }
        if (nice < 0 || nice > 19 || asyncNice < 0 || asyncNice > 19) {
            throw new IllegalArgumentException("redactor.scripts.nice and redactor.scripts.async.nice must be from 0 to 19");
        }
    }

    /** {@code c}: the {@code redactor.scripts} section. */
    public static ScriptSettings from(Config c) {
        return new ScriptSettings(c.getInt("async.max-running"), c.getInt("async.max-queued"),
                c.getDuration("async.time-limit"), c.getInt("subscriptions.backlog"), c.getInt("nice"),
                c.getInt("async.nice"));
    }
}
