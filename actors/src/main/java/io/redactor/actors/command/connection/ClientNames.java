package io.redactor.actors.command.connection;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;

import java.nio.charset.StandardCharsets;

/** Client names are printable ASCII without spaces, so that CLIENT LIST stays parseable. */
final class ClientNames {
    private static final CommandError INVALID =
            new CommandError(Errors.err("Client names cannot contain spaces, newlines or special characters."));

    private ClientNames() {
    }

    static String validate(byte[] name) {
        for (byte b : name) {
            if (b < '!' || b > '~') {
                throw INVALID;
            }
        }
        return new String(name, StandardCharsets.US_ASCII);
    }
}
