package io.redactor.actors.command.sort;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.pureToken;

/** COMMAND DOCS of SORT and SORT_RO. */
final class SortDocs {
    private static final String COMPLEXITY = "O(N+M*log(M)) where N is the number of elements in the list or set to "
            + "sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).";

    static final CommandDoc SORT = doc("Sort the elements in a list, set or sorted set", "1.0.0", "generic",
            COMPLEXITY)
            .args(key("key", 0),
                pattern("pattern").keySpecIndex(1).token("BY").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional(),
                pattern("pattern").keySpecIndex(1).token("GET").optional().multiple().multipleToken(),
                oneOf("order",
                    pureToken("asc", "ASC"),
                    pureToken("desc", "DESC")).optional(),
                pureToken("sorting", "ALPHA").optional(),
                key("destination", 2).token("STORE").optional());

    static final CommandDoc SORT_RO = doc("Sort the elements in a list, set or sorted set. Read-only variant of "
            + "SORT.", "7.0.0", "generic", COMPLEXITY)
            .args(key("key", 0),
                pattern("pattern").keySpecIndex(1).token("BY").optional(),
                block("offset_count",
                    integer("offset"),
                    integer("count")).token("LIMIT").optional(),
                pattern("pattern").keySpecIndex(1).token("GET").optional().multiple().multipleToken(),
                oneOf("order",
                    pureToken("asc", "ASC"),
                    pureToken("desc", "DESC")).optional(),
                pureToken("sorting", "ALPHA").optional());

    private SortDocs() {
    }
}
