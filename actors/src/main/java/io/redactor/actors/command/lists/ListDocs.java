package io.redactor.actors.command.lists;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.decimal;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the list commands, as Redis 7.0 documents them. */
final class ListDocs {
    private static final String PUSH_COMPLEXITY = "O(1) for each element added, so O(N) to add N elements when the "
            + "command is called with multiple arguments.";

    static final CommandDoc LPUSH = doc("Prepend one or multiple elements to a list", "1.0.0", "list",
            PUSH_COMPLEXITY)
            .history("2.4.0", "Accepts multiple `element` arguments.")
            .args(key("key", 0),
                string("element").multiple());

    static final CommandDoc RPUSH = doc("Append one or multiple elements to a list", "1.0.0", "list",
            PUSH_COMPLEXITY)
            .history("2.4.0", "Accepts multiple `element` arguments.")
            .args(key("key", 0),
                string("element").multiple());

    static final CommandDoc LPUSHX = doc("Prepend an element to a list, only if the list exists", "2.2.0", "list",
            PUSH_COMPLEXITY)
            .history("4.0.0", "Accepts multiple `element` arguments.")
            .args(key("key", 0),
                string("element").multiple());

    static final CommandDoc RPUSHX = doc("Append an element to a list, only if the list exists", "2.2.0", "list",
            PUSH_COMPLEXITY)
            .history("4.0.0", "Accepts multiple `element` arguments.")
            .args(key("key", 0),
                string("element").multiple());

    static final CommandDoc LPOP = doc("Remove and get the first elements in a list", "1.0.0", "list",
            "O(N) where N is the number of elements returned")
            .history("6.2.0", "Added the `count` argument.")
            .args(key("key", 0),
                integer("count").since("6.2.0").optional());

    static final CommandDoc RPOP = doc("Remove and get the last elements in a list", "1.0.0", "list",
            "O(N) where N is the number of elements returned")
            .history("6.2.0", "Added the `count` argument.")
            .args(key("key", 0),
                integer("count").since("6.2.0").optional());

    static final CommandDoc LLEN = doc("Get the length of a list", "1.0.0", "list", "O(1)")
            .args(key("key", 0));

    static final CommandDoc LRANGE = doc("Get a range of elements from a list", "1.0.0", "list",
            "O(S+N) where S is the distance of start offset from HEAD for small lists, from nearest end (HEAD or "
                    + "TAIL) for large lists; and N is the number of elements in the specified range.")
            .args(key("key", 0),
                integer("start"),
                integer("stop"));

    static final CommandDoc LINDEX = doc("Get an element from a list by its index", "1.0.0", "list",
            "O(N) where N is the number of elements to traverse to get to the element at index. This makes asking "
                    + "for the first or the last element of the list O(1).")
            .args(key("key", 0),
                integer("index"));

    static final CommandDoc LSET = doc("Set the value of an element in a list by its index", "1.0.0", "list",
            "O(N) where N is the length of the list. Setting either the first or the last element of the list is "
                    + "O(1).")
            .args(key("key", 0),
                integer("index"),
                string("element"));

    static final CommandDoc LINSERT = doc("Insert an element before or after another element in a list", "2.2.0",
            "list", "O(N) where N is the number of elements to traverse before seeing the value pivot. This means "
                    + "that inserting somewhere on the left end on the list (head) can be considered O(1) and "
                    + "inserting somewhere on the right end (tail) is O(N).")
            .args(key("key", 0),
                oneOf("where",
                    pureToken("before", "BEFORE"),
                    pureToken("after", "AFTER")),
                string("pivot"),
                string("element"));

    static final CommandDoc LREM = doc("Remove elements from a list", "1.0.0", "list",
            "O(N+M) where N is the length of the list and M is the number of elements removed.")
            .args(key("key", 0),
                integer("count"),
                string("element"));

    static final CommandDoc LTRIM = doc("Trim a list to the specified range", "1.0.0", "list",
            "O(N) where N is the number of elements to be removed by the operation.")
            .args(key("key", 0),
                integer("start"),
                integer("stop"));

    static final CommandDoc LPOS = doc("Return the index of matching elements on a list", "6.0.6", "list",
            "O(N) where N is the number of elements in the list, for the average case. When searching for elements "
                    + "near the head or the tail of the list, or when the MAXLEN option is provided, the command may "
                    + "run in constant time.")
            .args(key("key", 0),
                string("element"),
                integer("rank").token("RANK").optional(),
                integer("num-matches").token("COUNT").optional(),
                integer("len").token("MAXLEN").optional());

    static final CommandDoc LMOVE = doc("Pop an element from a list, push it to another list and return it",
            "6.2.0", "list", "O(1)")
            .args(key("source", 0),
                key("destination", 1),
                oneOf("wherefrom",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")),
                oneOf("whereto",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")));

    static final CommandDoc RPOPLPUSH = doc("Remove the last element in a list, prepend it to another list and "
            + "return it", "1.2.0", "list", "O(1)")
            .deprecated("6.2.0", "`LMOVE` with the `RIGHT` and `LEFT` arguments")
            .args(key("source", 0),
                key("destination", 1));

    static final CommandDoc LMPOP = doc("Pop elements from a list", "7.0.0", "list",
            "O(N+M) where N is the number of provided keys and M is the number of elements returned.")
            .args(integer("numkeys"),
                key("key", 0).multiple(),
                oneOf("where",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")),
                integer("count").token("COUNT").optional());

    private static final String TIMEOUT_AS_DOUBLE = "`timeout` is interpreted as a double instead of an integer.";
    private static final String MOVE_OR_BLOCK = "Pop an element from a list, push it to another list and return it; "
            + "or block until one is available";

    static final CommandDoc BLPOP = doc("Remove and get the first element in a list, or block until one is "
            + "available", "2.0.0", "list", "O(N) where N is the number of provided keys.")
            .history("6.0.0", TIMEOUT_AS_DOUBLE)
            .args(key("key", 0).multiple(),
                decimal("timeout"));

    static final CommandDoc BRPOP = doc("Remove and get the last element in a list, or block until one is "
            + "available", "2.0.0", "list", "O(N) where N is the number of provided keys.")
            .history("6.0.0", TIMEOUT_AS_DOUBLE)
            .args(key("key", 0).multiple(),
                decimal("timeout"));

    static final CommandDoc BRPOPLPUSH = doc(MOVE_OR_BLOCK, "2.2.0", "list", "O(1)")
            .deprecated("6.2.0", "`BLMOVE` with the `RIGHT` and `LEFT` arguments")
            .history("6.0.0", TIMEOUT_AS_DOUBLE)
            .args(key("source", 0),
                key("destination", 1),
                decimal("timeout"));

    static final CommandDoc BLMOVE = doc(MOVE_OR_BLOCK, "6.2.0", "list", "O(1)")
            .args(key("source", 0),
                key("destination", 1),
                oneOf("wherefrom",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")),
                oneOf("whereto",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")),
                decimal("timeout"));

    static final CommandDoc BLMPOP = doc("Pop elements from a list, or block until one is available", "7.0.0",
            "list", "O(N+M) where N is the number of provided keys and M is the number of elements returned.")
            .args(decimal("timeout"),
                integer("numkeys"),
                key("key", 0).multiple(),
                oneOf("where",
                    pureToken("left", "LEFT"),
                    pureToken("right", "RIGHT")),
                integer("count").token("COUNT").optional());

    private ListDocs() {
    }
}
