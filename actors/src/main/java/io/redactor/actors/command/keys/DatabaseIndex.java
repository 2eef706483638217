package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.Keyspace;

/** A database number argument (SELECT, MOVE, COPY ... DB), parsed and checked with Redis's error replies. */
public final class DatabaseIndex {
    private static final CommandError OUT_OF_INT_RANGE = new CommandError(Errors.err(
            "value is out of range, value must between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE));
    private static final CommandError OUT_OF_RANGE = new CommandError(Errors.DB_INDEX_OUT_OF_RANGE);

    private DatabaseIndex() {
    }

    /**
     * Redis reads the number as a C int first (getIntFromObjectOrReply), so an integer beyond 32 bits has its
     * own message, distinct from an index past the last database.
     */
    public static int parse(byte[] arg) {
        long value = Arguments.parseLong(arg);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw OUT_OF_INT_RANGE;
        }
        if (value < 0 || value >= Keyspace.DATABASES) {
            throw OUT_OF_RANGE;
        }
        return (int) value;
    }
}
