package io.redactor.core.rdb;

/**
 * Why a value could not be read: its bytes are not a valid value ({@link RdbBadDataException}), or it is of a type
 * Redactor does not support ({@link RdbUnsupportedTypeException}). It has no stack trace: its message says what
 * was wrong, and hostile input may throw many of them.
 */
public abstract sealed class RdbReadException extends Exception
        permits RdbBadDataException, RdbUnsupportedTypeException {
    private static final long serialVersionUID = 1L;

    RdbReadException(String message) {
        super(message, null, false, false);
    }
}
