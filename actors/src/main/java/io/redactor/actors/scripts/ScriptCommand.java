package io.redactor.actors.scripts;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Placement;
import io.redactor.lua.RedisErrorReply;
import org.luaj.vm2.LuaValue;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * A command a script passed to {@code redis.call}, checked as Redis checks it before running anything: its
 * (sub)command table entry, or the error Redis gives ({@code refusal}). The same for atomic and async scripts.
 */
record ScriptCommand(CommandSpec spec, LuaValue refusal) {
    static final String UNKNOWN_COMMAND = "ERR Unknown Redis command called from script";
    static final String WRONG_ARITY = "ERR Wrong number of args calling Redis command from script";
    static final String NOT_ALLOWED = "ERR This Redis command is not allowed from script";
    static final String WRITE_IN_READ_ONLY = "ERR Write commands are not allowed from read-only scripts.";
    /** Commands Redis 7.0 flags may-replicate: refused in read-only scripts like writes. */
    private static final Set<String> MAY_REPLICATE = Set.of("publish", "spublish", "pfcount");

    static ScriptCommand check(CommandTable table, byte[][] command, boolean readOnly) {
        CommandSpec spec = table.lookup(command[0]);
        if (spec == null) {
            return refused(UNKNOWN_COMMAND);
        }
        if (!spec.arityAccepts(command.length)) {
            return refused(WRONG_ARITY);
        }
        if (spec.placement() instanceof Placement.Container && command.length > 1) {
            spec = subcommand(spec, command);
            if (spec == null) {
                return refused(UNKNOWN_COMMAND);
            }
            if (!spec.arityAccepts(command.length)) {
                return refused(WRONG_ARITY);
            }
        }
        if (spec.has(CommandFlag.NOSCRIPT)) {
            return refused(NOT_ALLOWED);
        }
        if ((spec.has(CommandFlag.WRITE) || MAY_REPLICATE.contains(spec.fullName())) && readOnly) {
            return refused(WRITE_IN_READ_ONLY);
        }
        return new ScriptCommand(spec, null);
    }

    /** redis.acl_check_cmd's question: does the server have this command (and subcommand)? */
    static boolean known(CommandTable table, byte[][] command) {
        CommandSpec spec = table.lookup(command[0]);
        return spec != null && (!(spec.placement() instanceof Placement.Container) || command.length < 2
                || subcommand(spec, command) != null);
    }

    private static CommandSpec subcommand(CommandSpec container, byte[][] command) {
        return container.subcommand(new String(command[1], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
    }

    private static ScriptCommand refused(String error) {
        return new ScriptCommand(null, RedisErrorReply.of(error));
    }

    boolean writes() {
        return spec.has(CommandFlag.WRITE);
    }

    boolean isSelect() {
        return spec.fullName().equals("select");
    }
}
