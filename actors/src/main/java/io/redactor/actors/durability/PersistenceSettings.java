package io.redactor.actors.durability;

import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.persistence.aof.FsyncPolicy;

import java.nio.file.Path;

/** The persistence parameters of Redis's configuration, read when needed (they change with CONFIG SET). */
final class PersistenceSettings {
    private final RuntimeConfig config;

    PersistenceSettings(RuntimeConfig config) {
        this.config = config;
    }

    RuntimeConfig config() {
        return config;
    }

    Path dir() {
        return Path.of(config.get("dir"));
    }

    Path rdbFile() {
        return dir().resolve(config.get("dbfilename"));
    }

    Path aofDir() {
        return dir().resolve(config.get("appenddirname"));
    }

    String appendFilename() {
        return config.get("appendfilename");
    }

    boolean appendOnly() {
        return yes("appendonly");
    }

    FsyncPolicy fsync() {
        return FsyncPolicy.of(config.get("appendfsync"));
    }

    boolean loadTruncated() {
        return yes("aof-load-truncated");
    }

    boolean rdbPreamble() {
        return yes("aof-use-rdb-preamble");
    }

    boolean timestamps() {
        return yes("aof-timestamp-enabled");
    }

    boolean noFsyncOnRewrite() {
        return yes("no-appendfsync-on-rewrite");
    }

    boolean rdbCompression() {
        return yes("rdbcompression");
    }

    boolean rdbChecksum() {
        return yes("rdbchecksum");
    }

    boolean stopWritesOnBgsaveError() {
        return yes("stop-writes-on-bgsave-error");
    }

    /** {@code save}: pairs of seconds and changes; empty when snapshots are off. */
    long[] savePoints() {
        String text = config.get("save").trim();
        if (text.isEmpty()) {
            return new long[0];
        }
        String[] parts = text.split(" ");
        long[] points = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            points[i] = Long.parseLong(parts[i]);
        }
        return points;
    }

    long autoRewritePercentage() {
        return Long.parseLong(config.get("auto-aof-rewrite-percentage"));
    }

    long autoRewriteMinSize() {
        return Long.parseLong(config.get("auto-aof-rewrite-min-size"));
    }

    private boolean yes(String name) {
        return "yes".equals(config.get(name));
    }
}
