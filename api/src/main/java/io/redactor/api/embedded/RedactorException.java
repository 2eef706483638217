package io.redactor.api.embedded;

/** A Redis error reply seen through the Java API: {@link #code()} is "ERR", "WRONGTYPE", "BUSY", ... */
public final class RedactorException extends RuntimeException {
    private final String code;

    public RedactorException(String errorReply) {
        super(errorReply);
        int space = errorReply.indexOf(' ');
        this.code = space < 0 ? errorReply : errorReply.substring(0, space);
    }

    public String code() {
        return code;
    }
}
