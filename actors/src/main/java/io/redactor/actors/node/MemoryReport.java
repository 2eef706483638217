package io.redactor.actors.node;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.KeyTable;
import io.redactor.actors.data.Keyspace;

/**
 * What the node's memory is, in Redis's terms (INFO memory, MEMORY STATS, MEMORY DOCTOR): {@code used} is the data set
 * (keys, values, expiry, the key tables, as the partitions publish them), the clients' buffers and the script cache;
 * not the JVM heap in use, which also holds garbage and the server's own objects ({@code heap*} figures).
 */
public record MemoryReport(long used, long peak, long startup, long tableOverhead, long clients, long scripts,
                           int cachedScripts, long heapUsed, long heapCommitted, long heapMax, long rss) {

    public static MemoryReport of(NodeServices node) {
        ServerContext server = node.server();
        long data = server.memory().total();
        long clients = 0;
        for (ClientSession session : node.clients().all()) {
            clients += session.endpoint().queryBufferBytes() + session.endpoint().outputBufferBytes();
        }
        long scripts = node.scripts().engine().cachedScriptBytes();
        long used = data + clients + scripts;
        Runtime runtime = Runtime.getRuntime();
        long committed = runtime.totalMemory();
        return new MemoryReport(used, server.memory().peak(used), startup(server.partitions().count()),
                server.memory().overhead(), clients, scripts, node.scripts().engine().cachedScripts(),
                committed - runtime.freeMemory(), committed, runtime.maxMemory(), ProcessMetrics.residentBytes());
    }

    /** What the empty key tables of every partition and database hold: the data set's size before any key. */
    static long startup(int partitions) {
        return (long) partitions * Keyspace.DATABASES * EMPTY_TABLE;
    }

    private static final long EMPTY_TABLE = new KeyTable().memoryBytes();

    /** Everything but the keys and values: the key tables' arrays, client buffers, scripts. */
    public long overhead() {
        return Math.max(startup, tableOverhead) + clients + scripts;
    }

    /** Keys and values. */
    public long dataset() {
        return Math.max(0, used - overhead());
    }

    public double datasetPercent() {
        long net = used - startup;
        return net <= 0 ? 0 : dataset() * 100.0 / net;
    }

    public double peakPercent() {
        return peak == 0 ? 0 : used * 100.0 / peak;
    }

    /** The heap committed per byte of used memory (INFO's mem_fragmentation_ratio). */
    public double fragmentation() {
        return used == 0 ? 0 : (double) heapCommitted / used;
    }
}
