package io.redactor.actors.command;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every command the server knows, looked up by name case-insensitively straight from the bytes received
 * (no string allocated per command). Built once from the command families.
 */
public final class CommandTable {
    private final Map<String, CommandSpec> byName;
    private final CommandSpec[] slots;
    private final byte[][] slotNames;
    private final int mask;

    public CommandTable(Collection<CommandSpec> commands) {
        Map<String, CommandSpec> map = new LinkedHashMap<>();
        for (CommandSpec spec : commands) {
            if (map.put(spec.name(), spec) != null) {
                throw new IllegalArgumentException("command defined twice: " + spec.name());
            }
        }
        this.byName = Collections.unmodifiableMap(map);
        int capacity = Integer.highestOneBit(Math.max(16, map.size() * 4) - 1) << 1;
        this.slots = new CommandSpec[capacity];
        this.slotNames = new byte[capacity][];
        this.mask = capacity - 1;
        for (CommandSpec spec : map.values()) {
            byte[] name = spec.name().getBytes(StandardCharsets.US_ASCII);
            int slot = hashIgnoringCase(name) & mask;
            while (slots[slot] != null) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = spec;
            slotNames[slot] = name;
        }
    }

    /** The command named by {@code name} in any letter case, or null. */
    public CommandSpec lookup(byte[] name) {
        int slot = hashIgnoringCase(name) & mask;
        while (slots[slot] != null) {
            if (equalsIgnoringCase(slotNames[slot], name)) {
                return slots[slot];
            }
            slot = (slot + 1) & mask;
        }
        return null;
    }

    public CommandSpec lookup(String name) {
        return lookup(name.getBytes(StandardCharsets.UTF_8));
    }

    public Collection<CommandSpec> all() {
        return byName.values();
    }

    /** Every command and subcommand, as COMMAND COUNT counts them. */
    public List<CommandSpec> allWithSubcommands() {
        List<CommandSpec> result = new ArrayList<>();
        for (CommandSpec spec : byName.values()) {
            result.add(spec);
            result.addAll(spec.subcommands().values());
        }
        return result;
    }

    public int size() {
        return byName.size();
    }

    private static int hashIgnoringCase(byte[] name) {
        int h = 0;
        for (byte b : name) {
            h = 31 * h + lower(b);
        }
        return h ^ (h >>> 16);
    }

    static boolean equalsIgnoringCase(byte[] lowerName, byte[] candidate) {
        if (lowerName.length != candidate.length) {
            return false;
        }
        for (int i = 0; i < lowerName.length; i++) {
            if (lowerName[i] != lower(candidate[i])) {
                return false;
            }
        }
        return true;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }
}
