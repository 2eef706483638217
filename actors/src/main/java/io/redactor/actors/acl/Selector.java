package io.redactor.actors.acl;

import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyExtraction;
import io.redactor.core.GlobPattern;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a user may do, as one of its selectors says: the commands it may run (with first arguments allowed for
 * commands otherwise denied), the keys it may read and write, and the channels it may use. A user's root
 * selector holds the rules given outside parentheses; each {@code (...)} adds a selector, and a command is allowed
 * when one selector allows it whole.
 *
 * <p>Changed only while a user is being edited, on a copy; a selector reachable from a published {@link User} is
 * never changed again, so checks read it without locks.
 */
final class Selector {
    private final CommandCatalog catalog;
    private BitSet commands = new BitSet();
    /** Every command, present and future: set by {@code +@all}, cleared by any command taken away. */
    private boolean allCommands;
    /** {@code +@all} was the starting point (Redis's reserved "future commands" bit), not {@code -@all}. */
    private boolean futureCommands;
    private Map<Integer, List<String>> firstArgs = new LinkedHashMap<>();
    private List<KeyPattern> keys = new ArrayList<>();
    private boolean allKeys;
    private List<byte[]> channels = new ArrayList<>();
    private boolean allChannels;

    Selector(CommandCatalog catalog, boolean allChannels) {
        this.catalog = catalog;
        this.allChannels = allChannels;
    }

    Selector copy() {
        Selector copy = new Selector(catalog, allChannels);
        copy.commands = (BitSet) commands.clone();
        copy.allCommands = allCommands;
        copy.futureCommands = futureCommands;
        firstArgs.forEach((id, args) -> copy.firstArgs.put(id, new ArrayList<>(args)));
        copy.keys = new ArrayList<>(keys);
        copy.allKeys = allKeys;
        copy.channels = new ArrayList<>(channels);
        return copy;
    }

    /** Applies one rule; null when done, else why it cannot be. */
    RuleError apply(byte[] op) {
        String text = new String(op, StandardCharsets.ISO_8859_1);
        // Redis compares keywords, command and category names as C strings: they end at a NUL
        String name = AccessControl.upToNul(text);
        String lower = name.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "allkeys", "~*" -> {
                allKeys = true;
                keys.clear();
                return null;
            }
            case "resetkeys" -> {
                allKeys = false;
                keys.clear();
                return null;
            }
            case "allchannels", "&*" -> {
                allChannels = true;
                channels.clear();
                return null;
            }
            case "resetchannels" -> {
                allChannels = false;
                channels.clear();
                return null;
            }
            case "allcommands", "+@all" -> {
                commands.set(0, catalog.idLimit());
                allCommands = true;
                futureCommands = true;
                firstArgs.clear();
                return null;
            }
            case "nocommands", "-@all" -> {
                commands.clear();
                allCommands = false;
                futureCommands = false;
                firstArgs.clear();
                return null;
            }
            default -> {
            }
        }
        if (op.length > 0 && (op[0] == '~' || op[0] == '%')) {
            return addKeyPattern(op);
        }
        if (op.length > 0 && op[0] == '&') {
            if (allChannels) {
                return RuleError.CHANNEL_PATTERN_AFTER_ALL;
            }
            byte[] pattern = Arrays.copyOfRange(op, 1, op.length);
            if (hasSpaces(pattern)) {
                return RuleError.SYNTAX;
            }
            if (channels.stream().noneMatch(c -> Arrays.equals(c, pattern))) {
                channels.add(pattern);
            }
            return null;
        }
        if (op.length == 0 || (op[0] != '+' && op[0] != '-')) {
            return RuleError.SYNTAX;
        }
        boolean category = op.length > 1 && op[1] == '@';
        // the name after the + or -, up to a NUL (the NUL itself first: then there is no name)
        name = name.isEmpty() ? "" : name.substring(1);
        if (op[0] == '+' && !category) {
            return allowCommand(name);
        }
        if (op[0] == '-' && !category) {
            CommandSpec spec = catalog.lookup(name);
            if (spec == null) {
                return RuleError.UNKNOWN_NAME;
            }
            change(spec, false);
            return null;
        }
        BitSet members = catalog.category(name.substring(1));
        if (members == null) {
            return RuleError.UNKNOWN_NAME;
        }
        for (CommandSpec spec : catalog.commands()) {
            if (members.get(spec.id())) {
                change(spec, op[0] == '+');
            }
        }
        return null;
    }

    private RuleError addKeyPattern(byte[] op) {
        if (allKeys) {
            return RuleError.KEY_PATTERN_AFTER_ALL;
        }
        int permissions = 0;
        int offset = 1;
        if (op[0] == '%') {
            for (; offset < op.length; offset++) {
                char c = Character.toUpperCase((char) (op[offset] & 0xff));
                if (c == 'R' && (permissions & KeyPattern.READ) == 0) {
                    permissions |= KeyPattern.READ;
                } else if (c == 'W' && (permissions & KeyPattern.WRITE) == 0) {
                    permissions |= KeyPattern.WRITE;
                } else if (op[offset] == '~') {
                    offset++;
                    break;
                } else {
                    return RuleError.SYNTAX;
                }
            }
            // as 7.0.15 with the fix for CVE-2024-31227: a pattern that grants nothing (%~, %) is refused
            if (permissions == 0) {
                return RuleError.SYNTAX;
            }
        } else {
            permissions = KeyPattern.ALL;
        }
        byte[] pattern = Arrays.copyOfRange(op, Math.min(offset, op.length), op.length);
        if (hasSpaces(pattern)) {
            return RuleError.SYNTAX;
        }
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).samePattern(pattern)) {
                keys.set(i, keys.get(i).with(permissions));
                return null;
            }
        }
        keys.add(new KeyPattern(pattern, permissions));
        return null;
    }

    /** {@code +command}, {@code +container|subcommand} or {@code +command|first-arg}. */
    private RuleError allowCommand(String name) {
        int bar = name.lastIndexOf('|');
        if (bar < 0) {
            CommandSpec spec = catalog.lookup(name);
            if (spec == null) {
                return RuleError.UNKNOWN_NAME;
            }
            change(spec, true);
            return null;
        }
        CommandSpec spec = catalog.lookup(name.substring(0, bar));
        if (spec == null) {
            return RuleError.UNKNOWN_NAME;
        }
        if (catalog.parent(spec) != null) {
            return RuleError.FIRST_ARG_OF_SUBCOMMAND;
        }
        String sub = name.substring(bar + 1);
        if (sub.isEmpty()) {
            return RuleError.SYNTAX;
        }
        if (!spec.subcommands().isEmpty()) {
            CommandSpec subcommand = catalog.lookup(name);
            if (subcommand == null) {
                return RuleError.UNKNOWN_NAME;
            }
            change(subcommand, true);
            return null;
        }
        List<String> allowed = firstArgs.computeIfAbsent(spec.id(), id -> new ArrayList<>());
        if (allowed.stream().noneMatch(sub::equalsIgnoreCase)) {
            allowed.add(sub);
        }
        return null;
    }

    /** Allows or denies a command, and with a container all its subcommands; its first arguments are forgotten. */
    void change(CommandSpec spec, boolean allow) {
        set(spec.id(), allow);
        firstArgs.remove(spec.id());
        for (CommandSpec sub : spec.subcommands().values()) {
            set(sub.id(), allow);
        }
    }

    private void set(int id, boolean allow) {
        if (allow) {
            commands.set(id);
        } else {
            commands.clear(id);
            allCommands = false;
        }
    }

    /** C's isspace or NUL anywhere. */
    static boolean hasSpaces(byte[] text) {
        for (byte b : text) {
            if (b == 0 || b == ' ' || (b >= '\t' && b <= '\r')) {
                return true;
            }
        }
        return false;
    }

    boolean allows(CommandSpec spec) {
        return commands.get(spec.id());
    }

    BitSet commandBits() {
        return commands;
    }

    boolean startsFromAll() {
        return futureCommands;
    }

    Map<Integer, List<String>> firstArgs() {
        return firstArgs;
    }

    boolean allKeys() {
        return allKeys;
    }

    List<KeyPattern> keys() {
        return keys;
    }

    boolean allChannels() {
        return allChannels;
    }

    List<byte[]> channels() {
        return channels;
    }

    /**
     * Whether this selector lets {@code args} run as {@code spec}: null when it does, else the denial (the
     * command itself, or the position of the first key or channel it may not use).
     */
    Denial check(CommandSpec spec, byte[][] args, List<KeyExtraction.FoundKey> foundKeys) {
        if (!allCommands && !spec.has(CommandFlag.NO_AUTH) && !commands.get(spec.id())
                && !firstArgAllowed(spec, args)) {
            return Denial.COMMAND;
        }
        if (!allKeys && foundKeys != null) {
            for (KeyExtraction.FoundKey key : foundKeys) {
                if (!mayAccess(args[key.position()], required(key.flags()))) {
                    return Denial.key(key.position());
                }
            }
        }
        if (!allChannels) {
            ChannelArguments.Channels found = ChannelArguments.of(spec, args);
            for (int i = found.from(); i < found.to(); i++) {
                if (!mayUseChannel(args[i], found.patterns())) {
                    return Denial.channel(i);
                }
            }
        }
        return null;
    }

    private boolean firstArgAllowed(CommandSpec spec, byte[][] args) {
        List<String> allowed = firstArgs.get(spec.id());
        if (allowed == null || args.length < 2) {
            return false;
        }
        String first = new String(args[1], StandardCharsets.ISO_8859_1);
        return allowed.stream().anyMatch(first::equalsIgnoreCase);
    }

    /** Reading needs a read pattern, inserting, deleting or updating a write pattern. */
    private static int required(List<String> flags) {
        int needed = 0;
        for (String flag : flags) {
            if (flag.equalsIgnoreCase("access")) {
                needed |= KeyPattern.READ;
            } else if (flag.equalsIgnoreCase("insert") || flag.equalsIgnoreCase("delete")
                    || flag.equalsIgnoreCase("update")) {
                needed |= KeyPattern.WRITE;
            }
        }
        return needed;
    }

    /** All keys, or the pattern {@code *} with reading granted. */
    boolean readsEverything() {
        return allKeys || keys.stream().anyMatch(k -> (k.permissions() & KeyPattern.READ) != 0
                && java.util.Arrays.equals(k.pattern(), new byte[] {'*'}));
    }

    boolean mayAccess(byte[] key, int needed) {
        if (allKeys) {
            return true;
        }
        for (KeyPattern pattern : keys) {
            if ((pattern.permissions() & needed) == needed && pattern.matches(key)) {
                return true;
            }
        }
        return false;
    }

    /** A channel matches the patterns; a pattern (PSUBSCRIBE) must equal one of them. */
    boolean mayUseChannel(byte[] channel, boolean isPattern) {
        if (allChannels) {
            return true;
        }
        for (byte[] pattern : channels) {
            if (isPattern ? Arrays.equals(pattern, channel) : GlobPattern.matches(pattern, channel, false)) {
                return true;
            }
        }
        return false;
    }
}
