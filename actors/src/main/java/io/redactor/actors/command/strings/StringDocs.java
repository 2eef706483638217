package io.redactor.actors.command.strings;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.decimal;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;
import static io.redactor.actors.command.CommandDoc.unixTime;

/** What COMMAND DOCS reports for the string commands, as Redis 7.0 documents them. */
final class StringDocs {
    static final CommandDoc SET = doc("Set the string value of a key", "1.0.0", "string", "O(1)")
            .history("2.6.12", "Added the `EX`, `PX`, `NX` and `XX` options.")
            .history("6.0.0", "Added the `KEEPTTL` option.")
            .history("6.2.0", "Added the `GET`, `EXAT` and `PXAT` option.")
            .history("7.0.0", "Allowed the `NX` and `GET` options to be used together.")
            .args(key("key", 0),
                string("value"),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX")).since("2.6.12").optional(),
                pureToken("get", "GET").since("6.2.0").optional(),
                oneOf("expiration",
                    integer("seconds").token("EX").since("2.6.12"),
                    integer("milliseconds").token("PX").since("2.6.12"),
                    unixTime("unix-time-seconds").token("EXAT").since("6.2.0"),
                    unixTime("unix-time-milliseconds").token("PXAT").since("6.2.0"),
                    pureToken("keepttl", "KEEPTTL").since("6.0.0")).optional());

    static final CommandDoc SETNX = doc("Set the value of a key, only if the key does not exist", "1.0.0", "string",
            "O(1)")
            .args(key("key", 0),
                string("value"));

    static final CommandDoc SETEX = doc("Set the value and expiration of a key", "2.0.0", "string", "O(1)")
            .args(key("key", 0),
                integer("seconds"),
                string("value"));

    static final CommandDoc PSETEX = doc("Set the value and expiration in milliseconds of a key", "2.6.0", "string",
            "O(1)")
            .args(key("key", 0),
                integer("milliseconds"),
                string("value"));

    static final CommandDoc GETSET = doc("Set the string value of a key and return its old value", "1.0.0", "string",
            "O(1)")
            .deprecated("6.2.0", "`SET` with the `!GET` argument")
            .args(key("key", 0),
                string("value"));

    static final CommandDoc MSET = doc("Set multiple keys to multiple values", "1.0.1", "string",
            "O(N) where N is the number of keys to set.")
            .args(block("key_value",
                    key("key", 0),
                    string("value")).multiple());

    static final CommandDoc MSETNX = doc("Set multiple keys to multiple values, only if none of the keys exist",
            "1.0.1", "string", "O(N) where N is the number of keys to set.")
            .args(block("key_value",
                    key("key", 0),
                    string("value")).multiple());

    static final CommandDoc GET = doc("Get the value of a key", "1.0.0", "string", "O(1)")
            .args(key("key", 0));

    static final CommandDoc GETDEL = doc("Get the value of a key and delete the key", "6.2.0", "string", "O(1)")
            .args(key("key", 0));

    static final CommandDoc GETEX = doc("Get the value of a key and optionally set its expiration", "6.2.0", "string",
            "O(1)")
            .args(key("key", 0),
                oneOf("expiration",
                    integer("seconds").token("EX"),
                    integer("milliseconds").token("PX"),
                    unixTime("unix-time-seconds").token("EXAT"),
                    unixTime("unix-time-milliseconds").token("PXAT"),
                    pureToken("persist", "PERSIST")).optional());

    static final CommandDoc MGET = doc("Get the values of all the given keys", "1.0.0", "string",
            "O(N) where N is the number of keys to retrieve.")
            .args(key("key", 0).multiple());

    static final CommandDoc STRLEN = doc("Get the length of the value stored in a key", "2.2.0", "string", "O(1)")
            .args(key("key", 0));

    private static final String SUBSTRING_COMPLEXITY = "O(N) where N is the length of the returned string. The "
            + "complexity is ultimately determined by the returned length, but because creating a substring from an "
            + "existing string is very cheap, it can be considered O(1) for small strings.";

    static final CommandDoc GETRANGE = doc("Get a substring of the string stored at a key", "2.4.0", "string",
            SUBSTRING_COMPLEXITY)
            .args(key("key", 0),
                integer("start"),
                integer("end"));

    static final CommandDoc SUBSTR = doc("Get a substring of the string stored at a key", "1.0.0", "string",
            SUBSTRING_COMPLEXITY)
            .deprecated("2.0.0", "`GETRANGE`")
            .args(key("key", 0),
                integer("start"),
                integer("end"));

    static final CommandDoc APPEND = doc("Append a value to a key", "2.0.0", "string",
            "O(1). The amortized time complexity is O(1) assuming the appended value is small and the already "
            + "present value is of any size, since the dynamic string library used by Redis will double the free "
            + "space available on every reallocation.")
            .args(key("key", 0),
                string("value"));

    static final CommandDoc SETRANGE = doc("Overwrite part of a string at key starting at the specified offset",
            "2.2.0", "string",
            "O(1), not counting the time taken to copy the new string in place. Usually, this string is very "
            + "small so the amortized complexity is O(1). Otherwise, complexity is O(M) with M being the length of "
            + "the value argument.")
            .args(key("key", 0),
                integer("offset"),
                string("value"));

    static final CommandDoc INCR = doc("Increment the integer value of a key by one", "1.0.0", "string", "O(1)")
            .args(key("key", 0));

    static final CommandDoc DECR = doc("Decrement the integer value of a key by one", "1.0.0", "string", "O(1)")
            .args(key("key", 0));

    static final CommandDoc INCRBY = doc("Increment the integer value of a key by the given amount", "1.0.0", "string",
            "O(1)")
            .args(key("key", 0),
                integer("increment"));

    static final CommandDoc DECRBY = doc("Decrement the integer value of a key by the given number", "1.0.0", "string",
            "O(1)")
            .args(key("key", 0),
                integer("decrement"));

    static final CommandDoc INCRBYFLOAT = doc("Increment the float value of a key by the given amount", "2.6.0",
            "string", "O(1)")
            .args(key("key", 0),
                decimal("increment"));

    static final CommandDoc LCS = doc("Find longest common substring", "7.0.0", "string",
            "O(N*M) where N and M are the lengths of s1 and s2, respectively")
            .args(key("key1", 0),
                key("key2", 0),
                pureToken("len", "LEN").optional(),
                pureToken("idx", "IDX").optional(),
                integer("len").token("MINMATCHLEN").optional(),
                pureToken("withmatchlen", "WITHMATCHLEN").optional());

    private StringDocs() {
    }
}
