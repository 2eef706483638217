package io.redactor.actors.durability;

import io.redactor.actors.node.RedactorVersion;
import io.redactor.persistence.aof.AofBaseSink;
import io.redactor.persistence.rdb.RdbFileSink;
import io.redactor.persistence.snapshot.SnapshotSink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which format a snapshot is written in: RDB for {@code SAVE}/{@code BGSAVE} and for AOF bases with an RDB
 * preamble ({@code aof-use-rdb-preamble yes}, the default), commands for AOF bases without one.
 */
final class SnapshotFormats {
    private SnapshotFormats() {
    }

    static SnapshotSink sink(PersistenceSettings settings, Path path, List<byte[]> libraries, boolean aofBase)
            throws IOException {
        if (aofBase && !settings.rdbPreamble()) {
            return new AofBaseSink(path, libraries, settings.timestamps());
        }
        return new RdbFileSink(path, aux(aofBase), libraries, settings.rdbCompression(), settings.rdbChecksum());
    }

    /** Redis 7.0's aux fields, and Redactor's version (loaders skip fields they do not know). */
    private static Map<String, String> aux(boolean aofBase) {
        Map<String, String> aux = new LinkedHashMap<>();
        aux.put("redis-ver", RedactorVersion.REDIS_VERSION);
        aux.put("redis-bits", "64");
        aux.put("ctime", Long.toString(System.currentTimeMillis() / 1000));
        aux.put("used-mem", Long.toString(Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()));
        aux.put("aof-base", aofBase ? "1" : "0");
        aux.put("redactor-ver", RedactorVersion.VERSION);
        return aux;
    }

    static EntryEncoder encoder(PersistenceSettings settings, boolean aofBase) {
        if (aofBase && !settings.rdbPreamble()) {
            return new CommandEntryEncoder();
        }
        return new RdbEntryEncoder(settings.rdbCompression(), (int) settings.config().listMaxListpackSize());
    }
}
