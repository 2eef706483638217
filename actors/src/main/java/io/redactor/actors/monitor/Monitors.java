package io.redactor.actors.monitor;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.SimpleString;

import java.util.Arrays;

/**
 * The clients in MONITOR mode, and the feed of executed commands to them (Redis's replicationFeedMonitors). Callers
 * check {@link #active()}, one volatile read, before anything else: with nobody monitoring a command pays nothing
 * more. A line is formatted once and handed to each monitor's connection, in the order the feeding threads hand
 * them over: the order in which one monitor sees the commands of one partition or of one client is the order they
 * ran in.
 */
public final class Monitors {
    private static final ClientSession[] NONE = new ClientSession[0];

    private volatile ClientSession[] watchers = NONE;

    /** Whether anyone monitors: the only cost of MONITOR for commands when nobody does. */
    public boolean active() {
        return watchers.length != 0;
    }

    public synchronized void add(ClientSession monitor) {
        ClientSession[] now = watchers;
        for (ClientSession client : now) {
            if (client == monitor) {
                return;
            }
        }
        ClientSession[] more = Arrays.copyOf(now, now.length + 1);
        more[now.length] = monitor;
        watchers = more;
    }

    public synchronized void remove(ClientSession monitor) {
        ClientSession[] now = watchers;
        int at = -1;
        for (int i = 0; i < now.length; i++) {
            if (now[i] == monitor) {
                at = i;
            }
        }
        if (at < 0) {
            return;
        }
        ClientSession[] fewer = new ClientSession[now.length - 1];
        System.arraycopy(now, 0, fewer, 0, at);
        System.arraycopy(now, at + 1, fewer, at, now.length - at - 1);
        watchers = fewer;
    }

    /**
     * {@code client} ran {@code args} ({@code spec}) in database {@code db}, from a script when {@code fromScript}.
     * Administrative commands and those that feed themselves (EVAL, FCALL: before the commands of their script) are
     * not shown, as in Redis; nor is the server's own work (no client).
     */
    public void executed(CommandSpec spec, byte[][] args, int db, ClientSession client, boolean fromScript) {
        if (client == null || spec.has(CommandFlag.ADMIN) || spec.has(CommandFlag.SKIP_MONITOR)) {
            return;
        }
        feed(spec.fullName(), args, db, client, fromScript);
    }

    /** Shows a command whatever its flags: EVAL and FCALL before their script runs, EXEC when it is refused. */
    public void feed(String fullName, byte[][] args, int db, ClientSession client, boolean fromScript) {
        ClientSession[] to = watchers;
        if (to.length == 0 || client == null) {
            return;
        }
        long micros = currentMicros();
        // Redactor listens on no unix socket, so Redis's "unix:path" origin never occurs.
        String origin = fromScript ? "lua" : client.endpoint().remoteAddress();
        SimpleString line = new SimpleString(MonitorLine.format(micros, db, origin,
                Redaction.apply(rootName(fullName), args)));
        for (ClientSession monitor : to) {
            monitor.feed(line);
        }
    }

    private static String rootName(String fullName) {
        int bar = fullName.indexOf('|');
        return bar < 0 ? fullName : fullName.substring(0, bar);
    }

    private static long currentMicros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }
}
