package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * The bitmap commands' table entries. Bitmaps are strings, as in Redis: GET, APPEND and SETRANGE see the bytes these
 * commands set.
 */
public final class BitmapCommands {
    private BitmapCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("setbit", 4).flags(WRITE, DENYOOM).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(BitmapDocs.SETBIT)
                        .runsAtKeys(BitCommands::setbit).build(),
                command("getbit", 3).flags(READONLY, FAST).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(BitmapDocs.GETBIT).runsAtKeys(BitCommands::getbit).build(),
                command("bitcount", -2).flags(READONLY).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(BitmapDocs.BITCOUNT)
                        .runsAtKeys(BitRangeCommands::bitcount).build(),
                command("bitpos", -3).flags(READONLY).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(BitmapDocs.BITPOS)
                        .runsAtKeys(BitRangeCommands::bitpos).build(),
                command("bitop", -4).flags(WRITE, DENYOOM).acl("bitmap").keys(2, -1, 1)
                        .keySpecs(KeySpec.range(2, 0, 1, "OW", "update"), KeySpec.range(3, -1, 1, "RO", "access"))
                        .doc(BitmapDocs.BITOP).runsAtKeys(BitopCommand::bitop).build(),
                command("bitfield", -2).flags(WRITE, DENYOOM).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update", "variable_flags")
                                .withNotes("This command allows both access and modification of the key"))
                        .doc(BitmapDocs.BITFIELD).runsAtKeys(BitfieldCommand::bitfield).build(),
                command("bitfield_ro", -2).flags(READONLY, FAST).acl("bitmap").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(BitmapDocs.BITFIELD_RO)
                        .runsAtKeys(BitfieldCommand::bitfieldRo).build());
    }
}
