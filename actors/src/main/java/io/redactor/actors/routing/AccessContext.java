package io.redactor.actors.routing;

import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.Denial;
import io.redactor.core.reply.ErrorReply;

/** Where a command is checked against its user's ACL rules, which decides Redis's refusal text and log context. */
enum AccessContext {
    /** Sent by the client (in MULTI too: queued commands are checked as they come). */
    TOPLEVEL("toplevel"),
    /** Called by a script for its caller. */
    SCRIPT("lua"),
    /** Run by EXEC, checked again in case the rules changed since it was queued. */
    EXEC("multi");

    private final String logName;

    AccessContext(String logName) {
        this.logName = logName;
    }

    String logName() {
        return logName;
    }

    /** The refusal of a script call or of a command at EXEC; top-level refusals depend on more (see the router). */
    ErrorReply refusal(Denial denial) {
        if (this == SCRIPT) {
            return AccessControl.noPermissionInScript(denial);
        }
        return new ErrorReply("NOPERM ACLs rules changed between the moment the transaction was accumulated and the "
                + "EXEC call. This command is no longer allowed for the following reason: " + switch (denial.reason()) {
                    case COMMAND -> "no permission to execute the command or subcommand";
                    case KEY -> "no permission to touch the specified keys";
                    case CHANNEL -> "no permission to access one of the channels used as arguments";
                });
    }
}
