package io.redactor.persistence.aof;

import java.util.Locale;

/** Redis's {@code appendfsync}: when the append-only file is flushed to the disk. */
public enum FsyncPolicy {
    /** After every write, before any reply that depends on it leaves (group commit). */
    ALWAYS,
    /** About once a second, in the background. */
    EVERYSEC,
    /** Never explicitly: the operating system decides. */
    NO;

    public static FsyncPolicy of(String configValue) {
        return valueOf(configValue.toUpperCase(Locale.ROOT));
    }
}
