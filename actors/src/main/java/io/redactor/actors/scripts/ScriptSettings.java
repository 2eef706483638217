package io.redactor.actors.scripts;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import io.redactor.actors.node.config.Numbers;

import java.time.Duration;

/**
 * The {@code redactor.scripts} section: how many async scripts may run and wait to run, how long one may run
 * ({@link Duration#ZERO}: no limit), how many messages a script subscription may have waiting, how much nicer
 * (a Linux nice increment, 0 to 19) than the rest of the server atomic scripts' threads and the carrier threads of
 * clients' async scripts are, and how many bytes of large values one script run may hold (0: no limit).
 */
public record ScriptSettings(int maxRunningAsync, int maxQueuedAsync, Duration asyncTimeLimit,
                             int subscriptionBacklog, int nice, int asyncNice, long maxMemory) {
    /** The smallest budget other than none: below it, ordinary scripts' replies would not fit. */
    public static final long MIN_MEMORY = 1L << 20;
    /** The default {@code max-memory}. */
    public static final long DEFAULT_MEMORY = 256L << 20;

    /** With the default memory budget. */
    public ScriptSettings(int maxRunningAsync, int maxQueuedAsync, Duration asyncTimeLimit, int subscriptionBacklog,
                          int nice, int asyncNice) {
        this(maxRunningAsync, maxQueuedAsync, asyncTimeLimit, subscriptionBacklog, nice, asyncNice, DEFAULT_MEMORY);
    }

    public ScriptSettings {
        if (maxRunningAsync < 1 || maxQueuedAsync < 0 || asyncTimeLimit.isNegative() || subscriptionBacklog < 1) {
            throw new IllegalArgumentException("redactor.scripts: max-running and subscription-backlog must be at "
                    + "least 1, max-queued and time-limit at least 0");
        }
        if (nice < 0 || nice > 19 || asyncNice < 0 || asyncNice > 19) {
            throw new IllegalArgumentException("redactor.scripts.nice and redactor.scripts.async.nice must be from 0 to 19");
        }
        if (maxMemory != 0 && maxMemory < MIN_MEMORY) {
            throw new IllegalArgumentException(MEMORY_RULE + ", not " + maxMemory + " bytes");
        }
    }

    private static final String MEMORY_RULE = "redactor.scripts.max-memory must be 0 (no limit) or a memory amount of "
            + "at least 1mb, as 256mb";

    /** {@code c}: the {@code redactor.scripts} section. */
    public static ScriptSettings from(Config c) {
        return new ScriptSettings(c.getInt("async.max-running"), c.getInt("async.max-queued"),
                c.getDuration("async.time-limit"), c.getInt("subscriptions.backlog"), c.getInt("nice"),
                c.getInt("async.nice"), maxMemory(c));
    }

    /** {@code max-memory}: a memory amount as Redis writes one ({@code 256mb}, {@code 1gb}, bytes), 0 for none. */
    static long maxMemory(Config c) {
        String text;
        try {
            text = c.getString("max-memory");
        } catch (ConfigException e) {
            throw new IllegalArgumentException(MEMORY_RULE + ": " + e.getMessage(), e);
        }
        // Redis reads a unit without digits ("mb") as 0, which here would mean no limit at all
        boolean digitFirst = !text.isEmpty() && text.charAt(0) >= '0' && text.charAt(0) <= '9';
        Long bytes = digitFirst ? Numbers.memory(text) : null;
        if (bytes == null || bytes < 0 || (bytes != 0 && bytes < MIN_MEMORY)) {
            String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
            throw new IllegalArgumentException(MEMORY_RULE + ", not '" + shown + "'");
        }
        return bytes;
    }
}
