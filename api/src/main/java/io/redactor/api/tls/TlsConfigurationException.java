package io.redactor.api.tls;

/** TLS settings that do not make a context: missing or unreadable files, unknown protocols or ciphers. */
public final class TlsConfigurationException extends Exception {
    TlsConfigurationException(String message) {
        super(message);
    }

    TlsConfigurationException(String message, Throwable cause) {
        super(message + ": " + cause.getMessage(), cause);
    }
}
