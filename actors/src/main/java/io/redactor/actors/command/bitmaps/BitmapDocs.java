package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the bitmap commands, as Redis 7.0 documents them. */
final class BitmapDocs {
    static final CommandDoc SETBIT = doc("Sets or clears the bit at offset in the string value stored at key", "2.2.0",
            "bitmap", "O(1)")
            .args(key("key", 0),
                integer("offset"),
                integer("value"));

    static final CommandDoc GETBIT = doc("Returns the bit value at offset in the string value stored at key", "2.2.0",
            "bitmap", "O(1)")
            .args(key("key", 0),
                integer("offset"));

    static final CommandDoc BITCOUNT = doc("Count set bits in a string", "2.6.0", "bitmap", "O(N)")
            .history("7.0.0", "Added the `BYTE|BIT` option.")
            .args(key("key", 0),
                block("index",
                    integer("start"),
                    integer("end"),
                    unit()).optional());

    static final CommandDoc BITPOS = doc("Find first bit set or clear in a string", "2.8.7", "bitmap", "O(N)")
            .history("7.0.0", "Added the `BYTE|BIT` option.")
            .args(key("key", 0),
                integer("bit"),
                block("index",
                    integer("start"),
                    block("end_index",
                        integer("end"),
                        unit()).optional()).optional());

    static final CommandDoc BITOP = doc("Perform bitwise operations between strings", "2.6.0", "bitmap", "O(N)")
            .args(string("operation"),
                key("destkey", 0),
                key("key", 1).multiple());

    static final CommandDoc BITFIELD = doc("Perform arbitrary bitfield integer operations on strings", "3.2.0",
            "bitmap", "O(1) for each subcommand specified")
            .args(key("key", 0),
                oneOf("operation",
                    get(),
                    block("write",
                        oneOf("wrap_sat_fail",
                            pureToken("wrap", "WRAP"),
                            pureToken("sat", "SAT"),
                            pureToken("fail", "FAIL")).token("OVERFLOW").optional(),
                        oneOf("write_operation",
                            block("encoding_offset_value",
                                string("encoding"),
                                integer("offset"),
                                integer("value")).token("SET"),
                            block("encoding_offset_increment",
                                string("encoding"),
                                integer("offset"),
                                integer("increment")).token("INCRBY")))).optional().multiple());

    static final CommandDoc BITFIELD_RO = doc(
            "Perform arbitrary bitfield integer operations on strings. Read-only variant of BITFIELD", "6.0.0",
            "bitmap", "O(1) for each subcommand specified")
            .args(key("key", 0),
                get().optional().multiple().multipleToken());

    private BitmapDocs() {
    }

    private static CommandDoc.Arg unit() {
        return oneOf("index_unit",
                pureToken("byte", "BYTE"),
                pureToken("bit", "BIT")).since("7.0.0").optional();
    }

    private static CommandDoc.Arg get() {
        return block("encoding_offset",
                string("encoding"),
                integer("offset")).token("GET");
    }
}
