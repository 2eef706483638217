package io.redactor.actors.command;

import java.util.List;

/**
 * What COMMAND DOCS reports for a command: summary, first version, group, complexity, doc flags,
 * deprecation, history and arguments. Absent parts are null (or empty lists) and are left out of the reply.
 */
public record CommandDoc(String summary, String since, String group, String complexity, List<String> docFlags,
                         String deprecatedSince, String replacedBy, List<History> history, List<Arg> arguments) {
    public static final CommandDoc NONE = new CommandDoc(null, null, null, null, List.of(), null, null, List.of(),
            List.of());

    /** A change of the command in a Redis version. */
    public record History(String version, String change) {
    }

    /**
     * One argument. {@code type} is Redis's argument type ("key", "string", "integer", "double", "pattern",
     * "unix-time", "pure-token", "oneof", "block"); {@code flags} among "optional", "multiple",
     * "multiple_token"; {@code keySpecIndex} is set for keys (-1 otherwise).
     */
    public record Arg(String name, String type, int keySpecIndex, String token, String summary, String since,
                      String deprecatedSince, String displayText, List<String> flags, List<Arg> arguments) {
    }
}
