package io.redactor.actors.acl;

import io.redactor.actors.command.CommandSpec;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command rules of a selector as ACL LIST and ACL GETUSER show them, as Redis 7.0 derives them from the
 * commands allowed (not from the rules as given): {@code +@all} or {@code -@all}, then, greedily, the category
 * that brings the description closest to the selector while agreeing with it on more commands than it changes,
 * then single commands ({@code +cmd}, {@code -cmd}, {@code +cmd|first-arg}) for what is left.
 */
final class CommandRulesDescription {
    private CommandRulesDescription() {
    }

    static String of(Selector selector, CommandCatalog catalog) {
        StringBuilder rules = new StringBuilder();
        boolean additive = !selector.startsFromAll();
        Selector replay = new Selector(catalog, false);
        String start = additive ? "-@all" : "+@all";
        rules.append(start).append(' ');
        replay.apply(bytes(start));

        BitSet remaining = (BitSet) selector.commandBits().clone();
        Set<String> applied = new HashSet<>();
        while (true) {
            String best = null;
            long fewestDifferent = Integer.MAX_VALUE;
            long mostSame = 0;
            for (String category : catalog.categoryNames()) {
                if (applied.contains(category)) {
                    continue;
                }
                BitSet members = catalog.category(category);
                long on = 0;
                long off = 0;
                for (CommandSpec spec : catalog.commands()) {
                    if (members.get(spec.id())) {
                        if (remaining.get(spec.id())) {
                            on++;
                        } else {
                            off++;
                        }
                    }
                }
                long different = additive ? off : on;
                long same = additive ? on : off;
                if (same > different && (different < fewestDifferent || different == fewestDifferent && same > mostSame)) {
                    best = category;
                    fewestDifferent = different;
                    mostSame = same;
                }
            }
            if (best == null) {
                break;
            }
            String op = (additive ? "+@" : "-@") + best;
            replay.apply(bytes(op));
            BitSet members = catalog.category(best);
            for (CommandSpec spec : catalog.commands()) {
                if (members.get(spec.id())) {
                    setWithSubcommands(remaining, spec, !additive);
                }
            }
            rules.append(op).append(' ');
            applied.add(best);
        }

        Map<Integer, List<String>> firstArgs = selector.firstArgs();
        for (CommandSpec spec : catalog.commands()) {
            boolean allowed = selector.allows(spec);
            if (allowed != replay.allows(spec)) {
                rules.append(allowed ? '+' : '-').append(spec.fullName()).append(' ');
                replay.change(spec, allowed);
            }
            List<String> args = firstArgs.get(spec.id());
            if (!allowed && args != null) {
                for (String arg : args) {
                    rules.append('+').append(spec.fullName()).append('|').append(arg).append(' ');
                }
            }
        }
        rules.setLength(rules.length() - 1);
        return rules.toString();
    }

    /** What {@code -@category} does to the working copy: the container's subcommands follow it. */
    private static void setWithSubcommands(BitSet bits, CommandSpec spec, boolean value) {
        bits.set(spec.id(), value);
        for (CommandSpec sub : spec.subcommands().values()) {
            bits.set(sub.id(), value);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
