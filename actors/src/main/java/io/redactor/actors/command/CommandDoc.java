package io.redactor.actors.command;

import java.util.ArrayList;
import java.util.List;

/**
 * What COMMAND DOCS reports for a command: summary, first version, group, complexity, doc flags,
 * deprecation, history and arguments. Absent parts are null (or empty lists) and are left out of the reply.
 *
 * <p>Written declaratively: {@code doc("Get the value of a key", "1.0.0", "string", "O(1)").args(key("key", 0))};
 * each call returns a new value.
 */
public record CommandDoc(String summary, String since, String group, String complexity, List<String> docFlags,
                         String deprecatedSince, String replacedBy, List<History> history, List<Arg> arguments) {
    public static final CommandDoc NONE = new CommandDoc(null, null, null, null, List.of(), null, null, List.of(),
            List.of());

    public CommandDoc {
        docFlags = List.copyOf(docFlags);
        history = List.copyOf(history);
        arguments = List.copyOf(arguments);
    }

    public static CommandDoc doc(String summary, String since, String group, String complexity) {
        return new CommandDoc(summary, since, group, complexity, List.of(), null, null, List.of(), List.of());
    }

    /** Adds a change of the command in a Redis version (in the order Redis lists them). */
    public CommandDoc history(String version, String change) {
        return new CommandDoc(summary, since, group, complexity, docFlags, deprecatedSince, replacedBy,
                appended(history, new History(version, change)), arguments);
    }

    /** Marks the command deprecated (doc flag "deprecated"). */
    public CommandDoc deprecated(String sinceVersion, String replacement) {
        return new CommandDoc(summary, since, group, complexity, appended(docFlags, "deprecated"), sinceVersion,
                replacement, history, arguments);
    }

    /** Marks the command as one of Redis's system commands (doc flag "syscmd": DEBUG). */
    public CommandDoc systemCommand() {
        return new CommandDoc(summary, since, group, complexity, appended(docFlags, "syscmd"), deprecatedSince,
                replacedBy, history, arguments);
    }

    public CommandDoc args(Arg... values) {
        return new CommandDoc(summary, since, group, complexity, docFlags, deprecatedSince, replacedBy, history,
                List.of(values));
    }

    public static Arg key(String name, int keySpecIndex) {
        return Arg.of(name, "key").keySpecIndex(keySpecIndex);
    }

    public static Arg string(String name) {
        return Arg.of(name, "string");
    }

    public static Arg integer(String name) {
        return Arg.of(name, "integer");
    }

    /** An argument of Redis type "double". */
    public static Arg decimal(String name) {
        return Arg.of(name, "double");
    }

    public static Arg pattern(String name) {
        return Arg.of(name, "pattern");
    }

    public static Arg unixTime(String name) {
        return Arg.of(name, "unix-time");
    }

    /** A token that stands alone (Redis type "pure-token"). */
    public static Arg pureToken(String name, String token) {
        return Arg.of(name, "pure-token").token(token);
    }

    /** Exactly one of {@code choices}. */
    public static Arg oneOf(String name, Arg... choices) {
        return Arg.of(name, "oneof").withArguments(choices);
    }

    /** {@code parts} together, in this order. */
    public static Arg block(String name, Arg... parts) {
        return Arg.of(name, "block").withArguments(parts);
    }

    private static <T> List<T> appended(List<T> list, T item) {
        List<T> result = new ArrayList<>(list);
        result.add(item);
        return result;
    }

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
        public Arg {
            flags = List.copyOf(flags);
            arguments = List.copyOf(arguments);
        }

        static Arg of(String name, String type) {
            return new Arg(name, type, -1, null, null, null, null, null, List.of(), List.of());
        }

        public Arg keySpecIndex(int index) {
            return new Arg(name, type, index, token, summary, since, deprecatedSince, displayText, flags, arguments);
        }

        Arg withArguments(Arg... values) {
            return new Arg(name, type, keySpecIndex, token, summary, since, deprecatedSince, displayText, flags,
                    List.of(values));
        }

        /** The token that precedes the argument ("EX" of "EX seconds"). */
        public Arg token(String value) {
            return new Arg(name, type, keySpecIndex, value, summary, since, deprecatedSince, displayText, flags,
                    arguments);
        }

        public Arg summary(String value) {
            return new Arg(name, type, keySpecIndex, token, value, since, deprecatedSince, displayText, flags,
                    arguments);
        }

        /** The Redis version that added the argument. */
        public Arg since(String version) {
            return new Arg(name, type, keySpecIndex, token, summary, version, deprecatedSince, displayText, flags,
                    arguments);
        }

        public Arg deprecatedSince(String version) {
            return new Arg(name, type, keySpecIndex, token, summary, since, version, displayText, flags, arguments);
        }

        public Arg optional() {
            return flag("optional");
        }

        public Arg multiple() {
            return flag("multiple");
        }

        /** Each repetition of a multiple argument repeats its token too (SORT's GET pattern GET pattern). */
        public Arg multipleToken() {
            return flag("multiple_token");
        }

        private Arg flag(String value) {
            return new Arg(name, type, keySpecIndex, token, summary, since, deprecatedSince, displayText,
                    appended(flags, value), arguments);
        }
    }
}
