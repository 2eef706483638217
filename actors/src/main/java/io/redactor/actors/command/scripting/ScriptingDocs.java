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

    static final CommandDoc EVAL = doc("Execute a Lua script server side", "2.6.0", "scripting", DEPENDS)
            .args(string("script"), integer("numkeys"), key("key", 0).optional().multiple(),
                    string("arg").optional().multiple());

    static final CommandDoc EVALSHA = doc("Execute a Lua script server side", "2.6.0", "scripting", DEPENDS)
            .args(string("sha1"), integer("numkeys"), key("key", 0).optional().multiple(),
                    string("arg").optional().multiple());

    static final CommandDoc EVAL_RO = doc("Execute a read-only Lua script server side", "7.0.0", "scripting", DEPENDS)
            .args(string("script"), integer("numkeys"), key("key", 0).optional().multiple(),
                    string("arg").optional().multiple());

    static final CommandDoc EVALSHA_RO = doc("Execute a read-only Lua script server side", "7.0.0", "scripting",
            DEPENDS)
            .args(string("sha1"), integer("numkeys"), key("key", 0).optional().multiple(),
                    string("arg").optional().multiple());

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
}
