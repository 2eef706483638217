package io.redactor.core.rdb;

/**
 * The bytes are not a value Redis 7.0.15 would load (RESTORE's "Bad data format"): truncated or malformed data,
 * an encoding whose structure does not check out, duplicate members, a NaN score, an unknown type, or an empty
 * collection ({@link #emptyValue()}: Redis refuses those too, but skips them with a warning when loading an RDB
 * file rather than failing the whole load).
 */
public final class RdbBadDataException extends RdbReadException {
    private static final long serialVersionUID = 1L;

    private final boolean emptyValue;

    RdbBadDataException(String message) {
        this(message, false);
    }

    private RdbBadDataException(String message, boolean emptyValue) {
        super(message);
        this.emptyValue = emptyValue;
    }

    static RdbBadDataException empty(int type) {
        return new RdbBadDataException("empty " + RdbType.describe(type), true);
    }

    /** Whether the value was well-formed but empty (Redis's {@code RDB_LOAD_ERR_EMPTY_KEY}). */
    public boolean emptyValue() {
        return emptyValue;
    }
}
