package io.redactor.core.rdb;

/** A value of a type Redis 7.0 knows but Redactor does not read yet: streams (15, 19) and module values (6, 7). */
public final class RdbUnsupportedTypeException extends RdbReadException {
    private static final long serialVersionUID = 1L;

    private final int type;

    RdbUnsupportedTypeException(int type) {
        super("unsupported type " + type + " (" + RdbType.describe(type) + ")");
        this.type = type;
    }

    /** The RDB type byte. */
    public int type() {
        return type;
    }
}
