package io.redactor.actors.command.sets;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the set commands, as Redis 7.0 documents them. */
final class SetDocs {
    private static final String INTERSECTION_COMPLEXITY =
            "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.";
    private static final String ALL_ELEMENTS_COMPLEXITY =
            "O(N) where N is the total number of elements in all given sets.";

    static final CommandDoc SADD = doc("Add one or more members to a set", "1.0.0", "set",
            "O(1) for each element added, so O(N) to add N elements when the command is called with multiple "
            + "arguments.")
            .history("2.4.0", "Accepts multiple `member` arguments.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc SREM = doc("Remove one or more members from a set", "1.0.0", "set",
            "O(N) where N is the number of members to be removed.")
            .history("2.4.0", "Accepts multiple `member` arguments.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc SMEMBERS = doc("Get all the members in a set", "1.0.0", "set",
            "O(N) where N is the set cardinality.")
            .args(key("key", 0));

    static final CommandDoc SISMEMBER = doc("Determine if a given value is a member of a set", "1.0.0", "set",
            "O(1)")
            .args(key("key", 0),
                string("member"));

    static final CommandDoc SMISMEMBER = doc("Returns the membership associated with the given elements for a set",
            "6.2.0", "set", "O(N) where N is the number of elements being checked for membership")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc SCARD = doc("Get the number of members in a set", "1.0.0", "set", "O(1)")
            .args(key("key", 0));

    static final CommandDoc SPOP = doc("Remove and return one or multiple random members from a set", "1.0.0",
            "set", "Without the count argument O(1), otherwise O(N) where N is the value of the passed count.")
            .history("3.2.0", "Added the `count` argument.")
            .args(key("key", 0),
                integer("count").since("3.2.0").optional());

    static final CommandDoc SRANDMEMBER = doc("Get one or multiple random members from a set", "1.0.0", "set",
            "Without the count argument O(1), otherwise O(N) where N is the absolute value of the passed count.")
            .history("2.6.0", "Added the optional `count` argument.")
            .args(key("key", 0),
                integer("count").since("2.6.0").optional());

    static final CommandDoc SMOVE = doc("Move a member from one set to another", "1.0.0", "set", "O(1)")
            .args(key("source", 0),
                key("destination", 1),
                string("member"));

    static final CommandDoc SINTER = doc("Intersect multiple sets", "1.0.0", "set", INTERSECTION_COMPLEXITY)
            .args(key("key", 0).multiple());

    static final CommandDoc SINTERCARD = doc("Intersect multiple sets and return the cardinality of the result",
            "7.0.0", "set", INTERSECTION_COMPLEXITY)
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                integer("limit").token("LIMIT").optional());

    static final CommandDoc SINTERSTORE = doc("Intersect multiple sets and store the resulting set in a key",
            "1.0.0", "set", INTERSECTION_COMPLEXITY)
            .args(key("destination", 0),
                key("key", 1).multiple());

    static final CommandDoc SUNION = doc("Add multiple sets", "1.0.0", "set", ALL_ELEMENTS_COMPLEXITY)
            .args(key("key", 0).multiple());

    static final CommandDoc SUNIONSTORE = doc("Add multiple sets and store the resulting set in a key", "1.0.0",
            "set", ALL_ELEMENTS_COMPLEXITY)
            .args(key("destination", 0),
                key("key", 1).multiple());

    static final CommandDoc SDIFF = doc("Subtract multiple sets", "1.0.0", "set", ALL_ELEMENTS_COMPLEXITY)
            .args(key("key", 0).multiple());

    static final CommandDoc SDIFFSTORE = doc("Subtract multiple sets and store the resulting set in a key",
            "1.0.0", "set", ALL_ELEMENTS_COMPLEXITY)
            .args(key("destination", 0),
                key("key", 1).multiple());

    static final CommandDoc SSCAN = doc("Incrementally iterate Set elements", "2.8.0", "set",
            "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to "
            + "return back to 0. N is the number of elements inside the collection..")
            .args(key("key", 0),
                integer("cursor"),
                pattern("pattern").token("MATCH").optional(),
                integer("count").token("COUNT").optional());

    private SetDocs() {
    }
}
