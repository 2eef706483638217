package io.redactor.actors.command.streams;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;
import static io.redactor.actors.command.CommandDoc.unixTime;

/** What COMMAND DOCS reports for the stream commands, as Redis 7.0 documents them. */
final class StreamDocs {
    static final CommandDoc XADD = doc(
            "Appends a new entry to a stream",
            "5.0.0",
            "stream",
            "O(1) when adding a new entry, O(N) when trimming where N being the number of entries evicted.")
            .history("6.2.0", "Added the `NOMKSTREAM` option, `MINID` trimming strategy and the `LIMIT` option.")
            .history("7.0.0", "Added support for the `<ms>-*` explicit ID form.")
            .args(key("key", 0),
                pureToken("nomkstream", "NOMKSTREAM").since("6.2.0").optional(),
                block("trim",
                    oneOf("strategy",
                        pureToken("maxlen", "MAXLEN"),
                        pureToken("minid", "MINID").since("6.2.0")),
                    oneOf("operator",
                        pureToken("equal", "="),
                        pureToken("approximately", "~")).optional(),
                    string("threshold"),
                    integer("count").token("LIMIT").since("6.2.0").optional()).optional(),
                oneOf("id_or_auto",
                    pureToken("auto_id", "*"),
                    string("id")),
                block("field_value",
                    string("field"),
                    string("value")).multiple());

    static final CommandDoc XRANGE = doc(
            "Return a range of elements in a stream, with IDs matching the specified IDs interval",
            "5.0.0",
            "stream",
            "O(N) with N being the number of elements being returned. If N is constant (e.g. always asking for the "
            + "first 10 elements with COUNT), you can consider it O(1).")
            .history("6.2.0", "Added exclusive ranges.")
            .args(key("key", 0),
                string("start"),
                string("end"),
                integer("count").token("COUNT").optional());

    static final CommandDoc XREVRANGE = doc(
            "Return a range of elements in a stream, with IDs matching the specified IDs interval, in reverse order "
            + "(from greater to smaller IDs) compared to XRANGE",
            "5.0.0",
            "stream",
            "O(N) with N being the number of elements returned. If N is constant (e.g. always asking for the first 10"
            + " elements with COUNT), you can consider it O(1).")
            .history("6.2.0", "Added exclusive ranges.")
            .args(key("key", 0),
                string("end"),
                string("start"),
                integer("count").token("COUNT").optional());

    static final CommandDoc XLEN = doc("Return the number of entries in a stream", "5.0.0", "stream", "O(1)")
            .args(key("key", 0));

    static final CommandDoc XDEL = doc(
            "Removes the specified entries from the stream. Returns the number of items actually deleted, that may be"
            + " different from the number of IDs passed in case certain IDs do not exist.",
            "5.0.0",
            "stream",
            "O(1) for each single item to delete in the stream, regardless of the stream size.")
            .args(key("key", 0),
                string("id").multiple());

    static final CommandDoc XTRIM = doc(
            "Trims the stream to (approximately if '~' is passed) a certain size",
            "5.0.0",
            "stream",
            "O(N), with N being the number of evicted entries. Constant times are very small however, since entries "
            + "are organized in macro nodes containing multiple entries that can be released with a single "
            + "deallocation.")
            .history("6.2.0", "Added the `MINID` trimming strategy and the `LIMIT` option.")
            .args(key("key", 0),
                block("trim",
                    oneOf("strategy",
                        pureToken("maxlen", "MAXLEN"),
                        pureToken("minid", "MINID").since("6.2.0")),
                    oneOf("operator",
                        pureToken("equal", "="),
                        pureToken("approximately", "~")).optional(),
                    string("threshold"),
                    integer("count").token("LIMIT").since("6.2.0").optional()));

    static final CommandDoc XREAD = doc(
            "Return never seen elements in multiple streams, with IDs greater than the ones reported by the caller "
            + "for each stream. Can block.",
            "5.0.0",
            "stream",
            "For each stream mentioned: O(N) with N being the number of elements being returned, it means that "
            + "XREAD-ing with a fixed COUNT is O(1). Note that when the BLOCK option is used, XADD will pay O(M) time "
            + "in order to serve the M clients blocked on the stream getting new data.")
            .args(integer("count").token("COUNT").optional(),
                integer("milliseconds").token("BLOCK").optional(),
                block("streams",
                    key("key", 0).multiple(),
                    string("id").multiple()).token("STREAMS"));

    static final CommandDoc XREADGROUP = doc(
            "Return new entries from a stream using a consumer group, or access the history of the pending entries "
            + "for a given consumer. Can block.",
            "5.0.0",
            "stream",
            "For each stream mentioned: O(M) with M being the number of elements returned. If M is constant (e.g. "
            + "always asking for the first 10 elements with COUNT), you can consider it O(1). On the other side when "
            + "XREADGROUP blocks, XADD will pay the O(N) time in order to serve the N clients blocked on the stream "
            + "getting new data.")
            .args(block("group_consumer",
                    string("group"),
                    string("consumer")).token("GROUP"),
                integer("count").token("COUNT").optional(),
                integer("milliseconds").token("BLOCK").optional(),
                pureToken("noack", "NOACK").optional(),
                block("streams",
                    key("key", 0).multiple(),
                    string("id").multiple()).token("STREAMS"));

    static final CommandDoc XACK = doc(
            "Marks a pending message as correctly processed, effectively removing it from the pending entries list of"
            + " the consumer group. Return value of the command is the number of messages successfully acknowledged, "
            + "that is, the IDs we were actually able to resolve in the PEL.",
            "5.0.0",
            "stream",
            "O(1) for each message ID processed.")
            .args(key("key", 0),
                string("group"),
                string("id").multiple());

    static final CommandDoc XPENDING = doc(
            "Return information and entries from a stream consumer group pending entries list, that are messages "
            + "fetched but never acknowledged.",
            "5.0.0",
            "stream",
            "O(N) with N being the number of elements returned, so asking for a small fixed number of entries per "
            + "call is O(1). O(M), where M is the total number of entries scanned when used with the IDLE filter. When "
            + "the command returns just the summary and the list of consumers is small, it runs in O(1) time; "
            + "otherwise, an additional O(N) time for iterating every consumer.")
            .history("6.2.0", "Added the `IDLE` option and exclusive range intervals.")
            .args(key("key", 0),
                string("group"),
                block("filters",
                    integer("min-idle-time").token("IDLE").since("6.2.0").optional(),
                    string("start"),
                    string("end"),
                    integer("count"),
                    string("consumer").optional()).optional());

    static final CommandDoc XCLAIM = doc(
            "Changes (or acquires) ownership of a message in a consumer group, as if the message was delivered to the"
            + " specified consumer.",
            "5.0.0",
            "stream",
            "O(log N) with N being the number of messages in the PEL of the consumer group.")
            .args(key("key", 0),
                string("group"),
                string("consumer"),
                string("min-idle-time"),
                string("id").multiple(),
                integer("ms").token("IDLE").optional(),
                unixTime("unix-time-milliseconds").token("TIME").optional(),
                integer("count").token("RETRYCOUNT").optional(),
                pureToken("force", "FORCE").optional(),
                pureToken("justid", "JUSTID").optional(),
                string("id").token("LASTID").optional());

    static final CommandDoc XAUTOCLAIM = doc(
            "Changes (or acquires) ownership of messages in a consumer group, as if the messages were delivered to "
            + "the specified consumer.",
            "6.2.0",
            "stream",
            "O(1) if COUNT is small.")
            .history("7.0.0",
                    "Added an element to the reply array, containing deleted entries the command cleared from the PEL")
            .args(key("key", 0),
                string("group"),
                string("consumer"),
                string("min-idle-time"),
                string("start"),
                integer("count").token("COUNT").optional(),
                pureToken("justid", "JUSTID").optional());

    static final CommandDoc XSETID = doc("An internal command for replicating stream values", "5.0.0", "stream", "O(1)")
            .history("7.0.0", "Added the `entries_added` and `max_deleted_entry_id` arguments.")
            .args(key("key", 0),
                string("last-id"),
                integer("entries_added").token("ENTRIESADDED").since("7.0.0").optional(),
                string("max_deleted_entry_id").token("MAXDELETEDID").since("7.0.0").optional());

    static final CommandDoc XINFO = doc(
            "A container for stream introspection commands",
            "5.0.0",
            "stream",
            "Depends on subcommand.");

    static final CommandDoc XINFO_STREAM = doc("Get information about a stream", "5.0.0", "stream", "O(1)")
            .history("6.0.0", "Added the `FULL` modifier.")
            .history("7.0.0",
                    "Added the `max-deleted-entry-id`, `entries-added`, `recorded-first-entry-id`, `entries-read` and"
                    + " `lag` fields")
            .args(key("key", 0),
                block("full",
                    integer("count").token("COUNT").optional()).token("FULL").optional());

    static final CommandDoc XINFO_GROUPS = doc("List the consumer groups of a stream", "5.0.0", "stream", "O(1)")
            .history("7.0.0", "Added the `entries-read` and `lag` fields")
            .args(key("key", 0));

    static final CommandDoc XINFO_CONSUMERS = doc("List the consumers in a consumer group", "5.0.0", "stream", "O(1)")
            .args(key("key", 0),
                string("groupname"));

    static final CommandDoc XINFO_HELP = doc(
            "Show helpful text about the different subcommands",
            "5.0.0",
            "stream",
            "O(1)");

    static final CommandDoc XGROUP = doc(
            "A container for consumer groups commands",
            "5.0.0",
            "stream",
            "Depends on subcommand.");

    static final CommandDoc XGROUP_CREATE = doc("Create a consumer group.", "5.0.0", "stream", "O(1)")
            .history("7.0.0", "Added the `entries_read` named argument.")
            .args(key("key", 0),
                string("groupname"),
                oneOf("id",
                    string("id"),
                    pureToken("new_id", "$")),
                pureToken("mkstream", "MKSTREAM").optional(),
                integer("entries_read").token("ENTRIESREAD").optional());

    static final CommandDoc XGROUP_SETID = doc(
            "Set a consumer group to an arbitrary last delivered ID value.",
            "5.0.0",
            "stream",
            "O(1)")
            .history("7.0.0", "Added the optional `entries_read` argument.")
            .args(key("key", 0),
                string("groupname"),
                oneOf("id",
                    string("id"),
                    pureToken("new_id", "$")),
                integer("entries_read").token("ENTRIESREAD").optional());

    static final CommandDoc XGROUP_DESTROY = doc(
            "Destroy a consumer group.",
            "5.0.0",
            "stream",
            "O(N) where N is the number of entries in the group's pending entries list (PEL).")
            .args(key("key", 0),
                string("groupname"));

    static final CommandDoc XGROUP_CREATECONSUMER = doc(
            "Create a consumer in a consumer group.",
            "6.2.0",
            "stream",
            "O(1)")
            .args(key("key", 0),
                string("groupname"),
                string("consumername"));

    static final CommandDoc XGROUP_DELCONSUMER = doc(
            "Delete a consumer from a consumer group.",
            "5.0.0",
            "stream",
            "O(1)")
            .args(key("key", 0),
                string("groupname"),
                string("consumername"));

    static final CommandDoc XGROUP_HELP = doc(
            "Show helpful text about the different subcommands",
            "5.0.0",
            "stream",
            "O(1)");

    private StreamDocs() {
    }
}
