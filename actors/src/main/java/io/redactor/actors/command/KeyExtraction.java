package io.redactor.actors.command;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the keys of a command from its key specifications, as COMMAND GETKEYS reports them: each key's
 * position and the flags of the specification that found it.
 */
public final class KeyExtraction {
    public record FoundKey(int position, List<String> flags) {
    }

    private KeyExtraction() {
    }

    /**
     * The keys of {@code command} in {@code args} (the command's name first), or null when the arguments do
     * not fit its key specifications or name no key (Redis's "invalid arguments").
     */
    public static List<FoundKey> find(CommandSpec command, byte[][] args) {
        List<FoundKey> keys = hasVariableFlags(command) ? withVariableFlags(command, args) : null;
        if (keys == null && command.fullName().equals("sort")) {
            keys = sortKeys(command, args);
        }
        if (keys == null) {
            keys = fromSpecs(command.keySpecs(), args);
        }
        return keys == null || keys.isEmpty() ? null : keys;
    }

    private static boolean hasVariableFlags(CommandSpec command) {
        for (KeySpec spec : command.keySpecs()) {
            if (spec.flags().contains("variable_flags")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Redis reports the flags a command really uses with these arguments when its key specifications can only
     * say "it depends" (variable_flags): SET reads and writes its key with GET, only overwrites it without.
     */
    private static List<FoundKey> withVariableFlags(CommandSpec command, byte[][] args) {
        if (!command.fullName().equals("set")) {
            return null;
        }
        for (int i = 3; i < args.length; i++) {
            if (Arguments.is(args[i], "get")) {
                return List.of(new FoundKey(1, List.of("RW", "access", "update")));
            }
        }
        return List.of(new FoundKey(1, List.of("OW", "update")));
    }

    /**
     * SORT's specifications cannot find its STORE destination, so Redis asks the command (sortGetKeys): the sorted
     * key, and the destination of the last STORE, with the flags of the first and last specifications.
     */
    private static List<FoundKey> sortKeys(CommandSpec command, byte[][] args) {
        List<KeySpec> specs = command.keySpecs();
        List<FoundKey> keys = new ArrayList<>();
        int[] positions = command.keys().find(args);
        keys.add(new FoundKey(positions[0], specs.getFirst().flags()));
        if (positions.length > 1) {
            keys.add(new FoundKey(positions[1], specs.getLast().flags()));
        }
        return keys;
    }

    private static List<FoundKey> fromSpecs(List<KeySpec> specs, byte[][] args) {
        List<FoundKey> keys = new ArrayList<>();
        int argc = args.length;
        for (KeySpec spec : specs) {
            if (spec.beginSearch() instanceof KeySpec.Unknown || spec.flags().contains("not_key")) {
                // Keys no specification can find (SORT_RO's BY and GET): Redis reports the others; arguments
                // specified as keys only for their cluster slot (a shard channel) are no keys to ACLs or GETKEYS.
                continue;
            }
            int first = begin(spec.beginSearch(), args);
            if (first == 0) {
                continue;
            }
            int last;
            int step;
            switch (spec.findKeys()) {
                case KeySpec.Range range -> {
                    step = range.keyStep();
                    if (range.lastKey() >= 0) {
                        last = first + range.lastKey();
                    } else if (range.limit() == 0) {
                        last = argc + range.lastKey();
                    } else {
                        last = first + ((argc - first) / range.limit() + range.lastKey());
                    }
                }
                case KeySpec.KeyNum keyNum -> {
                    step = keyNum.keyStep();
                    if (first + keyNum.keyNumIndex() >= argc) {
                        return null;
                    }
                    long count;
                    try {
                        count = Arguments.parseLong(args[first + keyNum.keyNumIndex()]);
                    } catch (RuntimeException e) {
                        return null;
                    }
                    if (count < 0 || count > argc) {
                        return null;
                    }
                    first += keyNum.firstKey();
                    last = first + (int) count - 1;
                }
                case KeySpec.Unknown unknown -> throw new IllegalStateException("skipped above");
            }
            if (last >= argc || last < first || first >= argc) {
                return null;
            }
            for (int i = first; i <= last; i += step) {
                keys.add(new FoundKey(i, spec.flags()));
            }
        }
        return keys;
    }

    /** Index where keys begin, 0 when a keyword is absent. */
    private static int begin(KeySpec.BeginSearch search, byte[][] args) {
        return switch (search) {
            case KeySpec.Index index -> index.pos();
            case KeySpec.Unknown unknown -> 0;
            case KeySpec.Keyword keyword -> {
                int argc = args.length;
                int start = keyword.startFrom() > 0 ? keyword.startFrom() : argc + keyword.startFrom();
                int end = keyword.startFrom() > 0 ? argc - 1 : 0;
                for (int i = start; i != end; i = start <= end ? i + 1 : i - 1) {
                    if (i >= argc || i < 1) {
                        break;
                    }
                    if (Arguments.is(args[i], keyword.keyword().toLowerCase(java.util.Locale.ROOT))) {
                        yield i + 1;
                    }
                }
                yield 0;
            }
        };
    }
}
