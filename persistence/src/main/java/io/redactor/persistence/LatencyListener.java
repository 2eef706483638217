package io.redactor.persistence;

/**
 * Where persistence reports how long its blocking file operations took, under the event names of Redis's latency
 * monitor ({@code aof-write}, {@code aof-fsync-always}, {@code rdb-unlink-temp-file}, ...). Called on the thread
 * that did the operation; must be quick.
 */
@FunctionalInterface
public interface LatencyListener {
    LatencyListener NONE = (event, millis) -> {
    };

    void took(String event, long millis);
}
