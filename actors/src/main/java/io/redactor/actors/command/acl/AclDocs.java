package io.redactor.actors.command.acl;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for ACL and its subcommands, as Redis 7.0 documents them. */
final class AclDocs {
    static final CommandDoc ACL = doc("A container for Access List Control commands ", "6.0.0", "server",
            "Depends on subcommand.");

    static final CommandDoc ACL_CAT = doc("List the ACL categories or the commands inside a category", "6.0.0",
            "server", "O(1) since the categories and commands are a fixed set.")
            .args(string("categoryname").optional());

    static final CommandDoc ACL_DELUSER = doc("Remove the specified ACL users and the associated rules", "6.0.0",
            "server", "O(1) amortized time considering the typical user.")
            .args(string("username").multiple());

    static final CommandDoc ACL_DRYRUN = doc(
            "Returns whether the user can execute the given command without executing the command.", "7.0.0",
            "server", "O(1).")
            .args(string("username"), string("command"), string("arg").optional().multiple());

    static final CommandDoc ACL_GENPASS = doc("Generate a pseudorandom secure password to use for ACL users", "6.0.0",
            "server", "O(1)")
            .args(integer("bits").optional());

    static final CommandDoc ACL_GETUSER = doc("Get the rules for a specific ACL user", "6.0.0", "server",
            "O(N). Where N is the number of password, command and pattern rules that the user has.")
            .history("6.2.0", "Added Pub/Sub channel patterns.")
            .history("7.0.0", "Added selectors and changed the format of key and channel patterns from a list to their "
                    + "rule representation.")
            .args(string("username"));

    static final CommandDoc ACL_HELP = doc("Show helpful text about the different subcommands", "6.0.0", "server",
            "O(1)");

    static final CommandDoc ACL_LIST = doc("List the current ACL rules in ACL config file format", "6.0.0", "server",
            "O(N). Where N is the number of configured users.");

    static final CommandDoc ACL_LOAD = doc("Reload the ACLs from the configured ACL file", "6.0.0", "server",
            "O(N). Where N is the number of configured users.");

    static final CommandDoc ACL_LOG = doc("List latest events denied because of ACLs in place", "6.0.0", "server",
            "O(N) with N being the number of entries shown.")
            .args(oneOf("operation", integer("count"), pureToken("reset", "RESET")).optional());

    static final CommandDoc ACL_SAVE = doc("Save the current ACL rules in the configured ACL file", "6.0.0", "server",
            "O(N). Where N is the number of configured users.");

    static final CommandDoc ACL_SETUSER = doc("Modify or create the rules for a specific ACL user", "6.0.0", "server",
            "O(N). Where N is the number of rules provided.")
            .history("6.2.0", "Added Pub/Sub channel patterns.")
            .history("7.0.0", "Added selectors and key based permissions.")
            .args(string("username"), string("rule").optional().multiple());

    static final CommandDoc ACL_USERS = doc("List the username of all the configured ACL rules", "6.0.0", "server",
            "O(N). Where N is the number of configured users.");

    static final CommandDoc ACL_WHOAMI = doc("Return the name of the user associated to the current connection",
            "6.0.0", "server", "O(1)");

    private AclDocs() {
    }
}
