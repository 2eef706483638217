package io.redactor.actors.command;

/** Redis 7 command flags, as reported by COMMAND INFO (lower-case names). */
public enum CommandFlag {
    WRITE,
    READONLY,
    DENYOOM,
    MODULE,
    ADMIN,
    PUBSUB,
    NOSCRIPT,
    BLOCKING,
    LOADING,
    STALE,
    SKIP_MONITOR,
    SKIP_SLOWLOG,
    ASKING,
    FAST,
    NO_AUTH,
    MAY_REPLICATE,
    SENTINEL,
    ONLY_SENTINEL,
    NO_MANDATORY_KEYS,
    PROTECTED,
    NO_ASYNC_LOADING,
    NO_MULTI,
    MOVABLE_KEYS,
    ALLOW_BUSY;

    public String redisName() {
        return this == MOVABLE_KEYS ? "movablekeys" : name().toLowerCase(java.util.Locale.ROOT);
    }
}
