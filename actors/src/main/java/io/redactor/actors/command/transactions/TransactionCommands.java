package io.redactor.actors.command.transactions;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ALLOW_BUSY;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.SKIP_SLOWLOG;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/** The transaction commands' table entries: MULTI, EXEC, DISCARD, WATCH, UNWATCH. */
public final class TransactionCommands {
    private TransactionCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("multi", 1).flags(NOSCRIPT, LOADING, STALE, FAST, ALLOW_BUSY).acl("transaction")
                        .doc(TransactionDocs.MULTI).runsAtClient(MultiCommands::multi).build(),
                command("exec", 1).flags(NOSCRIPT, LOADING, STALE, SKIP_SLOWLOG).acl("transaction")
                        .doc(TransactionDocs.EXEC).runsAtClientAsync(ExecCommand::exec).build(),
                command("discard", 1).flags(NOSCRIPT, LOADING, STALE, FAST, ALLOW_BUSY).acl("transaction")
                        .doc(TransactionDocs.DISCARD).runsAtClient(MultiCommands::discard).build(),
                command("watch", -2).flags(NOSCRIPT, LOADING, STALE, FAST, ALLOW_BUSY).acl("transaction")
                        .keys(1, -1, 1).keySpecs(KeySpec.range(1, -1, 1, "RO")).doc(TransactionDocs.WATCH)
                        .runsAtKeys(MultiCommands::watch).build(),
                command("unwatch", 1).flags(NOSCRIPT, LOADING, STALE, FAST, ALLOW_BUSY).acl("transaction")
                        .doc(TransactionDocs.UNWATCH).runsAtClient(MultiCommands::unwatch).build());
    }
}
