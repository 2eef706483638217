package io.redactor.actors.latency;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.node.config.RuntimeConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The latency monitor (LATENCY LATEST, HISTORY, GRAPH, DOCTOR, RESET): for each event, the operations that took
 * at least {@code latency-monitor-threshold} milliseconds (0: the monitor is off), as Redis records them. Events
 * recorded here: {@value #COMMAND} and {@value #FAST_COMMAND} (a command that ran that long, by whether it is
 * flagged fast), and those the persistence and expiry code reports through {@link #record(String, long)}.
 *
 * <p>Cost when nothing is that slow: one volatile read and a comparison. Events are kept in the order they first
 * happened. Thread-safe.
 */
public final class LatencyMonitor {
    public static final String COMMAND = "command";
    public static final String FAST_COMMAND = "fast-command";

    private volatile long thresholdMillis;
    private final Map<String, LatencySeries> events = new LinkedHashMap<>();

    public LatencyMonitor(RuntimeConfig config) {
        thresholdMillis = Long.parseLong(config.get("latency-monitor-threshold"));
        config.onChange("latency-monitor-threshold", value -> thresholdMillis = Long.parseLong(value));
    }

    /** A latency event's name and series, for the commands to read. */
    public record Event(String name, LatencySeries series) {
    }

    /** A command that ran {@code nanos} nanoseconds: a {@code command} or {@code fast-command} sample if slow. */
    public void commandRan(CommandSpec spec, long nanos) {
        long threshold = thresholdMillis;
        if (threshold > 0) {
            long millis = nanos / 1_000_000;
            if (millis >= threshold) {
                add(spec.has(CommandFlag.FAST) ? FAST_COMMAND : COMMAND, millis);
            }
        }
    }

    /** {@code event} took {@code millis} milliseconds: a sample if that reaches the threshold. */
    public void record(String event, long millis) {
        long threshold = thresholdMillis;
        if (threshold > 0 && millis >= threshold) {
            add(event, millis);
        }
    }

    /** Whether the monitor is on ({@code latency-monitor-threshold} above 0). */
    public boolean enabled() {
        return thresholdMillis > 0;
    }

    public long thresholdMillis() {
        return thresholdMillis;
    }

    private void add(String event, long millis) {
        LatencySeries series;
        synchronized (events) {
            series = events.computeIfAbsent(event, name -> new LatencySeries());
        }
        series.add(System.currentTimeMillis() / 1000, millis);
    }

    public List<Event> events() {
        synchronized (events) {
            List<Event> result = new ArrayList<>(events.size());
            events.forEach((name, series) -> result.add(new Event(name, series)));
            return result;
        }
    }

    /** The series of {@code event} (exact name); null when it has none. */
    public LatencySeries series(String event) {
        synchronized (events) {
            return events.get(event);
        }
    }

    /** Drops the events named (case-insensitively), or all with null; answers how many were dropped. */
    public int reset(String event) {
        synchronized (events) {
            if (event == null) {
                int count = events.size();
                events.clear();
                return count;
            }
            int before = events.size();
            events.keySet().removeIf(name -> name.toLowerCase(Locale.ROOT).equals(event.toLowerCase(Locale.ROOT)));
            return before - events.size();
        }
    }
}
