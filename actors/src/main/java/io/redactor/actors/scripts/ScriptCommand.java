package io.redactor.actors.scripts;

import io.redactor.actors.acl.AclUser;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Placement;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.keys.DatabaseIndex;
import io.redactor.actors.node.ServerContext;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.lua.RedisErrorReply;
import org.luaj.vm2.LuaValue;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * A command a script passed to {@code redis.call}, checked as Redis checks it before running anything: its
 * (sub)command table entry, or the error Redis gives ({@code refusal}), with the entry refused if there is one
 * (counted among its rejected calls, as in Redis). The same for atomic and async scripts.
 */
record ScriptCommand(CommandSpec spec, LuaValue refusal) {
    static final String UNKNOWN_COMMAND = "ERR Unknown Redis command called from script";
    static final String WRONG_ARITY = "ERR Wrong number of args calling Redis command from script";
    static final String NOT_ALLOWED = "ERR This Redis command is not allowed from script";
    static final String WRITE_IN_READ_ONLY = "ERR Write commands are not allowed from read-only scripts.";
    /** Commands Redis 7.0 flags may-replicate: refused in read-only scripts like writes. */
    private static final Set<String> MAY_REPLICATE = Set.of("publish", "spublish", "pfcount");

    /** {@code noscriptAllowed}: DEBUG SET-DISABLE-DENY-SCRIPTS is on, and commands flagged noscript may be called. */
    static ScriptCommand check(CommandTable table, byte[][] command, boolean readOnly, boolean noscriptAllowed) {
        CommandSpec spec = table.lookup(command[0]);
        if (spec == null) {
            return refused(UNKNOWN_COMMAND);
        }
        if (!spec.arityAccepts(command.length)) {
            return refused(WRONG_ARITY, spec);
        }
        if (spec.placement() instanceof Placement.Container && command.length > 1) {
            spec = subcommand(spec, command);
            if (spec == null) {
                return refused(UNKNOWN_COMMAND);
            }
            if (!spec.arityAccepts(command.length)) {
                return refused(WRONG_ARITY, spec);
            }
        }
        if (spec.has(CommandFlag.NOSCRIPT) && !noscriptAllowed) {
            return refused(NOT_ALLOWED, spec);
        }
        if ((spec.has(CommandFlag.WRITE) || MAY_REPLICATE.contains(spec.fullName())) && readOnly) {
            return refused(WRITE_IN_READ_ONLY, spec);
        }
        return new ScriptCommand(spec, null);
    }

    /** redis.acl_check_cmd's question: does the server have this command (and subcommand)? */
    static boolean known(CommandTable table, byte[][] command) {
        CommandSpec spec = table.lookup(command[0]);
        return spec != null && (!(spec.placement() instanceof Placement.Container) || command.length < 2
                || subcommand(spec, command) != null);
    }

    /** redis.acl_check_cmd's answer for a known command: may the caller's user run it (arity is not checked)? */
    static boolean allowed(CommandTable table, byte[][] command, ClientSession caller) {
        AclUser user = caller == null ? null : caller.user();
        if (user == null) {
            return true;
        }
        CommandSpec spec = table.lookup(command[0]);
        if (spec.placement() instanceof Placement.Container && command.length >= 2) {
            spec = subcommand(spec, command);
        }
        return user.check(spec, command) == null;
    }

    private static CommandSpec subcommand(CommandSpec container, byte[][] command) {
        return container.subcommand(new String(command[1], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
    }

    private static ScriptCommand refused(String error) {
        return refused(error, null);
    }

    private static ScriptCommand refused(String error, CommandSpec spec) {
        return new ScriptCommand(spec, RedisErrorReply.of(error));
    }

    /**
     * The refusal, counted as a rejected call of the command refused (if known) and in the error statistics, as
     * Redis counts it; null when it may run.
     */
    LuaValue refusal(ServerContext server) {
        if (refusal != null) {
            server.commandStats().rejected(spec);
            if (refusal instanceof RedisErrorReply error) {
                server.stats().countError(new ErrorReply(error.message()));
            }
        }
        return refusal;
    }

    /**
     * SELECT, as {@link #select(byte[][], IntConsumer)}, counted in the command statistics and, when it fails, in the
     * error statistics, as any command a script calls.
     */
    Reply runSelect(byte[][] command, IntConsumer setDb, ServerContext server) {
        long started = System.nanoTime();
        Reply reply = select(command, setDb);
        server.commandStats().record(spec, System.nanoTime() - started, reply instanceof ErrorReply);
        server.calls().nestedReply(reply);
        return reply;
    }

    /**
     * SELECT inside a script: changes the database of the script's following commands ({@code setDb}), not its
     * caller's.
     */
    static Reply select(byte[][] command, IntConsumer setDb) {
        try {
            setDb.accept(DatabaseIndex.parse(command[1]));
            return SimpleString.OK;
        } catch (CommandError e) {
            return e.reply();
        }
    }

    boolean writes() {
        return spec.has(CommandFlag.WRITE);
    }

    boolean isSelect() {
        return spec.fullName().equals("select");
    }
}
