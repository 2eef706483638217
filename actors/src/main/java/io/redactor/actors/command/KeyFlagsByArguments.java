package io.redactor.actors.command;

import java.util.List;

/**
 * Key flags that depend on a command's arguments (key specs flagged {@code variable_flags}): COMMAND
 * GETKEYSANDFLAGS reports what the actual arguments do, as Redis's getkeys procedures do, not the spec's
 * worst case.
 */
public final class KeyFlagsByArguments {
    private static final List<String> SET_WITH_GET = List.of("RW", "access", "update");
    private static final List<String> SET_WITHOUT_GET = List.of("OW", "update");

    private KeyFlagsByArguments() {
    }

    /** The flags of the key found for {@code command}, or {@code specFlags} when they do not vary. */
    public static List<String> flags(String command, byte[][] args, List<String> specFlags) {
        if (!specFlags.contains("variable_flags")) {
            return specFlags;
        }
        if (command.equals("set")) {
            // SET reads the old value only with GET, which may come anywhere after the value.
            for (int i = 3; i < args.length; i++) {
                if (Arguments.is(args[i], "get")) {
                    return SET_WITH_GET;
                }
            }
            return SET_WITHOUT_GET;
        }
        return specFlags;
    }
}
