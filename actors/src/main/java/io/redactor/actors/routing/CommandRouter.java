package io.redactor.actors.routing;

import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.acl.Denial;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.command.Placement;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.ErrorReply;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/** Resolves a received command to its table entry and decides where it runs. Stateless and thread-safe. */
public final class CommandRouter {
    private static final int QUOTED_ARGS_LIMIT = 128;

    private final CommandTable table;
    private final PartitionMap partitions;
    private final int[] allPartitions;
    private static final ErrorReply NO_AUTH = new ErrorReply("NOAUTH Authentication required.");

    private final Admission admission;
    /** Null when nothing is access-controlled (tests of routing alone). */
    private final AccessControl access;

    public CommandRouter(CommandTable table, PartitionMap partitions) {
        this(table, partitions, Admission.OPEN, null);
    }

    public CommandRouter(CommandTable table, PartitionMap partitions, Admission admission, AccessControl access) {
        this.table = table;
        this.partitions = partitions;
        this.admission = admission;
        this.access = access;
        this.allPartitions = new int[partitions.count()];
        Arrays.setAll(allPartitions, i -> i);
    }

    public CommandTable table() {
        return table;
    }

    /** Every partition, ascending. */
    public int[] allPartitions() {
        return allPartitions.clone();
    }

    /** {@code args} is the whole command, name first; {@code client} sends it (null for internal work). */
    public Route route(byte[][] args, ClientSession client) {
        return route(args, client == null ? 0 : client.db(), client);
    }

    public Route route(byte[][] args, int db, ClientSession client) {
        return route(args, db, client, AccessContext.TOPLEVEL);
    }

    /**
     * A command a script calls ({@code redis.call}) for {@code client}, the script's caller: refused with the script
     * texts of Redis when the caller's user may not run it.
     */
    public Route routeFromScript(byte[][] args, int db, ClientSession client) {
        return route(args, db, client, AccessContext.SCRIPT);
    }

    /**
     * As {@link #routeFromScript(byte[][], int, ClientSession)}; {@code checkMemory} false for a script whose commands
     * Redis does not refuse for memory (see {@link ScriptOomExemption}).
     */
    public Route routeFromScript(byte[][] args, int db, ClientSession client, boolean checkMemory) {
        return checkMemory ? routeFromScript(args, db, client)
                : ScriptOomExemption.unchecked(() -> routeFromScript(args, db, client));
    }

    /**
     * The node's refusal of a command like {@code spec} now (loading, out of memory, a failing disk, ...), or null:
     * for what stands in for a command, such as a script's declared flags for its EVAL.
     */
    public ErrorReply admission(CommandSpec spec, ClientSession client) {
        return admission.refusal(spec, client);
    }

    /** A command EXEC runs, queued earlier: checked again, since the user's rules may have changed meanwhile. */
    public Route routeInExec(byte[][] args, ClientSession client) {
        return route(args, client == null ? 0 : client.db(), client, AccessContext.EXEC);
    }

    private Route route(byte[][] args, int db, ClientSession client, AccessContext context) {
        CommandSpec spec = table.lookup(args[0]);
        if (spec == null) {
            return new Route.Rejected(unknownCommand(args));
        }
        if (!spec.arityAccepts(args.length)) {
            return new Route.Rejected(Errors.wrongArity(spec.fullName()), spec);
        }
        if (spec.placement() instanceof Placement.Container container) {
            if (args.length == 1) {
                return new Route.AtClient(spec, args);
            }
            CommandSpec sub = spec.subcommand(new String(args[1], StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
            if (sub == null) {
                return new Route.Rejected(unknownSubcommand(spec, args[1]));
            }
            if (!sub.arityAccepts(args.length)) {
                return new Route.Rejected(Errors.wrongArity(sub.fullName()), sub);
            }
            spec = sub;
        }
        ErrorReply denied = accessDenied(spec, args, client, context);
        if (denied != null) {
            return new Route.Rejected(denied, spec);
        }
        ErrorReply refused = admission.refusal(spec, client);
        if (refused != null) {
            return new Route.Rejected(refused, spec);
        }
        return place(spec, args, db, client);
    }

    /**
     * Redis's order: a client that must authenticate may only authenticate (or leave); then the user's rules decide,
     * except for a command MULTI refuses anyway. A denial is logged in ACL LOG.
     */
    private ErrorReply accessDenied(CommandSpec spec, byte[][] args, ClientSession client, AccessContext context) {
        AclUser user = client == null || access == null ? null : client.user();
        if (user == null) {
            return null;
        }
        if (context != AccessContext.TOPLEVEL) {
            Denial denial = user.check(spec, args);
            if (denial == null) {
                return null;
            }
            access.logDenial(client, denial, spec, args, context.logName(), false);
            return context.refusal(denial);
        }
        if (!client.authenticated() && !spec.has(CommandFlag.NO_AUTH) && access.authenticationRequired()) {
            return NO_AUTH;
        }
        boolean inTransaction = client.transaction().active();
        if (inTransaction && spec.has(CommandFlag.NO_MULTI)) {
            return null;
        }
        Denial denial = user.check(spec, args);
        if (denial == null) {
            return null;
        }
        access.logDenial(client, denial, spec, args, inTransaction ? "multi" : "toplevel", true);
        return AccessControl.noPermission(denial, spec);
    }

    private Route place(CommandSpec spec, byte[][] args, int db, ClientSession client) {
        return switch (spec.placement()) {
            case Placement.AtClient p -> new Route.AtClient(spec, args);
            case Placement.AtClientAsync p -> new Route.AtClient(spec, args);
            case Placement.AtAllPartitions p -> everywhere(spec, args, db, client);
            case Placement.AtKeysOrAllPartitions p -> p.readsAnyKey().test(args)
                    ? everywhere(spec, args, db, client) : placeByKeys(spec, args, db, client);
            case Placement.AtChosenPartition p ->
                    new Route.AtPartition(p.partitionOf().applyAsInt(args, partitions.count()),
                            new Invocation(spec, args, db, client));
            case Placement.AtKeys p -> placeByKeys(spec, args, db, client);
            case Placement.Container p -> throw new IllegalStateException("nested container " + spec);
        };
    }

    private Route everywhere(CommandSpec spec, byte[][] args, int db, ClientSession client) {
        Invocation invocation = new Invocation(spec, args, db, client);
        return allPartitions.length == 1
                ? new Route.AtPartition(0, invocation) : new Route.AcrossPartitions(allPartitions, invocation);
    }

    private Route placeByKeys(CommandSpec spec, byte[][] args, int db, ClientSession client) {
        int[] keyPositions = spec.keys().find(args);
        Invocation invocation = new Invocation(spec, args, db, client);
        if (keyPositions.length == 0) {
            // Commands whose keys are optional (none given) run anywhere: partition 0.
            return new Route.AtPartition(0, invocation);
        }
        int first = partitions.partitionOf(args[keyPositions[0]]);
        int[] owners = null;
        for (int i = 1; i < keyPositions.length; i++) {
            int p = partitions.partitionOf(args[keyPositions[i]]);
            if (p != first && owners == null) {
                owners = new int[keyPositions.length];
                Arrays.fill(owners, 0, i, first);
            }
            if (owners != null) {
                owners[i] = p;
            }
        }
        if (owners == null) {
            return new Route.AtPartition(first, invocation);
        }
        return new Route.AcrossPartitions(Arrays.stream(owners).sorted().distinct().toArray(), invocation);
    }

    /** Redis 7.0's text: the name and the start of the arguments, each quoted and cut at 128 characters. */
    static ErrorReply unknownCommand(byte[][] args) {
        StringBuilder quoted = new StringBuilder();
        for (int i = 1; i < args.length && quoted.length() < QUOTED_ARGS_LIMIT; i++) {
            String arg = printable(args[i]);
            int room = QUOTED_ARGS_LIMIT - quoted.length();
            quoted.append('\'').append(arg, 0, Math.min(arg.length(), room)).append("' ");
        }
        return new ErrorReply("ERR unknown command '" + truncate(printable(args[0])) + "', with args beginning with: "
                + quoted);
    }

    static ErrorReply unknownSubcommand(CommandSpec container, byte[] name) {
        return new ErrorReply("ERR unknown subcommand '" + truncate(printable(name)) + "'. Try "
                + container.name().toUpperCase(Locale.ROOT) + " HELP.");
    }

    private static String truncate(String text) {
        return text.length() > QUOTED_ARGS_LIMIT ? text.substring(0, QUOTED_ARGS_LIMIT) : text;
    }

    /** Error replies are one line: Redis turns CR and LF into spaces. */
    private static String printable(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\r', ' ').replace('\n', ' ');
    }
}
