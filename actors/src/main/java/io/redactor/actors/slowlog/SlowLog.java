package io.redactor.actors.slowlog;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.node.config.RuntimeConfig;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The node's slow log (SLOWLOG): commands that ran at least {@code slowlog-log-slower-than} microseconds (-1: none),
 * newest first, at most {@code slowlog-max-len} of them, both settable at run time. As in Redis, a smaller
 * {@code slowlog-max-len} takes effect at the next entry, and commands flagged {@code skip_slowlog} (EXEC) are never
 * logged (the commands EXEC ran are).
 *
 * <p>Cost for the common, fast command: {@link #isSlow} is one volatile read and a comparison; nothing is allocated
 * unless the command is logged. Entries are added and read under a lock, from any thread.
 */
public final class SlowLog {
    /** Redis's address of its Lua client, which the commands scripts call are logged with. */
    private static final String SCRIPT_PEER = "?:0";

    private volatile long thresholdMicros;
    private volatile long maxLength;
    private final ArrayDeque<SlowLogEntry> entries = new ArrayDeque<>();
    private long nextId;

    public SlowLog(RuntimeConfig config) {
        thresholdMicros = Long.parseLong(config.get("slowlog-log-slower-than"));
        maxLength = Long.parseLong(config.get("slowlog-max-len"));
        config.onChange("slowlog-log-slower-than", value -> thresholdMicros = Long.parseLong(value));
        config.onChange("slowlog-max-len", value -> maxLength = Long.parseLong(value));
    }

    /** Whether a command that ran {@code nanos} nanoseconds goes into the log. */
    public boolean isSlow(long nanos) {
        long threshold = thresholdMicros;
        return threshold >= 0 && nanos / 1000 >= threshold;
    }

    /**
     * Logs a command that ran {@code nanos} nanoseconds if it is slow enough. {@code client} is who sent it; null
     * for the commands a script called, which Redis logs with its Lua client's address and no name.
     */
    public void offer(CommandSpec spec, byte[][] args, ClientSession client, long nanos) {
        if (!isSlow(nanos) || spec.has(CommandFlag.SKIP_SLOWLOG) || spec.isInternal()) {
            return;
        }
        List<byte[]> logged = LoggedArguments.of(spec, args);
        String peer = client == null ? SCRIPT_PEER
                : client.endpoint() == null ? "" : client.endpoint().remoteAddress();
        String name = client == null ? "" : client.name();
        long now = System.currentTimeMillis() / 1000;
        synchronized (entries) {
            entries.addFirst(new SlowLogEntry(nextId++, now, nanos / 1000, logged, peer, name));
            while (entries.size() > maxLength) {
                entries.removeLast();
            }
        }
    }

    /** The newest {@code count} entries (all of them for a negative count), newest first. */
    public List<SlowLogEntry> newest(long count) {
        synchronized (entries) {
            long wanted = count < 0 ? entries.size() : Math.min(count, entries.size());
            List<SlowLogEntry> result = new ArrayList<>((int) wanted);
            Iterator<SlowLogEntry> it = entries.iterator();
            while (result.size() < wanted && it.hasNext()) {
                result.add(it.next());
            }
            return result;
        }
    }

    public int length() {
        synchronized (entries) {
            return entries.size();
        }
    }

    /** SLOWLOG RESET: every entry dropped; ids keep counting. */
    public void reset() {
        synchronized (entries) {
            entries.clear();
        }
    }
}
