package io.redactor.actors.command.keys;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;
import static io.redactor.actors.command.CommandDoc.unixTime;

/** What COMMAND DOCS reports for the generic keyspace commands, as Redis 7.0 documents them. */
final class KeyDocs {
    static final CommandDoc DEL = doc("Delete a key", "1.0.0", "generic",
            "O(N) where N is the number of keys that will be removed. When a key to remove holds a value other "
            + "than a string, the individual complexity for this key is O(M) where M is the number of elements in "
            + "the list, set, sorted set or hash. Removing a single key that holds a string value is O(1).")
            .args(key("key", 0).multiple());

    static final CommandDoc UNLINK = doc("Delete a key asynchronously in another thread. Otherwise it is just as "
            + "DEL, but non blocking.", "4.0.0", "generic",
            "O(1) for each key removed regardless of its size. Then the command does O(N) work in a different "
            + "thread in order to reclaim memory, where N is the number of allocations the deleted objects where "
            + "composed of.")
            .args(key("key", 0).multiple());

    static final CommandDoc EXISTS = doc("Determine if a key exists", "1.0.0", "generic",
            "O(N) where N is the number of keys to check.")
            .history("3.0.3", "Accepts multiple `key` arguments.")
            .args(key("key", 0).multiple());

    static final CommandDoc TOUCH = doc("Alters the last access time of a key(s). Returns the number of existing "
            + "keys specified.", "3.2.1", "generic", "O(N) where N is the number of keys that will be touched.")
            .args(key("key", 0).multiple());

    static final CommandDoc TYPE = doc("Determine the type stored at key", "1.0.0", "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc EXPIRE = doc("Set a key's time to live in seconds", "1.0.0", "generic", "O(1)")
            .history("7.0.0", "Added options: `NX`, `XX`, `GT` and `LT`.")
            .args(key("key", 0),
                integer("seconds"),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX"),
                    pureToken("gt", "GT"),
                    pureToken("lt", "LT")).since("7.0.0").optional());

    static final CommandDoc PEXPIRE = doc("Set a key's time to live in milliseconds", "2.6.0", "generic", "O(1)")
            .history("7.0.0", "Added options: `NX`, `XX`, `GT` and `LT`.")
            .args(key("key", 0),
                integer("milliseconds"),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX"),
                    pureToken("gt", "GT"),
                    pureToken("lt", "LT")).since("7.0.0").optional());

    static final CommandDoc EXPIREAT = doc("Set the expiration for a key as a UNIX timestamp", "1.2.0", "generic",
            "O(1)")
            .history("7.0.0", "Added options: `NX`, `XX`, `GT` and `LT`.")
            .args(key("key", 0),
                unixTime("unix-time-seconds"),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX"),
                    pureToken("gt", "GT"),
                    pureToken("lt", "LT")).since("7.0.0").optional());

    static final CommandDoc PEXPIREAT = doc("Set the expiration for a key as a UNIX timestamp specified in "
            + "milliseconds", "2.6.0", "generic", "O(1)")
            .history("7.0.0", "Added options: `NX`, `XX`, `GT` and `LT`.")
            .args(key("key", 0),
                unixTime("unix-time-milliseconds"),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX"),
                    pureToken("gt", "GT"),
                    pureToken("lt", "LT")).since("7.0.0").optional());

    static final CommandDoc TTL = doc("Get the time to live for a key in seconds", "1.0.0", "generic", "O(1)")
            .history("2.8.0", "Added the -2 reply.")
            .args(key("key", 0));

    static final CommandDoc PTTL = doc("Get the time to live for a key in milliseconds", "2.6.0", "generic", "O(1)")
            .history("2.8.0", "Added the -2 reply.")
            .args(key("key", 0));

    static final CommandDoc EXPIRETIME = doc("Get the expiration Unix timestamp for a key", "7.0.0", "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc PEXPIRETIME = doc("Get the expiration Unix timestamp for a key in milliseconds", "7.0.0",
            "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc PERSIST = doc("Remove the expiration from a key", "2.2.0", "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc RENAME = doc("Rename a key", "1.0.0", "generic", "O(1)")
            .args(key("key", 0),
                key("newkey", 1));

    static final CommandDoc RENAMENX = doc("Rename a key, only if the new key does not exist", "1.0.0", "generic",
            "O(1)")
            .history("3.2.0", "The command no longer returns an error when source and destination names are the same.")
            .args(key("key", 0),
                key("newkey", 1));

    static final CommandDoc COPY = doc("Copy a key", "6.2.0", "generic",
            "O(N) worst case for collections, where N is the number of nested items. O(1) for string values.")
            .args(key("source", 0),
                key("destination", 1),
                integer("destination-db").token("DB").optional(),
                pureToken("replace", "REPLACE").optional());

    static final CommandDoc DUMP = doc("Return a serialized version of the value stored at the specified key.", "2.6.0",
            "generic", "O(1) to access the key and additional O(N*M) to serialize it, where N is the number of Redis "
            + "objects composing the value and M their average size. For small string values the time complexity is "
            + "thus O(1)+O(1*M) where M is small, so simply O(1).")
            .args(key("key", 0));

    static final CommandDoc RESTORE = doc("Create a key using the provided serialized value, previously obtained "
            + "using DUMP.", "2.6.0", "generic", "O(1) to create the new key and additional O(N*M) to reconstruct the "
            + "serialized value, where N is the number of Redis objects composing the value and M their average "
            + "size. For small string values the time complexity is thus O(1)+O(1*M) where M is small, so simply "
            + "O(1). However for sorted set values the complexity is O(N*M*log(N)) because inserting values into "
            + "sorted sets is O(log(N)).")
            .history("3.0.0", "Added the `REPLACE` modifier.")
            .history("5.0.0", "Added the `ABSTTL` modifier.")
            .history("5.0.0", "Added the `IDLETIME` and `FREQ` options.")
            .args(key("key", 0),
                integer("ttl"),
                string("serialized-value"),
                pureToken("replace", "REPLACE").since("3.0.0").optional(),
                pureToken("absttl", "ABSTTL").since("5.0.0").optional(),
                integer("seconds").token("IDLETIME").since("5.0.0").optional(),
                integer("frequency").token("FREQ").since("5.0.0").optional());

    static final CommandDoc MOVE = doc("Move a key to another database", "1.0.0", "generic", "O(1)")
            .args(key("key", 0),
                integer("db"));

    static final CommandDoc KEYS = doc("Find all keys matching the given pattern", "1.0.0", "generic",
            "O(N) with N being the number of keys in the database, under the assumption that the key names in the "
            + "database and the given pattern have limited length.")
            .args(pattern("pattern"));

    static final CommandDoc SCAN = doc("Incrementally iterate the keys space", "2.8.0", "generic",
            "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to "
            + "return back to 0. N is the number of elements inside the collection.")
            .history("6.0.0", "Added the `TYPE` subcommand.")
            .args(integer("cursor"),
                pattern("pattern").token("MATCH").optional(),
                integer("count").token("COUNT").optional(),
                string("type").token("TYPE").since("6.0.0").optional());

    static final CommandDoc RANDOMKEY = doc("Return a random key from the keyspace", "1.0.0", "generic", "O(1)");

    static final CommandDoc OBJECT = doc("A container for object introspection commands", "2.2.3", "generic",
            "Depends on subcommand.");

    static final CommandDoc OBJECT_ENCODING = doc("Inspect the internal encoding of a Redis object", "2.2.3",
            "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc OBJECT_FREQ = doc("Get the logarithmic access frequency counter of a Redis object",
            "4.0.0", "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc OBJECT_IDLETIME = doc("Get the time since a Redis object was last accessed", "2.2.3",
            "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc OBJECT_REFCOUNT = doc("Get the number of references to the value of the key", "2.2.3",
            "generic", "O(1)")
            .args(key("key", 0));

    static final CommandDoc OBJECT_HELP = doc("Show helpful text about the different subcommands", "6.2.0", "generic",
            "O(1)");

    private KeyDocs() {
    }
}
