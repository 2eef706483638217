package io.redactor.actors.command.zsets;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.decimal;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the sorted set commands, as Redis 7.0 documents them. */
final class SortedSetDocs {
    static final CommandDoc ZADD = doc(
            "Add one or more members to a sorted set, or update its score if it already exists", "1.2.0", "sorted-set",
            "O(log(N)) for each item added, where N is the number of elements in the sorted set.")
            .history("2.4.0", "Accepts multiple elements.")
            .history("3.0.2", "Added the `XX`, `NX`, `CH` and `INCR` options.")
            .history("6.2.0", "Added the `GT` and `LT` options.")
            .args(key("key", 0),
                oneOf("condition",
                    pureToken("nx", "NX"),
                    pureToken("xx", "XX")).since("3.0.2").optional(),
                oneOf("comparison",
                    pureToken("gt", "GT"),
                    pureToken("lt", "LT")).since("6.2.0").optional(),
                pureToken("change", "CH").since("3.0.2").optional(),
                pureToken("increment", "INCR").since("3.0.2").optional(),
                block("score_member",
                    decimal("score"),
                    string("member")).multiple());

    static final CommandDoc ZINCRBY = doc("Increment the score of a member in a sorted set", "1.2.0", "sorted-set",
            "O(log(N)) where N is the number of elements in the sorted set.")
            .args(key("key", 0),
                integer("increment"),
                string("member"));

    static final CommandDoc ZSCORE = doc("Get the score associated with the given member in a sorted set", "1.2.0",
            "sorted-set", "O(1)")
            .args(key("key", 0),
                string("member"));

    static final CommandDoc ZMSCORE = doc("Get the score associated with the given members in a sorted set", "6.2.0",
            "sorted-set", "O(N) where N is the number of members being requested.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc ZCARD = doc("Get the number of members in a sorted set", "1.2.0", "sorted-set", "O(1)")
            .args(key("key", 0));

    static final CommandDoc ZCOUNT = doc("Count the members in a sorted set with scores within the given values",
            "2.0.0", "sorted-set", "O(log(N)) with N being the number of elements in the sorted set.")
            .args(key("key", 0),
                decimal("min"),
                decimal("max"));

    static final CommandDoc ZLEXCOUNT = doc(
            "Count the number of members in a sorted set between a given lexicographical range", "2.8.9", "sorted-set",
            "O(log(N)) with N being the number of elements in the sorted set.")
            .args(key("key", 0),
                string("min"),
                string("max"));

    static final CommandDoc ZRANK = doc("Determine the index of a member in a sorted set", "2.0.0", "sorted-set",
            "O(log(N))")
            .args(key("key", 0),
                string("member"));

    static final CommandDoc ZREVRANK = doc(
            "Determine the index of a member in a sorted set, with scores ordered from high to low", "2.0.0",
            "sorted-set", "O(log(N))")
            .args(key("key", 0),
                string("member"));

    static final CommandDoc ZRANGE = doc("Return a range of members in a sorted set", "1.2.0", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.")
            .history("6.2.0", "Added the `REV`, `BYSCORE`, `BYLEX` and `LIMIT` options.")
            .args(key("key", 0),
                string("start"),
                string("stop"),
                oneOf("sortby",
                    pureToken("byscore", "BYSCORE"),
                    pureToken("bylex", "BYLEX")).since("6.2.0").optional(),
                pureToken("rev", "REV").since("6.2.0").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").since("6.2.0").optional(),
                pureToken("withscores", "WITHSCORES").optional());

    static final CommandDoc ZRANGESTORE = doc("Store a range of members from sorted set into another key", "6.2.0",
            "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements stored "
                    + "into the destination key.")
            .args(key("dst", 0),
                key("src", 1),
                string("min"),
                string("max"),
                oneOf("sortby",
                    pureToken("byscore", "BYSCORE"),
                    pureToken("bylex", "BYLEX")).optional(),
                pureToken("rev", "REV").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional());

    static final CommandDoc ZRANGEBYSCORE = doc("Return a range of members in a sorted set, by score", "1.0.5",
            "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being "
                    + "returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can "
                    + "consider it O(log(N)).")
            .history("2.0.0", "Added the `WITHSCORES` modifier.")
            .deprecated("6.2.0", "`ZRANGE` with the `BYSCORE` argument")
            .args(key("key", 0),
                decimal("min"),
                decimal("max"),
                pureToken("withscores", "WITHSCORES").since("2.0.0").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional());

    static final CommandDoc ZREVRANGEBYSCORE = doc(
            "Return a range of members in a sorted set, by score, with scores ordered from high to low", "2.2.0",
            "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being "
                    + "returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can "
                    + "consider it O(log(N)).")
            .history("2.1.6", "`min` and `max` can be exclusive.")
            .deprecated("6.2.0", "`ZRANGE` with the `REV` and `BYSCORE` arguments")
            .args(key("key", 0),
                decimal("max"),
                decimal("min"),
                pureToken("withscores", "WITHSCORES").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional());

    static final CommandDoc ZRANGEBYLEX = doc("Return a range of members in a sorted set, by lexicographical range",
            "2.8.9", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being "
                    + "returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can "
                    + "consider it O(log(N)).")
            .deprecated("6.2.0", "`ZRANGE` with the `BYLEX` argument")
            .args(key("key", 0),
                string("min"),
                string("max"),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional());

    static final CommandDoc ZREVRANGEBYLEX = doc(
            "Return a range of members in a sorted set, by lexicographical range, ordered from higher to lower "
                    + "strings.",
            "2.8.9", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being "
                    + "returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can "
                    + "consider it O(log(N)).")
            .deprecated("6.2.0", "`ZRANGE` with the `REV` and `BYLEX` arguments")
            .args(key("key", 0),
                string("max"),
                string("min"),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional());

    static final CommandDoc ZREVRANGE = doc(
            "Return a range of members in a sorted set, by index, with scores ordered from high to low", "1.2.0",
            "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.")
            .deprecated("6.2.0", "`ZRANGE` with the `REV` argument")
            .args(key("key", 0),
                integer("start"),
                integer("stop"),
                pureToken("withscores", "WITHSCORES").optional());

    static final CommandDoc ZREM = doc("Remove one or more members from a sorted set", "1.2.0", "sorted-set",
            "O(M*log(N)) with N being the number of elements in the sorted set and M the number of elements to be "
                    + "removed.")
            .history("2.4.0", "Accepts multiple elements.")
            .args(key("key", 0),
                string("member").multiple());

    static final CommandDoc ZREMRANGEBYRANK = doc("Remove all members in a sorted set within the given indexes",
            "2.0.0", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements "
                    + "removed by the operation.")
            .args(key("key", 0),
                integer("start"),
                integer("stop"));

    static final CommandDoc ZREMRANGEBYSCORE = doc("Remove all members in a sorted set within the given scores",
            "1.2.0", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements "
                    + "removed by the operation.")
            .args(key("key", 0),
                decimal("min"),
                decimal("max"));

    static final CommandDoc ZREMRANGEBYLEX = doc(
            "Remove all members in a sorted set between the given lexicographical range", "2.8.9", "sorted-set",
            "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements "
                    + "removed by the operation.")
            .args(key("key", 0),
                string("min"),
                string("max"));

    static final CommandDoc ZPOPMIN = doc("Remove and return members with the lowest scores in a sorted set", "5.0.0",
            "sorted-set",
            "O(log(N)*M) with N being the number of elements in the sorted set, and M being the number of elements "
                    + "popped.")
            .args(key("key", 0),
                integer("count").optional());

    static final CommandDoc ZPOPMAX = doc("Remove and return members with the highest scores in a sorted set", "5.0.0",
            "sorted-set",
            "O(log(N)*M) with N being the number of elements in the sorted set, and M being the number of elements "
                    + "popped.")
            .args(key("key", 0),
                integer("count").optional());

    static final CommandDoc ZMPOP = doc("Remove and return members with scores in a sorted set", "7.0.0", "sorted-set",
            "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in the "
                    + "sorted set, and M being the number of elements popped.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                oneOf("where",
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")),
                integer("count").token("COUNT").optional());

    private static final String TIMEOUT_AS_DOUBLE = "`timeout` is interpreted as a double instead of an integer.";

    static final CommandDoc BZPOPMIN = doc("Remove and return the member with the lowest score from one or more "
            + "sorted sets, or block until one is available", "5.0.0", "sorted-set",
            "O(log(N)) with N being the number of elements in the sorted set.")
            .history("6.0.0", TIMEOUT_AS_DOUBLE)
            .args(key("key", 0).multiple(),
                decimal("timeout"));

    static final CommandDoc BZPOPMAX = doc("Remove and return the member with the highest score from one or more "
            + "sorted sets, or block until one is available", "5.0.0", "sorted-set",
            "O(log(N)) with N being the number of elements in the sorted set.")
            .history("6.0.0", TIMEOUT_AS_DOUBLE)
            .args(key("key", 0).multiple(),
                decimal("timeout"));

    static final CommandDoc BZMPOP = doc("Remove and return members with scores in a sorted set or block until one "
            + "is available", "7.0.0", "sorted-set",
            "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in the "
                    + "sorted set, and M being the number of elements popped.")
            .args(decimal("timeout"),
                integer("numkeys"),
                key("key", 0).multiple(),
                oneOf("where",
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")),
                integer("count").token("COUNT").optional());

    static final CommandDoc ZRANDMEMBER = doc("Get one or multiple random elements from a sorted set", "6.2.0",
            "sorted-set", "O(N) where N is the number of elements returned")
            .args(key("key", 0),
                block("options",
                    integer("count"),
                    pureToken("withscores", "WITHSCORES").optional()).optional());

    static final CommandDoc ZUNION = doc("Add multiple sorted sets", "6.2.0", "sorted-set",
            "O(N)+O(M*log(M)) with N being the sum of the sizes of the input sorted sets, and M being the number "
                    + "of elements in the resulting sorted set.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                integer("weight").token("WEIGHTS").optional().multiple(),
                oneOf("aggregate",
                    pureToken("sum", "SUM"),
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")).token("AGGREGATE").optional(),
                pureToken("withscores", "WITHSCORES").optional());

    static final CommandDoc ZINTER = doc("Intersect multiple sorted sets", "6.2.0", "sorted-set",
            "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted set, K being the number of input "
                    + "sorted sets and M being the number of elements in the resulting sorted set.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                integer("weight").token("WEIGHTS").optional().multiple(),
                oneOf("aggregate",
                    pureToken("sum", "SUM"),
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")).token("AGGREGATE").optional(),
                pureToken("withscores", "WITHSCORES").optional());

    static final CommandDoc ZDIFF = doc("Subtract multiple sorted sets", "6.2.0", "sorted-set",
            "O(L + (N-K)log(N)) worst case where L is the total number of elements in all the sets, N is the size "
                    + "of the first set, and K is the size of the result set.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                pureToken("withscores", "WITHSCORES").optional());

    static final CommandDoc ZUNIONSTORE = doc(
            "Add multiple sorted sets and store the resulting sorted set in a new key", "2.0.0", "sorted-set",
            "O(N)+O(M log(M)) with N being the sum of the sizes of the input sorted sets, and M being the number "
                    + "of elements in the resulting sorted set.")
            .args(key("destination", 0),
                integer("numkeys"),
                key("key", 1).multiple(),
                integer("weight").token("WEIGHTS").optional().multiple(),
                oneOf("aggregate",
                    pureToken("sum", "SUM"),
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")).token("AGGREGATE").optional());

    static final CommandDoc ZINTERSTORE = doc(
            "Intersect multiple sorted sets and store the resulting sorted set in a new key", "2.0.0", "sorted-set",
            "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted set, K being the number of input "
                    + "sorted sets and M being the number of elements in the resulting sorted set.")
            .args(key("destination", 0),
                integer("numkeys"),
                key("key", 1).multiple(),
                integer("weight").token("WEIGHTS").optional().multiple(),
                oneOf("aggregate",
                    pureToken("sum", "SUM"),
                    pureToken("min", "MIN"),
                    pureToken("max", "MAX")).token("AGGREGATE").optional());

    static final CommandDoc ZDIFFSTORE = doc(
            "Subtract multiple sorted sets and store the resulting sorted set in a new key", "6.2.0", "sorted-set",
            "O(L + (N-K)log(N)) worst case where L is the total number of elements in all the sets, N is the size "
                    + "of the first set, and K is the size of the result set.")
            .args(key("destination", 0),
                integer("numkeys"),
                key("key", 1).multiple());

    static final CommandDoc ZINTERCARD = doc("Intersect multiple sorted sets and return the cardinality of the result",
            "7.0.0", "sorted-set",
            "O(N*K) worst case with N being the smallest input sorted set, K being the number of input sorted sets.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                integer("limit").token("LIMIT").optional());

    static final CommandDoc ZSCAN = doc("Incrementally iterate sorted sets elements and associated scores", "2.8.0",
            "sorted-set",
            "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to "
                    + "return back to 0. N is the number of elements inside the collection..")
            .args(key("key", 0),
                integer("cursor"),
                pattern("pattern").token("MATCH").optional(),
                integer("count").token("COUNT").optional());

    private SortedSetDocs() {
    }
}
