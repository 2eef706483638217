package io.redactor.actors.command.scripting;

import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.node.RedactorVersion;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** COMMAND DOCS of Redactor's own scripting commands (async scripts and script subscriptions). */
final class AsyncScriptingDocs {
    private AsyncScriptingDocs() {
    }

    private static final String SINCE = RedactorVersion.VERSION;
    private static final String DEPENDS = "Depends on the script that is executed.";

    private static CommandDoc.Arg[] callArgs(String what) {
        return new CommandDoc.Arg[] {string(what), integer("numkeys"), key("key", 0).optional().multiple(),
                string("arg").optional().multiple()};
    }

    static final CommandDoc EVALASYNC = doc("Execute a Lua script server side, asynchronously: each command it calls "
            + "is atomic, the script is not", SINCE, "scripting", DEPENDS).args(callArgs("script"));

    static final CommandDoc EVALSHAASYNC = doc("Execute a cached Lua script server side, asynchronously: each command "
            + "it calls is atomic, the script is not", SINCE, "scripting", DEPENDS).args(callArgs("sha1"));

    static final CommandDoc FCALLASYNC = doc("Invoke a function asynchronously: each command it calls is atomic, the "
            + "function is not", SINCE, "scripting", "Depends on the function that is executed.")
            .args(callArgs("function"));

    static final CommandDoc SCRIPT_ASYNC = doc("List the async scripts running and queued, or kill one of them", SINCE,
            "scripting", "O(N) with N being the number of async scripts for LIST, O(1) for KILL")
            .args(oneOf("action", pureToken("list", "LIST"),
                    block("kill", pureToken("kill", "KILL"), integer("id"))));

    static final CommandDoc SCRIPT_SUBSCRIPTIONS = doc("List the script subscriptions (SSUBSCRIBE) with their backlogs "
            + "and counts", SINCE, "scripting", "O(N) with N being the number of script subscriptions");
}
