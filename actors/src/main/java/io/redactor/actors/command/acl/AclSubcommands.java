package io.redactor.actors.command.acl;

import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.AclLog;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.acl.Denial;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/** ACL's subcommands, answering as Redis 7.0 does. */
final class AclSubcommands {
    private static final int GENPASS_MAX_BITS = 4096;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AclSubcommands() {
    }

    static Reply setuser(ClientCall call) {
        byte[] name = call.arg(2);
        if (!AccessControl.isValidUserName(name)) {
            return Errors.err("Usernames can't contain spaces or null characters");
        }
        String error = access(call).setUser(name, Arrays.asList(call.args()).subList(3, call.argc()));
        if (error != null) {
            return Errors.err(error);
        }
        closeSubscribersThatLostChannels(call, access(call).user(name));
        return SimpleString.OK;
    }

    /** As Redis: a subscribed connection of the user that may no longer use one of its channels or patterns. */
    private static void closeSubscribersThatLostChannels(ClientCall call, AclUser user) {
        for (ClientSession client : call.node().clients().all()) {
            if (client.user() != user || !client.isSubscriber()) {
                continue;
            }
            boolean lost = client.subscriptions().channels().stream().anyMatch(c -> !user.mayUseChannel(c, false))
                    || client.subscriptions().shardChannels().stream().anyMatch(c -> !user.mayUseChannel(c, false))
                    || client.subscriptions().patterns().stream().anyMatch(p -> !user.mayUseChannel(p, true));
            if (lost) {
                client.kill(call.client());
            }
        }
    }

    static Reply deluser(ClientCall call) {
        List<byte[]> names = Arrays.asList(call.args()).subList(2, call.argc());
        for (byte[] name : names) {
            if (Arrays.equals(name, AccessControl.DEFAULT_USER.getBytes(StandardCharsets.US_ASCII))) {
                return Errors.err("The 'default' user cannot be removed");
            }
        }
        List<AclUser> deleted = access(call).deleteUsers(names);
        closeClientsOf(call, deleted);
        return IntegerReply.of(deleted.size());
    }

    /** The connections of users that are gone: back to the default user, unauthenticated, and closed. */
    private static void closeClientsOf(ClientCall call, List<AclUser> gone) {
        for (ClientSession client : call.node().clients().all()) {
            if (gone.contains(client.user())) {
                client.signIn(access(call).defaultUser(), false);
                client.kill(call.client());
            }
        }
    }

    static Reply getuser(ClientCall call) {
        AccessControl access = access(call);
        AclUser user = access.user(call.arg(2));
        if (user == null) {
            return NullReply.NULL_BULK;
        }
        List<Reply> fields = new ArrayList<>();
        fields.add(BulkString.of("flags"));
        fields.add(new SetReply(access.flags(user).stream().<Reply>map(BulkString::of).toList()));
        fields.add(BulkString.of("passwords"));
        fields.add(new ArrayReply(access.passwordHashes(user).stream().<Reply>map(BulkString::of).toList()));
        fields.addAll(selectorFields(access, user, 0));
        fields.add(BulkString.of("selectors"));
        List<Reply> selectors = new ArrayList<>();
        for (int i = 1; i < access.selectorCount(user); i++) {
            selectors.add(new MapReply(selectorFields(access, user, i)));
        }
        fields.add(new ArrayReply(selectors));
        return new MapReply(fields);
    }

    private static List<Reply> selectorFields(AccessControl access, AclUser user, int index) {
        List<String> values = access.selectorFields(user, index);
        return List.of(BulkString.of("commands"), latin1(values.get(0)), BulkString.of("keys"), latin1(values.get(1)),
                BulkString.of("channels"), latin1(values.get(2)));
    }

    static Reply list(ClientCall call) {
        AccessControl access = access(call);
        return new ArrayReply(access.users().stream().<Reply>map(u -> latin1(access.describe(u))).toList());
    }

    static Reply users(ClientCall call) {
        return new ArrayReply(access(call).users().stream().<Reply>map(u -> new BulkString(u.name())).toList());
    }

    static Reply whoami(ClientCall call) {
        AclUser user = call.client().user();
        return user == null ? NullReply.NULL_BULK : new BulkString(user.name());
    }

    static Reply cat(ClientCall call) {
        AccessControl access = access(call);
        if (call.argc() == 2) {
            return new ArrayReply(access.categories().stream().<Reply>map(BulkString::of).toList());
        }
        if (call.argc() != 3) {
            return Errors.subcommandSyntax(call.arg(1), "ACL");
        }
        List<String> commands = access.commandsIn(Arguments.text(call.arg(2)));
        if (commands == null) {
            String category = Arguments.text(call.arg(2));
            return Errors.err("Unknown category '" + category.substring(0, Math.min(128, category.length())) + "'");
        }
        return new ArrayReply(commands.stream().<Reply>map(BulkString::of).toList());
    }

    static Reply genpass(ClientCall call) {
        if (call.argc() > 3) {
            return Errors.subcommandSyntax(call.arg(1), "ACL");
        }
        long bits = call.argc() == 3 ? Arguments.parseLong(call.arg(2), Errors.NOT_INTEGER) : 256;
        if (bits <= 0 || bits > GENPASS_MAX_BITS) {
            return Errors.err("ACL GENPASS argument must be the number of bits for the output password, a positive "
                    + "number up to " + GENPASS_MAX_BITS);
        }
        int chars = (int) ((bits + 3) / 4);
        byte[] random = new byte[(chars + 1) / 2];
        RANDOM.nextBytes(random);
        return BulkString.of(HexFormat.of().formatHex(random).substring(0, chars));
    }

    static Reply log(ClientCall call) {
        if (call.argc() > 3) {
            return Errors.subcommandSyntax(call.arg(1), "ACL");
        }
        AclLog log = access(call).log();
        long count = 10;
        if (call.argc() == 3) {
            if (Arguments.is(call.arg(2), "reset")) {
                log.reset();
                return SimpleString.OK;
            }
            count = Math.max(0, Arguments.parseLong(call.arg(2), Errors.NOT_INTEGER));
        }
        long now = System.currentTimeMillis();
        List<Reply> entries = new ArrayList<>();
        for (AclLog.Entry entry : log.newest(count)) {
            entries.add(new MapReply(List.of(
                    BulkString.of("count"), IntegerReply.of(entry.count()),
                    BulkString.of("reason"), BulkString.of(entry.reason()),
                    BulkString.of("context"), BulkString.of(entry.context()),
                    BulkString.of("object"), new BulkString(entry.object()),
                    BulkString.of("username"), new BulkString(entry.username()),
                    BulkString.of("age-seconds"), new DoubleReply((now - entry.createdMs()) / 1000.0),
                    BulkString.of("client-info"), BulkString.of(entry.clientInfo()))));
        }
        return new ArrayReply(entries);
    }

    static Reply dryrun(ClientCall call) {
        AclUser user = access(call).user(call.arg(2));
        if (user == null) {
            return Errors.err("User '" + Arguments.text(call.arg(2)) + "' not found");
        }
        byte[][] command = Arrays.copyOfRange(call.args(), 3, call.argc());
        CommandSpec spec = lookup(call.node().router().table(), command);
        if (spec == null) {
            return Errors.err("Command '" + Arguments.text(command[0]) + "' not found");
        }
        if (!spec.arityAccepts(command.length)) {
            return Errors.wrongArity(spec.fullName());
        }
        Denial denial = user.check(spec, command);
        if (denial == null) {
            return SimpleString.OK;
        }
        return BulkString.of(switch (denial.reason()) {
            case COMMAND -> "This user has no permissions to run the '" + spec.fullName() + "' command";
            case KEY -> "This user has no permissions to access the '" + Arguments.text(command[denial.position()])
                    + "' key";
            case CHANNEL -> "This user has no permissions to access the '"
                    + Arguments.text(command[denial.position()]) + "' channel";
        });
    }

    /** Redis's lookupCommand: a container with a subcommand argument resolves to that subcommand, or to nothing. */
    private static CommandSpec lookup(CommandTable table, byte[][] command) {
        CommandSpec spec = table.lookup(command[0]);
        if (spec == null || spec.subcommands().isEmpty() || command.length == 1) {
            return spec;
        }
        return spec.subcommand(Arguments.text(command[1]).toLowerCase(Locale.ROOT));
    }

    static Reply load(ClientCall call) {
        AccessControl access = access(call);
        if (access.aclFile().isEmpty()) {
            return noAclFile();
        }
        AccessControl.Loaded loaded = access.loadFile();
        if (loaded.error() != null) {
            return Errors.err(loaded.error());
        }
        closeClientsOf(call, loaded.replaced());
        return SimpleString.OK;
    }

    static Reply save(ClientCall call) {
        AccessControl access = access(call);
        if (access.aclFile().isEmpty()) {
            return noAclFile();
        }
        return access.saveFile() ? SimpleString.OK : Errors.err("There was an error trying to save the ACLs. "
                + "Please check the server logs for more information");
    }

    private static Reply noAclFile() {
        return Errors.err("This Redis instance is not configured to use an ACL file. You may want to specify users "
                + "via the ACL SETUSER command and then issue a CONFIG REWRITE (assuming you have a Redis "
                + "configuration file set) in order to store users in the Redis configuration.");
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "CAT [<category>]",
                "    List all commands that belong to <category>, or all command categories",
                "    when no category is specified.",
                "DELUSER <username> [<username> ...]",
                "    Delete a list of users.",
                "DRYRUN <username> <command> [<arg> ...]",
                "    Returns whether the user can execute the given command without executing the command.",
                "GETUSER <username>",
                "    Get the user's details.",
                "GENPASS [<bits>]",
                "    Generate a secure 256-bit user password. The optional `bits` argument can",
                "    be used to specify a different size.",
                "LIST",
                "    Show users details in config file format.",
                "LOAD",
                "    Reload users from the ACL file.",
                "LOG [<count> | RESET]",
                "    Show the ACL log entries.",
                "SAVE",
                "    Save the current config to the ACL file.",
                "SETUSER <username> <attribute> [<attribute> ...]",
                "    Create or modify a user with the specified attributes.",
                "USERS",
                "    List all the registered usernames.",
                "WHOAMI",
                "    Return the current connection username.");
    }

    private static AccessControl access(ClientCall call) {
        return call.node().access();
    }

    private static BulkString latin1(String text) {
        return new BulkString(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
