package io.redactor.actors.acl;

import io.redactor.actors.command.AclCategories;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command table as ACL rules see it: every command and subcommand by full name, in table order, and the
 * commands of each category (as bits indexed by {@link CommandSpec#id()}).
 */
final class CommandCatalog {
    private final List<CommandSpec> commands;
    private final Map<String, CommandSpec> byFullName = new HashMap<>();
    private final Map<CommandSpec, CommandSpec> parents = new HashMap<>();
    private final Map<String, BitSet> categories = new LinkedHashMap<>();
    private final int idLimit;

    CommandCatalog(CommandTable table) {
        this.commands = table.allWithSubcommands();
        for (CommandSpec spec : table.all()) {
            spec.subcommands().values().forEach(sub -> parents.put(sub, spec));
        }
        for (String category : AclCategories.names()) {
            categories.put(category, new BitSet());
        }
        this.idLimit = commands.stream().mapToInt(CommandSpec::id).max().orElse(0) + 1;
        for (CommandSpec spec : commands) {
            byFullName.put(spec.fullName(), spec);
            for (String category : spec.aclCategories()) {
                categories.get(category.substring(1)).set(spec.id());
            }
        }
    }

    /** Every command and subcommand, containers before their subcommands. */
    List<CommandSpec> commands() {
        return commands;
    }

    /** One more than the highest command id: the bits {@code +@all} sets. */
    int idLimit() {
        return idLimit;
    }

    /** {@code get} or {@code config|get}, any case; null when unknown. */
    CommandSpec lookup(String fullName) {
        return byFullName.get(fullName.toLowerCase(Locale.ROOT));
    }

    /** The container of a subcommand, null for a command. */
    CommandSpec parent(CommandSpec spec) {
        return parents.get(spec);
    }

    /** The category's commands, null for an unknown category. Not to be changed. */
    BitSet category(String name) {
        return categories.get(name.toLowerCase(Locale.ROOT));
    }

    /** The category names in Redis's order. */
    List<String> categoryNames() {
        return new ArrayList<>(categories.keySet());
    }

    /** The commands of the category, as ACL CAT lists them. */
    List<CommandSpec> inCategory(String name) {
        BitSet bits = category(name);
        return commands.stream().filter(spec -> bits.get(spec.id())).toList();
    }
}
