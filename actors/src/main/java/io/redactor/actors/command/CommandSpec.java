package io.redactor.actors.command;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One entry of the command table: how Redis describes the command (COMMAND INFO / DOCS) and where and how it
 * runs. Arity follows Redis: positive means exactly that many arguments (the name included), negative means
 * at least that many.
 */
public final class CommandSpec {
    /** Full names numbered in the order first seen, process-wide: see {@link #id()}. */
    private static final Map<String, Integer> IDS = new HashMap<>();

    private final String name;
    private final String fullName;
    private final int arity;
    private final Set<CommandFlag> flags;
    private final List<String> aclCategories;
    private final List<String> tips;
    private final KeyPositions keys;
    private final List<KeySpec> keySpecs;
    private final CommandDoc doc;
    private final Placement placement;
    private final KeyCommand keyHandler;
    private final Map<String, CommandSpec> subcommands;
    private final boolean extension;
    private final boolean internal;
    private final int id;

    private CommandSpec(Builder b, String parentName) {
        this.name = b.name;
        this.fullName = parentName == null ? b.name : parentName + "|" + b.name;
        this.id = idOf(fullName);
        this.arity = b.arity;
        this.flags = Collections.unmodifiableSet(b.flags.isEmpty() ? EnumSet.noneOf(CommandFlag.class) : EnumSet.copyOf(b.flags));
        this.aclCategories = AclCategories.derive(b.flags, b.aclCategories);
        this.tips = List.copyOf(b.tips);
        this.keys = b.keys;
        this.keySpecs = List.copyOf(b.keySpecs);
        this.doc = b.doc;
        this.extension = b.extension;
        this.internal = b.internal;
        this.placement = b.placement;
        this.keyHandler = switch (placement) {
            case Placement.AtKeys p -> p.handler();
            case Placement.AtKeysOrAllPartitions p -> p.handler();
            case Placement.AtAllPartitions p -> p.handler();
            case Placement.AtChosenPartition p -> p.handler();
            case null, default -> null;
        };
        Map<String, CommandSpec> subs = new LinkedHashMap<>();
        for (Builder sub : b.subcommands) {
            subs.put(sub.name, new CommandSpec(sub, b.name));
        }
        this.subcommands = Collections.unmodifiableMap(subs);
        if (placement == null) {
            throw new IllegalStateException("command " + fullName + " has no placement");
        }
    }

    private static int idOf(String fullName) {
        synchronized (IDS) {
            return IDS.computeIfAbsent(fullName, n -> IDS.size());
        }
    }

    public static Builder command(String name, int arity) {
        return new Builder(name, arity);
    }

    /** Lower-case name; for subcommands only the subcommand part ("get" of "config|get"). */
    public String name() {
        return name;
    }

    /** Lower-case name as Redis prints it in errors and COMMAND INFO ("config|get"). */
    public String fullName() {
        return fullName;
    }

    /**
     * A small number standing for {@link #fullName()}: the same for every entry of that name in this process (the
     * nodes of one JVM may build their tables apart), distinct between names, dense from 0. Per-node tables indexed
     * by command (command statistics) use it instead of a lookup by name.
     */
    public int id() {
        return id;
    }

    public int arity() {
        return arity;
    }

    public boolean arityAccepts(int argc) {
        return arity >= 0 ? argc == arity : argc >= -arity;
    }

    public Set<CommandFlag> flags() {
        return flags;
    }

    public boolean has(CommandFlag flag) {
        return flags.contains(flag);
    }

    public List<String> aclCategories() {
        return aclCategories;
    }

    public List<String> tips() {
        return tips;
    }

    public KeyPositions keys() {
        return keys;
    }

    public List<KeySpec> keySpecs() {
        return keySpecs;
    }

    public CommandDoc doc() {
        return doc;
    }

    public Placement placement() {
        return placement;
    }

    /** The handler of a command that runs at its data; null for those that run at the client. */
    public KeyCommand keyHandler() {
        return keyHandler;
    }

    /**
     * A Redactor command Redis does not have, or has with another meaning (SSUBSCRIBE): its metadata is Redactor's
     * own, not a copy of Redis's.
     */
    public boolean isExtension() {
        return extension;
    }

    /**
     * Work the server runs at a partition as a command of its own, on no client's behalf and in no command table
     * (the REST API's key reads). It is not counted in command statistics; the commands it runs are.
     */
    public boolean isInternal() {
        return internal;
    }

    public Map<String, CommandSpec> subcommands() {
        return subcommands;
    }

    public CommandSpec subcommand(String lowerCaseName) {
        return subcommands.get(lowerCaseName);
    }

    @Override
    public String toString() {
        return fullName;
    }

    public static final class Builder {
        private final String name;
        private final int arity;
        private final Set<CommandFlag> flags = EnumSet.noneOf(CommandFlag.class);
        private final List<String> aclCategories = new ArrayList<>();
        private final List<String> tips = new ArrayList<>();
        private KeyPositions keys = KeyPositions.NONE;
        private final List<KeySpec> keySpecs = new ArrayList<>();
        private CommandDoc doc = CommandDoc.NONE;
        private Placement placement;
        private final List<Builder> subcommands = new ArrayList<>();
        private boolean extension;
        private boolean internal;

        private Builder(String name, int arity) {
            this.name = name.toLowerCase(Locale.ROOT);
            this.arity = arity;
        }

        /** See {@link CommandSpec#isExtension()}. */
        public Builder extension() {
            extension = true;
            return this;
        }

        /** See {@link CommandSpec#isInternal()}. */
        public Builder internal() {
            internal = true;
            return this;
        }

        public Builder flags(CommandFlag... values) {
            flags.addAll(List.of(values));
            return this;
        }

        /** ACL categories beyond those the flags imply (see {@link AclCategories}), without the {@code @}. */
        public Builder acl(String... categories) {
            aclCategories.addAll(List.of(categories));
            return this;
        }

        public Builder tips(String... values) {
            tips.addAll(List.of(values));
            return this;
        }

        public Builder keys(int first, int last, int step) {
            keys = KeyPositions.of(first, last, step);
            return this;
        }

        /** Legacy positions for COMMAND INFO, and the finder routing uses (numkeys commands). */
        public Builder keys(int first, int last, int step, KeyPositions.KeyFinder finder) {
            keys = new KeyPositions(first, last, step, finder);
            return this;
        }

        public Builder keySpecs(KeySpec... specs) {
            keySpecs.addAll(List.of(specs));
            return this;
        }

        public Builder doc(CommandDoc value) {
            doc = value;
            return this;
        }

        public Builder runsAtKeys(KeyCommand handler) {
            placement = new Placement.AtKeys(handler);
            return this;
        }

        public Builder runsAtKeysOrAllPartitions(KeyCommand handler, Predicate<byte[][]> readsAnyKey) {
            placement = new Placement.AtKeysOrAllPartitions(handler, readsAnyKey);
            return this;
        }

        public Builder runsOnAllPartitions(KeyCommand handler) {
            placement = new Placement.AtAllPartitions(handler);
            return this;
        }

        public Builder runsAt(Placement value) {
            placement = value;
            return this;
        }

        public Builder runsAtClient(ClientCommand handler) {
            placement = new Placement.AtClient(handler);
            return this;
        }

        public Builder runsAtClientAsync(AsyncClientCommand handler) {
            placement = new Placement.AtClientAsync(handler);
            return this;
        }

        public Builder subcommands(Builder... values) {
            return subcommands(null, values);
        }

        /** Subcommands, plus what runs when the command comes alone (COMMAND). */
        public Builder subcommands(ClientCommand bare, Builder... values) {
            subcommands.addAll(List.of(values));
            placement = new Placement.Container(bare);
            return this;
        }

        public CommandSpec build() {
            return new CommandSpec(this, null);
        }
    }
}
