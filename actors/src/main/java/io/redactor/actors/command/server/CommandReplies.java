package io.redactor.actors.command.server;

import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * COMMAND INFO and COMMAND DOCS entries with Redis 7.0's exact layout: which parts are sets, maps or arrays,
 * which strings are status replies and which bulk, and the order of every field.
 */
final class CommandReplies {
    /** Flags Redis keeps to itself: COMMAND INFO never lists them. */
    private static final Set<CommandFlag> HIDDEN_FLAGS = EnumSet.of(CommandFlag.MAY_REPLICATE,
            CommandFlag.SENTINEL, CommandFlag.ONLY_SENTINEL, CommandFlag.PROTECTED);

    private CommandReplies() {
    }

    static Reply info(CommandSpec spec) {
        List<Reply> info = new ArrayList<>(10);
        info.add(BulkString.of(spec.fullName()));
        info.add(IntegerReply.of(spec.arity()));
        info.add(flags(spec.flags()));
        info.add(IntegerReply.of(spec.keys().first()));
        info.add(IntegerReply.of(spec.keys().last()));
        info.add(IntegerReply.of(spec.keys().step()));
        info.add(statusSet(spec.aclCategories()));
        info.add(new SetReply(spec.tips().stream().<Reply>map(BulkString::of).toList()));
        info.add(new SetReply(spec.keySpecs().stream().map(CommandReplies::keySpec).toList()));
        if (spec.subcommands().isEmpty()) {
            info.add(new SetReply(List.of()));
        } else {
            info.add(new ArrayReply(spec.subcommands().values().stream().map(CommandReplies::info).toList()));
        }
        return new ArrayReply(info);
    }

    /** The command's flags in Redis's order, "movablekeys" included and the hidden ones left out. */
    private static Reply flags(Set<CommandFlag> flags) {
        List<Reply> names = new ArrayList<>();
        for (CommandFlag flag : flags) {
            if (!HIDDEN_FLAGS.contains(flag)) {
                names.add(new SimpleString(flag.redisName()));
            }
        }
        return new SetReply(names);
    }

    private static Reply keySpec(KeySpec spec) {
        List<Reply> map = new ArrayList<>();
        if (spec.notes() != null) {
            map.add(BulkString.of("notes"));
            map.add(BulkString.of(spec.notes()));
        }
        map.add(BulkString.of("flags"));
        map.add(statusSet(spec.flags()));
        map.add(BulkString.of("begin_search"));
        map.add(switch (spec.beginSearch()) {
            case KeySpec.Index index -> typed("index", BulkString.of("index"), IntegerReply.of(index.pos()));
            case KeySpec.Keyword keyword -> typed("keyword", BulkString.of("keyword"), BulkString.of(keyword.keyword()),
                    BulkString.of("startfrom"), IntegerReply.of(keyword.startFrom()));
            case KeySpec.Unknown unknown -> typed("unknown");
        });
        map.add(BulkString.of("find_keys"));
        map.add(switch (spec.findKeys()) {
            case KeySpec.Range range -> typed("range", BulkString.of("lastkey"), IntegerReply.of(range.lastKey()),
                    BulkString.of("keystep"), IntegerReply.of(range.keyStep()),
                    BulkString.of("limit"), IntegerReply.of(range.limit()));
            case KeySpec.KeyNum keyNum -> typed("keynum",
                    BulkString.of("keynumidx"), IntegerReply.of(keyNum.keyNumIndex()),
                    BulkString.of("firstkey"), IntegerReply.of(keyNum.firstKey()),
                    BulkString.of("keystep"), IntegerReply.of(keyNum.keyStep()));
            case KeySpec.Unknown unknown -> typed("unknown");
        });
        return new MapReply(map);
    }

    private static Reply typed(String type, Reply... spec) {
        return new MapReply(List.of(BulkString.of("type"), BulkString.of(type), BulkString.of("spec"),
                new MapReply(List.of(spec))));
    }

    /** A command's documentation: a map whose "group" is always there and whose other parts only when set. */
    static Reply docs(CommandSpec spec) {
        CommandDoc doc = spec.doc();
        List<Reply> map = new ArrayList<>();
        put(map, "summary", doc.summary());
        put(map, "since", doc.since());
        map.add(BulkString.of("group"));
        map.add(BulkString.of(doc.group() == null ? "generic" : doc.group()));
        put(map, "complexity", doc.complexity());
        if (!doc.docFlags().isEmpty()) {
            map.add(BulkString.of("doc_flags"));
            map.add(statusSet(doc.docFlags()));
        }
        put(map, "deprecated_since", doc.deprecatedSince());
        put(map, "replaced_by", doc.replacedBy());
        if (!doc.history().isEmpty()) {
            map.add(BulkString.of("history"));
            map.add(new SetReply(doc.history().stream()
                    .<Reply>map(h -> ArrayReply.of(BulkString.of(h.version()), BulkString.of(h.change()))).toList()));
        }
        if (!doc.arguments().isEmpty()) {
            map.add(BulkString.of("arguments"));
            map.add(arguments(doc.arguments()));
        }
        if (!spec.subcommands().isEmpty()) {
            map.add(BulkString.of("subcommands"));
            List<Reply> subs = new ArrayList<>();
            for (CommandSpec sub : spec.subcommands().values()) {
                subs.add(BulkString.of(sub.fullName()));
                subs.add(docs(sub));
            }
            map.add(new MapReply(subs));
        }
        return new MapReply(map);
    }

    private static Reply arguments(List<CommandDoc.Arg> args) {
        List<Reply> list = new ArrayList<>();
        for (CommandDoc.Arg arg : args) {
            List<Reply> map = new ArrayList<>();
            put(map, "name", arg.name());
            put(map, "type", arg.type());
            put(map, "display_text", arg.displayText());
            if (arg.keySpecIndex() >= 0) {
                map.add(BulkString.of("key_spec_index"));
                map.add(IntegerReply.of(arg.keySpecIndex()));
            }
            put(map, "token", arg.token());
            put(map, "summary", arg.summary());
            put(map, "since", arg.since());
            put(map, "deprecated_since", arg.deprecatedSince());
            if (!arg.flags().isEmpty()) {
                map.add(BulkString.of("flags"));
                map.add(statusSet(arg.flags()));
            }
            if (!arg.arguments().isEmpty()) {
                map.add(BulkString.of("arguments"));
                map.add(arguments(arg.arguments()));
            }
            list.add(new MapReply(map));
        }
        return new ArrayReply(list);
    }

    private static Reply statusSet(List<String> names) {
        return new SetReply(names.stream().<Reply>map(SimpleString::new).toList());
    }

    private static void put(List<Reply> map, String name, String value) {
        if (value != null) {
            map.add(BulkString.of(name));
            map.add(BulkString.of(value));
        }
    }
}
