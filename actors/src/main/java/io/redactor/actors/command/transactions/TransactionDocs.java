package io.redactor.actors.command.transactions;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.key;

/** COMMAND DOCS of the transaction commands, as Redis 7.0 reports them. */
final class TransactionDocs {
    private TransactionDocs() {
    }

    static final CommandDoc MULTI = doc("Mark the start of a transaction block", "1.2.0", "transactions", "O(1)");

    static final CommandDoc EXEC = doc("Execute all commands issued after MULTI", "1.2.0", "transactions",
            "Depends on commands in the transaction");

    static final CommandDoc DISCARD = doc("Discard all commands issued after MULTI", "2.0.0", "transactions",
            "O(N), when N is the number of queued commands");

    static final CommandDoc WATCH = doc("Watch the given keys to determine execution of the MULTI/EXEC block",
            "2.2.0", "transactions", "O(1) for every key.")
            .args(key("key", 0).multiple());

    static final CommandDoc UNWATCH = doc("Forget about all watched keys", "2.2.0", "transactions", "O(1)");
}
