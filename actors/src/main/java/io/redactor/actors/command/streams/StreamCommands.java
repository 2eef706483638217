package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Help;
import io.redactor.actors.command.KeyCommand;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.BLOCKING;
import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The stream commands' table entries. */
public final class StreamCommands {
    private static final String NONDETERMINISTIC = "nondeterministic_output";
    private static final String[] XGROUP_HELP = {
        "CREATE <key> <groupname> <id|$> [option]",
        "    Create a new consumer group. Options are:",
        "    * MKSTREAM",
        "      Create the empty stream if it does not exist.",
        "    * ENTRIESREAD entries_read",
        "      Set the group's entries_read counter (internal use).",
        "CREATECONSUMER <key> <groupname> <consumer>",
        "    Create a new consumer in the specified group.",
        "DELCONSUMER <key> <groupname> <consumer>",
        "    Remove the specified consumer.",
        "DESTROY <key> <groupname>",
        "    Remove the specified group.",
        "SETID <key> <groupname> <id|$> [ENTRIESREAD entries_read]",
        "    Set the current group ID and entries_read counter."};
    private static final String[] XINFO_HELP = {
        "CONSUMERS <key> <groupname>",
        "    Show consumers of <groupname>.",
        "GROUPS <key>",
        "    Show the stream consumer groups.",
        "STREAM <key> [FULL [COUNT <count>]",
        "    Show information about the stream."};

    private StreamCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    /** A command on the key at argument 1. */
    private static CommandSpec.Builder single(String name, int arity, KeySpec spec, CommandDoc doc,
                                              KeyCommand handler) {
        return command(name, arity).acl("stream").keys(1, 1, 1).keySpecs(spec).doc(doc).runsAtKeys(handler);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                single("xadd", -5, key("RW", "update")
                        .withNotes("UPDATE instead of INSERT because of the optional trimming feature"),
                        StreamDocs.XADD, AddCommands::xadd).flags(WRITE, DENYOOM, FAST).tips(NONDETERMINISTIC)
                        .build(),
                single("xtrim", -4, key("RW", "delete"), StreamDocs.XTRIM, AddCommands::xtrim).flags(WRITE)
                        .tips(NONDETERMINISTIC).build(),
                single("xdel", -3, key("RW", "delete"), StreamDocs.XDEL, EditCommands::xdel).flags(WRITE, FAST)
                        .build(),
                single("xsetid", -3, key("RW", "update"), StreamDocs.XSETID, EditCommands::xsetid)
                        .flags(WRITE, DENYOOM, FAST).build(),
                single("xrange", -4, key("RO", "access"), StreamDocs.XRANGE, RangeCommands::xrange)
                        .flags(READONLY).build(),
                single("xrevrange", -4, key("RO", "access"), StreamDocs.XREVRANGE, RangeCommands::xrevrange)
                        .flags(READONLY).build(),
                single("xlen", 2, key("RO"), StreamDocs.XLEN, RangeCommands::xlen).flags(READONLY, FAST).build(),
                reader("xread", -4, 1, StreamDocs.XREAD, ReadCommands::xread).flags(READONLY, BLOCKING, MOVABLE_KEYS)
                        .build(),
                reader("xreadgroup", -7, 4, StreamDocs.XREADGROUP, ReadCommands::xreadgroup)
                        .flags(WRITE, BLOCKING, MOVABLE_KEYS).build(),
                single("xack", -4, key("RW", "update"), StreamDocs.XACK, PendingCommands::xack).flags(WRITE, FAST)
                        .build(),
                single("xpending", -3, key("RO", "access"), StreamDocs.XPENDING, PendingCommands::xpending)
                        .flags(READONLY).tips(NONDETERMINISTIC).build(),
                single("xclaim", -6, key("RW", "update"), StreamDocs.XCLAIM, ClaimCommands::xclaim)
                        .flags(WRITE, FAST).tips(NONDETERMINISTIC).build(),
                single("xautoclaim", -6, key("RW", "delete"), StreamDocs.XAUTOCLAIM, ClaimCommands::xautoclaim)
                        .flags(WRITE, FAST).tips(NONDETERMINISTIC).build(),
                command("xgroup", -2).doc(StreamDocs.XGROUP).subcommands(
                        group("create", -5, "insert", StreamDocs.XGROUP_CREATE).flags(WRITE, DENYOOM),
                        group("setid", -5, "update", StreamDocs.XGROUP_SETID).flags(WRITE),
                        group("destroy", 4, "delete", StreamDocs.XGROUP_DESTROY).flags(WRITE),
                        group("createconsumer", 5, "insert", StreamDocs.XGROUP_CREATECONSUMER)
                                .flags(WRITE, DENYOOM),
                        group("delconsumer", 5, "delete", StreamDocs.XGROUP_DELCONSUMER).flags(WRITE),
                        command("help", 2).flags(LOADING, STALE).acl("stream").doc(StreamDocs.XGROUP_HELP)
                                .runsAtClient(call -> Help.reply(call, XGROUP_HELP))).build(),
                command("xinfo", -2).doc(StreamDocs.XINFO).subcommands(
                        info("consumers", 4, StreamDocs.XINFO_CONSUMERS, InfoCommands::consumers)
                                .tips(NONDETERMINISTIC),
                        info("groups", 3, StreamDocs.XINFO_GROUPS, InfoCommands::groups),
                        info("stream", -3, StreamDocs.XINFO_STREAM, InfoCommands::stream),
                        command("help", 2).flags(LOADING, STALE).acl("stream").doc(StreamDocs.XINFO_HELP)
                                .runsAtClient(call -> Help.reply(call, XINFO_HELP))).build());
    }

    /** XREAD and XREADGROUP: the keys after STREAMS, half of what follows it. */
    private static CommandSpec.Builder reader(String name, int arity, int startFrom, CommandDoc doc,
                                              KeyCommand handler) {
        return command(name, arity).acl("stream").keys(0, 0, 0, StreamCommands::streamKeys)
                .keySpecs(new KeySpec(null, List.of("RO", "access"), new KeySpec.Keyword("STREAMS", startFrom),
                        new KeySpec.Range(-1, 1, 2)))
                .doc(doc).runsAtKeys(handler);
    }

    /** An XGROUP subcommand: on the key at argument 2. */
    private static CommandSpec.Builder group(String name, int arity, String access, CommandDoc doc) {
        return command(name, arity).acl("stream").keys(2, 2, 1).keySpecs(KeySpec.range(2, 0, 1, "RW", access))
                .doc(doc).runsAtKeys(GroupCommands::xgroup);
    }

    private static CommandSpec.Builder info(String name, int arity, CommandDoc doc, KeyCommand handler) {
        return command(name, arity).flags(READONLY).acl("stream").keys(2, 2, 1)
                .keySpecs(KeySpec.range(2, 0, 1, "RO", "access")).doc(doc).runsAtKeys(handler);
    }

    /**
     * {@code xreadGetKeys}: the options are skipped up to STREAMS, then the first half of what follows are keys; none
     * when that does not parse (the command then reports the error).
     */
    static int[] streamKeys(byte[][] args) {
        int streams = -1;
        for (int i = 1; i < args.length; i++) {
            byte[] arg = args[i];
            if (Arguments.is(arg, "block") || Arguments.is(arg, "count")) {
                i++;
            } else if (Arguments.is(arg, "group")) {
                i += 2;
            } else if (Arguments.is(arg, "noack")) {
                continue;
            } else {
                if (Arguments.is(arg, "streams")) {
                    streams = i;
                }
                break;
            }
        }
        int rest = streams < 0 ? 0 : args.length - streams - 1;
        if (rest == 0 || rest % 2 != 0) {
            return new int[0];
        }
        int[] keys = new int[rest / 2];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = streams + 1 + i;
        }
        return keys;
    }
}
