package io.redactor.actors.command.acl;

import io.redactor.actors.command.CommandSpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.SENTINEL;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/** The ACL command's table entry and its subcommands, flagged as in Redis 7.0. */
public final class AclCommands {
    private AclCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(command("acl", -2).flags(SENTINEL).doc(AclDocs.ACL).subcommands(
                subcommand("cat", -2).doc(AclDocs.ACL_CAT)
                        .runsAtClient(AclSubcommands::cat),
                subcommand("deluser", -3).flags(ADMIN).doc(AclDocs.ACL_DELUSER)
                        .runsAtClient(AclSubcommands::deluser),
                subcommand("dryrun", -4).flags(ADMIN).doc(AclDocs.ACL_DRYRUN)
                        .runsAtClient(AclSubcommands::dryrun),
                subcommand("genpass", -2).doc(AclDocs.ACL_GENPASS).runsAtClient(AclSubcommands::genpass),
                subcommand("getuser", 3).flags(ADMIN).doc(AclDocs.ACL_GETUSER)
                        .runsAtClient(AclSubcommands::getuser),
                command("help", 2).flags(LOADING, STALE, SENTINEL).doc(AclDocs.ACL_HELP)
                        .runsAtClient(AclSubcommands::help),
                subcommand("list", 2).flags(ADMIN).doc(AclDocs.ACL_LIST).runsAtClient(AclSubcommands::list),
                subcommand("load", 2).flags(ADMIN).doc(AclDocs.ACL_LOAD).runsAtClient(AclSubcommands::load),
                subcommand("log", -2).flags(ADMIN).doc(AclDocs.ACL_LOG).runsAtClient(AclSubcommands::log),
                subcommand("save", 2).flags(ADMIN).doc(AclDocs.ACL_SAVE).runsAtClient(AclSubcommands::save),
                subcommand("setuser", -3).flags(ADMIN).doc(AclDocs.ACL_SETUSER)
                        .runsAtClient(AclSubcommands::setuser),
                subcommand("users", 2).flags(ADMIN).doc(AclDocs.ACL_USERS).runsAtClient(AclSubcommands::users),
                subcommand("whoami", 2).doc(AclDocs.ACL_WHOAMI).runsAtClient(AclSubcommands::whoami)).build());
    }

    /** Every ACL subcommand but HELP: no scripts, and served while loading or stale. */
    private static CommandSpec.Builder subcommand(String name, int arity) {
        return command(name, arity).flags(NOSCRIPT, LOADING, STALE, SENTINEL);
    }
}
