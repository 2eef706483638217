package io.redactor.actors.node;

/** Versions reported to clients. */
public final class RedactorVersion {
    /** Redactor's own version. */
    public static final String VERSION = "0.1.0";
    /** The Redis version whose behaviour Redactor reproduces, reported where clients look for it. */
    public static final String REDIS_VERSION = "7.0.15";
    /** {@link #REDIS_VERSION} as one number, 0x00MMmmpp (scripts' redis.REDIS_VERSION_NUM). */
    public static final int REDIS_VERSION_NUM = 0x07000f;

    private RedactorVersion() {
    }
}
