package io.redactor.actors.node.config;

/**
 * A value a parameter cannot take. The message is Redis's reason, as it follows
 * {@code "CONFIG SET failed (possibly related to argument 'name') - "} in the error reply.
 */
public final class ConfigValueException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConfigValueException(String reason) {
        super(reason, null, false, false);
    }
}
