package io.redactor.actors.node;

/** Versions reported to clients. */
public final class RedactorVersion {
    /** Redactor's own version. */
    public static final String VERSION = "0.1.0";
    /** The Redis version whose behaviour Redactor reproduces, reported where clients look for it. */
    public static final String REDIS_VERSION = "7.0.15";

    private RedactorVersion() {
    }
}
