package io.redactor.lua.functions;

import java.util.List;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.lua.Shebang;

/**
 * The arguments of the FUNCTION subcommands and of FCALL/FCALL_RO, read with Redis 7.0's rules and error texts.
 * Each method takes the whole command line as sent ({@code argv[0]} is {@code FUNCTION} or {@code FCALL}) and
 * assumes the command table already checked the arity ({@code FUNCTION LOAD} -3, {@code DELETE} 3, {@code LIST}
 * -2, {@code FLUSH} -2, {@code RESTORE} -3, {@code FCALL} -3).
 */
public final class FunctionArguments {
    /** FUNCTION HELP's lines between the usual header and the usual HELP entry, as Redis 7.0.15 prints them. */
    public static final List<String> HELP = List.of(
            "LOAD [REPLACE] <FUNCTION CODE>",
            "    Create a new library with the given library name and code.",
            "DELETE <LIBRARY NAME>",
            "    Delete the given library.",
            "LIST [LIBRARYNAME PATTERN] [WITHCODE]",
            "    Return general information on all the libraries:",
            "    * Library name",
            "    * The engine used to run the Library",
            "    * Library description",
            "    * Functions list",
            "    * Library code (if WITHCODE is given)",
            "    It also possible to get only function that matches a pattern using LIBRARYNAME argument.",
            "STATS",
            "    Return information about the current function running:",
            "    * Function name",
            "    * Command used to run the function",
            "    * Duration in MS that the function is running",
            "    If no function is running, return nil",
            "    In addition, returns a list of available engines.",
            "KILL",
            "    Kill the current running function.",
            "FLUSH [ASYNC|SYNC]",
            "    Delete all the libraries.",
            "    When called without the optional mode argument, the behavior is determined by the",
            "    lazyfree-lazy-user-flush configuration directive. Valid modes are:",
            "    * ASYNC: Asynchronously flush the libraries.",
            "    * SYNC: Synchronously flush the libraries.",
            "DUMP",
            "    Return a serialized payload representing the current libraries, can be restored using FUNCTION "
                    + "RESTORE command",
            "RESTORE <PAYLOAD> [FLUSH|APPEND|REPLACE]",
            "    Restore the libraries represented by the given payload, it is possible to give a restore policy to",
            "    control how to handle existing libraries (default APPEND):",
            "    * FLUSH: delete all existing libraries.",
            "    * APPEND: appends the restored libraries to the existing libraries. On collision, abort.",
            "    * REPLACE: appends the restored libraries to the existing libraries, On collision, replace the old",
            "      libraries with the new libraries (notice that even on this option there is a chance of failure",
            "      in case of functions name collision with another library).");

    private FunctionArguments() {
    }

    /** FUNCTION LOAD's options and code. */
    public record Load(boolean replace, byte[] code) {
    }

    /**
     * {@code FUNCTION LOAD [REPLACE ...] <code>}: every argument before the last must be REPLACE (any case,
     * repeats allowed); {@code FUNCTION LOAD REPLACE} alone takes REPLACE as the code.
     *
     * @throws FunctionError "ERR Unknown option given: &lt;arg&gt;"
     */
    public static Load load(List<byte[]> argv) {
        boolean replace = false;
        int pos = 2;
        while (pos < argv.size() - 1) {
            byte[] arg = argv.get(pos++);
            if (equalsIgnoringCase(arg, "replace")) {
                replace = true;
                continue;
            }
            throw FunctionError.err(formatted("Unknown option given: " + Shebang.cString(arg)));
        }
        if (pos >= argv.size()) {
            throw FunctionError.err("Function code is missing");
        }
        return new Load(replace, argv.get(pos));
    }

    /** FUNCTION LIST's options: a LIBRARYNAME pattern or null, and WITHCODE. */
    public record ListOptions(byte[] pattern, boolean withCode) {
    }

    /**
     * {@code FUNCTION LIST [LIBRARYNAME pattern] [WITHCODE]}, in either order, each at most once.
     *
     * @throws FunctionError "ERR library name argument was not given", "ERR Unknown argument &lt;arg&gt;"
     */
    public static ListOptions list(List<byte[]> argv) {
        boolean withCode = false;
        byte[] pattern = null;
        for (int i = 2; i < argv.size(); i++) {
            byte[] arg = argv.get(i);
            if (!withCode && equalsIgnoringCase(arg, "withcode")) {
                withCode = true;
                continue;
            }
            if (pattern == null && equalsIgnoringCase(arg, "libraryname")) {
                if (i >= argv.size() - 1) {
                    throw FunctionError.err("library name argument was not given");
                }
                pattern = argv.get(++i);
                continue;
            }
            throw FunctionError.err("Unknown argument " + Shebang.cString(arg));
        }
        return new ListOptions(pattern, withCode);
    }

    /**
     * {@code FUNCTION FLUSH [ASYNC|SYNC]}: whether to flush asynchronously.
     *
     * @param lazyUserFlush the {@code lazyfree-lazy-user-flush} setting, used without an argument
     * @throws FunctionError the subcommand syntax error for extra arguments, "ERR FUNCTION FLUSH only supports
     *                       SYNC|ASYNC option"
     */
    public static boolean flushAsync(List<byte[]> argv, boolean lazyUserFlush) {
        if (argv.size() > 3) {
            throw subcommandSyntaxError(argv);
        }
        if (argv.size() == 2) {
            return lazyUserFlush;
        }
        if (equalsIgnoringCase(argv.get(2), "sync")) {
            return false;
        }
        if (equalsIgnoringCase(argv.get(2), "async")) {
            return true;
        }
        throw FunctionError.err("FUNCTION FLUSH only supports SYNC|ASYNC option");
    }

    /**
     * {@code FUNCTION RESTORE <payload> [FLUSH|APPEND|REPLACE]}: the policy, APPEND when absent.
     *
     * @throws FunctionError the subcommand syntax error for extra arguments, then {@link RestorePolicy#parse}'s
     */
    public static RestorePolicy restorePolicy(List<byte[]> argv) {
        if (argv.size() > 4) {
            throw subcommandSyntaxError(argv);
        }
        return argv.size() == 4 ? RestorePolicy.parse(argv.get(3)) : RestorePolicy.APPEND;
    }

    /**
     * FCALL's {@code numkeys} (argv[2]), checked after the function was found.
     *
     * @throws FunctionError "ERR Bad number of keys provided" (not a canonical integer), "ERR Number of keys can't
     *                       be greater than number of args", "ERR Number of keys can't be negative"
     */
    public static int numKeys(List<byte[]> argv) {
        long n;
        try {
            n = RedisIntegers.parseLong(argv.get(2));
        } catch (NotANumberException e) {
            throw FunctionError.err("Bad number of keys provided");
        }
        if (n > argv.size() - 3) {
            throw FunctionError.err("Number of keys can't be greater than number of args");
        }
        if (n < 0) {
            throw FunctionError.err("Number of keys can't be negative");
        }
        return (int) n;
    }

    /**
     * Redis's {@code addReplySubcommandSyntaxError}: the subcommand as sent, the command upper-cased, e.g.
     * "ERR unknown subcommand or wrong number of arguments for 'flush'. Try FUNCTION HELP."
     */
    static FunctionError subcommandSyntaxError(List<byte[]> argv) {
        String sub = Shebang.cString(argv.get(1));
        if (sub.length() > 128) {
            sub = sub.substring(0, 128);
        }
        char[] command = Shebang.cString(argv.get(0)).toCharArray();
        for (int i = 0; i < command.length; i++) {
            if (command[i] >= 'a' && command[i] <= 'z') {
                command[i] -= 'a' - 'A';
            }
        }
        return FunctionError.err(formatted("unknown subcommand or wrong number of arguments for '" + sub + "'. Try "
                + new String(command) + " HELP."));
    }

    /** What {@code addReplyErrorFormat} does to its text: CR and LF trimmed at the ends, spaces inside. */
    static String formatted(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && isNewline(text.charAt(from))) {
            from++;
        }
        while (to > from && isNewline(text.charAt(to - 1))) {
            to--;
        }
        return text.substring(from, to).replace('\r', ' ').replace('\n', ' ');
    }

    private static boolean isNewline(char c) {
        return c == '\r' || c == '\n';
    }

    private static boolean equalsIgnoringCase(byte[] arg, String word) {
        return FunctionNames.key(Shebang.cString(arg)).equals(word);
    }
}
