package io.redactor.core.number;

/**
 * Thrown by the number parsers of this package when the input is not a valid number.
 *
 * <p>Parse failures are ordinary control flow on the command path (for example {@code INCR} on a
 * non-numeric value), so the exception carries no stack trace, no suppressed exceptions and no
 * per-failure state: always throw and catch {@link #INSTANCE}, which makes a failure cost nothing.
 */
public final class NotANumberException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The only instance; it is immutable, so sharing it between threads is safe. */
    public static final NotANumberException INSTANCE = new NotANumberException();

    private NotANumberException() {
        super("not a number", null, false, false);
    }
}
