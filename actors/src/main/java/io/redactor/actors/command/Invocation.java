package io.redactor.actors.command;

/**
 * A command ready to run at its data: its (sub)command table entry, its arguments (argument 0 is the
 * command name, as in Redis), and the database the client had selected when it was sent.
 */
public record Invocation(CommandSpec spec, byte[][] args, int db) {
}
