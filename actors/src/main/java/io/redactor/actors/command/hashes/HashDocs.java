package io.redactor.actors.command.hashes;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.decimal;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the hash commands, as Redis 7.0 documents them. */
final class HashDocs {
    static final CommandDoc HSET = doc("Set the string value of a hash field", "2.0.0", "hash",
            "O(1) for each field/value pair added, so O(N) to add N field/value pairs when the command is called "
            + "with multiple field/value pairs.")
            .history("4.0.0", "Accepts multiple `field` and `value` arguments.")
            .args(key("key", 0),
                block("field_value",
                    string("field"),
                    string("value")).multiple());

    static final CommandDoc HSETNX = doc("Set the value of a hash field, only if the field does not exist",
            "2.0.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"),
                string("value"));

    static final CommandDoc HGET = doc("Get the value of a hash field", "2.0.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"));

    static final CommandDoc HMSET = doc("Set multiple hash fields to multiple values", "2.0.0", "hash",
            "O(N) where N is the number of fields being set.")
            .deprecated("4.0.0", "`HSET` with multiple field-value pairs")
            .args(key("key", 0),
                block("field_value",
                    string("field"),
                    string("value")).multiple());

    static final CommandDoc HMGET = doc("Get the values of all the given hash fields", "2.0.0", "hash",
            "O(N) where N is the number of fields being requested.")
            .args(key("key", 0),
                string("field").multiple());

    static final CommandDoc HGETALL = doc("Get all the fields and values in a hash", "2.0.0", "hash",
            "O(N) where N is the size of the hash.")
            .args(key("key", 0));

    static final CommandDoc HDEL = doc("Delete one or more hash fields", "2.0.0", "hash",
            "O(N) where N is the number of fields to be removed.")
            .history("2.4.0", "Accepts multiple `field` arguments.")
            .args(key("key", 0),
                string("field").multiple());

    static final CommandDoc HEXISTS = doc("Determine if a hash field exists", "2.0.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"));

    static final CommandDoc HLEN = doc("Get the number of fields in a hash", "2.0.0", "hash", "O(1)")
            .args(key("key", 0));

    static final CommandDoc HSTRLEN = doc("Get the length of the value of a hash field", "3.2.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"));

    static final CommandDoc HKEYS = doc("Get all the fields in a hash", "2.0.0", "hash",
            "O(N) where N is the size of the hash.")
            .args(key("key", 0));

    static final CommandDoc HVALS = doc("Get all the values in a hash", "2.0.0", "hash",
            "O(N) where N is the size of the hash.")
            .args(key("key", 0));

    static final CommandDoc HINCRBY = doc("Increment the integer value of a hash field by the given number",
            "2.0.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"),
                integer("increment"));

    static final CommandDoc HINCRBYFLOAT = doc("Increment the float value of a hash field by the given amount",
            "2.6.0", "hash", "O(1)")
            .args(key("key", 0),
                string("field"),
                decimal("increment"));

    static final CommandDoc HRANDFIELD = doc("Get one or multiple random fields from a hash", "6.2.0", "hash",
            "O(N) where N is the number of fields returned")
            .args(key("key", 0),
                block("options",
                    integer("count"),
                    pureToken("withvalues", "WITHVALUES").optional()).optional());

    static final CommandDoc HSCAN = doc("Incrementally iterate hash fields and associated values", "2.8.0", "hash",
            "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to "
            + "return back to 0. N is the number of elements inside the collection..")
            .args(key("key", 0),
                integer("cursor"),
                pattern("pattern").token("MATCH").optional(),
                integer("count").token("COUNT").optional());

    private HashDocs() {
    }
}
