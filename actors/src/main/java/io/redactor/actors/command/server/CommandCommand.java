package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyExtraction;
import io.redactor.actors.command.Help;
import io.redactor.core.GlobPattern;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** COMMAND and its subcommands: what the server knows about its own commands. */
final class CommandCommand {
    private CommandCommand() {
    }

    static Reply all(ClientCall call) {
        return new ArrayReply(table(call).all().stream().map(CommandReplies::info).toList());
    }

    static Reply count(ClientCall call) {
        return IntegerReply.of(table(call).size());
    }

    static Reply info(ClientCall call) {
        if (call.argc() == 2) {
            return all(call);
        }
        List<Reply> infos = new ArrayList<>();
        for (int i = 2; i < call.argc(); i++) {
            CommandSpec spec = byFullName(table(call), call.arg(i));
            infos.add(spec == null ? NullReply.NULL_BULK : CommandReplies.info(spec));
        }
        return new ArrayReply(infos);
    }

    static Reply docs(ClientCall call) {
        List<Reply> map = new ArrayList<>();
        if (call.argc() == 2) {
            for (CommandSpec spec : table(call).all()) {
                map.add(BulkString.of(spec.fullName()));
                map.add(CommandReplies.docs(spec));
            }
        } else {
            for (int i = 2; i < call.argc(); i++) {
                CommandSpec spec = byFullName(table(call), call.arg(i));
                if (spec != null) {
                    map.add(BulkString.of(spec.fullName()));
                    map.add(CommandReplies.docs(spec));
                }
            }
        }
        return new MapReply(map);
    }

    static Reply getkeys(ClientCall call) {
        return keys(call, false);
    }

    static Reply getkeysandflags(ClientCall call) {
        return keys(call, true);
    }

    private static Reply keys(ClientCall call, boolean withFlags) {
        byte[][] command = Arrays.copyOfRange(call.args(), 2, call.argc());
        CommandSpec spec = table(call).lookup(command[0]);
        if (spec != null && !spec.subcommands().isEmpty() && command.length > 1) {
            spec = spec.subcommand(Arguments.text(command[1]).toLowerCase(Locale.ROOT));
        }
        if (spec == null) {
            return Errors.err("Invalid command specified");
        }
        if (spec.keySpecs().isEmpty()) {
            return Errors.err("The command has no key arguments");
        }
        if (!spec.arityAccepts(command.length)) {
            return Errors.err("Invalid number of arguments specified for command");
        }
        List<KeyExtraction.FoundKey> keys = KeyExtraction.find(spec, command);
        if (keys == null) {
            return spec.has(CommandFlag.NO_MANDATORY_KEYS) ? ArrayReply.EMPTY
                    : Errors.err("Invalid arguments specified for command");
        }
        List<Reply> reply = new ArrayList<>(keys.size());
        for (KeyExtraction.FoundKey key : keys) {
            BulkString name = new BulkString(command[key.position()]);
            List<String> flags = key.flags();
            reply.add(withFlags
                    ? ArrayReply.of(name, new SetReply(flags.stream().<Reply>map(SimpleString::new).toList()))
                    : name);
        }
        return new ArrayReply(reply);
    }

    /** COMMAND LIST [FILTERBY MODULE name | ACLCAT category | PATTERN pattern]. */
    static Reply list(ClientCall call) {
        Predicate<CommandSpec> filter = spec -> true;
        if (call.argc() != 2) {
            filter = call.argc() == 5 && Arguments.is(call.arg(2), "filterby")
                    ? listFilter(call.arg(3), call.arg(4)) : null;
            if (filter == null) {
                return Errors.SYNTAX;
            }
        }
        List<Reply> names = new ArrayList<>();
        for (CommandSpec spec : table(call).allWithSubcommands()) {
            if (filter.test(spec)) {
                names.add(BulkString.of(spec.fullName()));
            }
        }
        return new ArrayReply(names);
    }

    /** Which commands a FILTERBY keeps, null for an unknown filter type. No modules here: MODULE keeps none. */
    private static Predicate<CommandSpec> listFilter(byte[] type, byte[] value) {
        if (Arguments.is(type, "module")) {
            return spec -> false;
        }
        if (Arguments.is(type, "aclcat")) {
            String category = "@" + Arguments.text(value).toLowerCase(Locale.ROOT);
            return spec -> spec.aclCategories().contains(category);
        }
        if (Arguments.is(type, "pattern")) {
            return spec -> GlobPattern.matches(value, spec.fullName().getBytes(StandardCharsets.UTF_8), true);
        }
        return null;
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "(no subcommand)",
                "    Return details about all Redis commands.",
                "COUNT",
                "    Return the total number of commands in this Redis server.",
                "LIST",
                "    Return a list of all commands in this Redis server.",
                "INFO [<command-name> ...]",
                "    Return details about multiple Redis commands.",
                "    If no command names are given, documentation details for all",
                "    commands are returned.",
                "DOCS [<command-name> ...]",
                "    Return documentation details about multiple Redis commands.",
                "    If no command names are given, documentation details for all",
                "    commands are returned.",
                "GETKEYS <full-command>",
                "    Return the keys from a full Redis command.",
                "GETKEYSANDFLAGS <full-command>",
                "    Return the keys and the access flags from a full Redis command.");
    }

    private static CommandTable table(ClientCall call) {
        return call.node().router().table();
    }

    /** A command by name, or a subcommand by "container|sub". */
    private static CommandSpec byFullName(CommandTable table, byte[] name) {
        String text = Arguments.text(name).toLowerCase(Locale.ROOT);
        int bar = text.indexOf('|');
        if (bar < 0) {
            return table.lookup(name);
        }
        CommandSpec container = table.lookup(text.substring(0, bar));
        return container == null ? null : container.subcommand(text.substring(bar + 1));
    }
}
