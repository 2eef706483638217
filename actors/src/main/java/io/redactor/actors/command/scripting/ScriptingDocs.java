package io.redactor.actors.command.scripting;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** COMMAND DOCS of the scripting commands, as Redis 7.0 reports them. */
final class ScriptingDocs {
    private ScriptingDocs() {
    }

    private static final String DEPENDS = "Depends on the script that is executed.";

    /** EVAL's and FCALL's arguments: what to run ({@code script}, {@code sha1}, {@code function}), then numkeys. */
    private static CommandDoc.Arg[] callArgs(String what) {
        return new CommandDoc.Arg[] {string(what), integer("numkeys"), key("key", 0).optional().multiple(),
                string("arg").optional().multiple()};
    }

    static final CommandDoc EVAL = doc("Execute a Lua script server side", "2.6.0", "scripting", DEPENDS)
            .args(callArgs("script"));

    static final CommandDoc EVALSHA = doc("Execute a Lua script server side", "2.6.0", "scripting", DEPENDS)
            .args(callArgs("sha1"));

    static final CommandDoc EVAL_RO = doc("Execute a read-only Lua script server side", "7.0.0", "scripting", DEPENDS)
            .args(callArgs("script"));

    static final CommandDoc EVALSHA_RO = doc("Execute a read-only Lua script server side", "7.0.0", "scripting",
            DEPENDS)
            .args(callArgs("sha1"));

    static final CommandDoc SCRIPT = doc("A container for Lua scripts management commands", "2.6.0", "scripting",
            "Depends on subcommand.");

    static final CommandDoc SCRIPT_EXISTS = doc("Check existence of scripts in the script cache.", "2.6.0",
            "scripting", "O(N) with N being the number of scripts to check (so checking a single script is an O(1) "
                    + "operation).")
            .args(string("sha1").multiple());

    static final CommandDoc SCRIPT_HELP = doc("Show helpful text about the different subcommands", "5.0.0",
            "scripting", "O(1)");

    static final CommandDoc SCRIPT_FLUSH = doc("Remove all the scripts from the script cache.", "2.6.0", "scripting",
            "O(N) with N being the number of scripts in cache")
            .history("6.2.0", "Added the `ASYNC` and `SYNC` flushing mode modifiers.")
            .args(oneOf("async", pureToken("async", "ASYNC"), pureToken("sync", "SYNC")).since("6.2.0").optional());

    static final CommandDoc SCRIPT_LOAD = doc("Load the specified Lua script into the script cache.", "2.6.0",
            "scripting", "O(N) with N being the length in bytes of the script body.")
            .args(string("script"));

    static final CommandDoc SCRIPT_KILL = doc("Kill the script currently in execution.", "2.6.0", "scripting", "O(1)");
    private static final String DEPENDS_ON_FUNCTION = "Depends on the function that is executed.";

    static final CommandDoc FCALL = doc("Invoke a function", "7.0.0", "scripting", DEPENDS_ON_FUNCTION)
            .args(callArgs("function"));

    static final CommandDoc FCALL_RO = doc("Invoke a read-only function", "7.0.0", "scripting", DEPENDS_ON_FUNCTION)
            .args(callArgs("function"));

    static final CommandDoc FUNCTION = doc("A container for function commands", "7.0.0", "scripting",
            "Depends on subcommand.");

    static final CommandDoc FUNCTION_KILL = doc("Kill the function currently in execution.", "7.0.0", "scripting",
            "O(1)");

    static final CommandDoc FUNCTION_LOAD = doc("Create a function with the given arguments (name, code, description)",
            "7.0.0", "scripting", "O(1) (considering compilation time is redundant)")
            .args(pureToken("replace", "REPLACE").optional(), string("function-code"));

    static final CommandDoc FUNCTION_FLUSH = doc("Deleting all functions", "7.0.0", "scripting",
            "O(N) where N is the number of functions deleted")
            .args(oneOf("async", pureToken("async", "ASYNC"), pureToken("sync", "SYNC")).optional());

    static final CommandDoc FUNCTION_DUMP = doc("Dump all functions into a serialized binary payload", "7.0.0",
            "scripting", "O(N) where N is the number of functions");

    static final CommandDoc FUNCTION_STATS = doc(
            "Return information about the function currently running (name, description, duration)", "7.0.0",
            "scripting", "O(1)");

    static final CommandDoc FUNCTION_HELP = doc("Show helpful text about the different subcommands", "7.0.0",
            "scripting", "O(1)");

    static final CommandDoc FUNCTION_RESTORE = doc("Restore all the functions on the given payload", "7.0.0",
            "scripting", "O(N) where N is the number of functions on the payload")
            .args(string("serialized-value"), oneOf("policy", pureToken("flush", "FLUSH"),
                    pureToken("append", "APPEND"), pureToken("replace", "REPLACE")).optional());

    static final CommandDoc FUNCTION_DELETE = doc("Delete a function by name", "7.0.0", "scripting", "O(1)")
            .args(string("library-name"));

    static final CommandDoc FUNCTION_LIST = doc("List information about all the functions", "7.0.0", "scripting",
            "O(N) where N is the number of functions")
            .args(string("library-name-pattern").token("LIBRARYNAME").optional(),
                    pureToken("withcode", "WITHCODE").optional());
}
