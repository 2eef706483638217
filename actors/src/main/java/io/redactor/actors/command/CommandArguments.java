package io.redactor.actors.command;

/** The arguments of a running command, name first as in Redis, with the accessors handlers use. */
public interface CommandArguments {
    CommandSpec spec();

    byte[][] args();

    /** The name for error messages, as Redis prints it ("set", "config|get"). */
    default String name() {
        return spec().fullName();
    }

    default int argc() {
        return args().length;
    }

    default byte[] arg(int index) {
        return args()[index];
    }
}
