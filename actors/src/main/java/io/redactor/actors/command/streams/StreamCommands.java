package io.redactor.actors.command.streams;

import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyCommand;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The stream commands' table entries. */
public final class StreamCommands {
    private static final String NONDETERMINISTIC = "nondeterministic_output";

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
                single("xlen", 2, key("RO"), StreamDocs.XLEN, RangeCommands::xlen).flags(READONLY, FAST).build());
    }
}
