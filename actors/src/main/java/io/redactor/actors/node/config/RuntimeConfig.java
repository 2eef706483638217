package io.redactor.actors.node.config;

import io.redactor.core.GlobPattern;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The live configuration behind CONFIG GET and CONFIG SET, shared by all clients and partitions.
 *
 * <p>Thread safety: the whole state is an immutable {@link Snapshot} in one volatile field. Readers, including
 * the typed accessors on hot paths, do one volatile read and no locking; CONFIG SET writers are serialised,
 * build a new snapshot and publish it at once, so a CONFIG GET never sees half of a multi-parameter set.
 *
 * <p>Decisions where Redactor cannot do what Redis does:
 * <ul>
 *   <li>{@code port} and {@code bind} are immutable: Redactor binds its listeners once at start-up (Redis 7.0
 *       rebinds on CONFIG SET). The launcher reads them with {@link #get}.</li>
 *   <li>{@code tls-port} is immutable too. Redactor has no replication or cluster bus: {@code tls-cluster} and
 *       {@code tls-replication} {@code yes} are refused with the text Redis gives when it cannot apply TLS
 *       settings ("Unable to update TLS configuration. Check server logs."), which is also what a TLS setting
 *       that does not load gets (see {@link #guard}).</li>
 *   <li>{@code maxclients} cannot exceed the process's open-file limit minus 32, which CONFIG SET refuses with
 *       Redis's text "The operating system is not able to handle the specified number of clients, try with N";
 *       at start-up a larger value is reduced, as Redis does, and reported in {@link #warnings()}. (Redis 7.0.15
 *       accepts {@code maxclients 4294967295} through an overflow; Redactor refuses it.)</li>
 *   <li>{@code dir} and {@code dbfilename} are protected, as in Redis; {@code enable-protected-configs local}
 *       allows them from loopback connections only, see {@link #configSet(List, boolean)}.</li>
 * </ul>
 */
public final class RuntimeConfig {
    /** File descriptors Redis keeps for itself beyond one per client. */
    private static final int RESERVED_FDS = 32;
    private static final List<ConfigParameter> PARAMETERS = ConfigParameters.all();
    private static final int MAXCLIENTS = Snapshot.index("maxclients");
    private static final List<VisibleName> VISIBLE_NAMES = visibleNames();

    private final LongSupplier openFileLimit;
    private final Object writeLock = new Object();
    private final Map<String, List<Consumer<String>>> listeners = new ConcurrentHashMap<>();
    private final List<Guard> guards = new CopyOnWriteArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private volatile Snapshot snapshot;
    /** The values the server started with, for CONFIG REWRITE. */
    private final Snapshot atStart;

    /**
     * Starts from the table's defaults and applies start-up overrides. Names may be aliases, in any case;
     * immutable and protected parameters may be given. Values are read as UTF-8.
     *
     * @throws IllegalArgumentException naming the parameter, for an unknown name, a name given twice (also as
     *                                  canonical name and alias), or a value the parameter does not accept
     */
    public RuntimeConfig(Map<String, String> overrides) {
        this(overrides, RuntimeConfig::processOpenFileLimit);
    }

    /** As {@link #RuntimeConfig(Map)}, with the open-file limit given (-1: unknown, not enforced). */
    RuntimeConfig(Map<String, String> overrides, LongSupplier openFileLimit) {
        this.openFileLimit = openFileLimit;
        Object[] values = new Object[PARAMETERS.size()];
        for (int i = 0; i < values.length; i++) {
            ConfigParameter parameter = PARAMETERS.get(i);
            try {
                values[i] = parameter.parse(parameter.defaultValue(), null);
            } catch (ConfigValueException e) {
                throw new IllegalStateException("bad default for " + parameter.name() + ": " + e.getMessage(), e);
            }
        }
        applyOverrides(overrides, values);
        limitMaxclients(values);
        snapshot = new Snapshot(values);
        atStart = snapshot;
    }

    // ---- CONFIG GET / CONFIG SET ----

    /**
     * {@code CONFIG GET pattern [pattern ...]}. A pattern without {@code *}, {@code ?} or {@code [} is looked up
     * as a name (canonical or alias, any case, hidden parameters included) and answered under the name exactly as
     * given ({@code CONFIG GET MAXMEMORY} answers {@code MAXMEMORY}). Other patterns are matched case-insensitively
     * against every visible name, aliases included, each answered under its own name. A name appears once even if
     * several patterns match it (case-insensitively: {@code HZ hz} answers only {@code HZ}). Redis answers in hash
     * order; Redactor in the order of the patterns, then alphabetically.
     */
    public Reply configGet(List<byte[]> patterns) {
        Snapshot state = snapshot;
        Map<String, Reply[]> found = new LinkedHashMap<>();
        for (byte[] pattern : patterns) {
            if (!GlobPattern.hasWildcards(pattern)) {
                String key = Bytes.lowerAscii(Bytes.text(pattern));
                ConfigParameter parameter = ConfigParameters.byName(key);
                if (parameter != null && !found.containsKey(key)) {
                    found.put(key, new Reply[] {new BulkString(pattern.clone()), value(state, parameter)});
                }
                continue;
            }
            for (VisibleName name : VISIBLE_NAMES) {
                if (!found.containsKey(name.name()) && GlobPattern.matches(pattern, name.bytes(), true)) {
                    found.put(name.name(), new Reply[] {BulkString.of(name.name()), value(state, name.parameter())});
                }
            }
        }
        List<Reply> flat = new ArrayList<>(found.size() * 2);
        found.values().forEach(pair -> flat.addAll(List.of(pair)));
        return new MapReply(flat);
    }

    /** {@code CONFIG SET} from a client that is not on a loopback connection; see {@link #configSet(List, boolean)}. */
    public Reply configSet(List<byte[]> nameValuePairs) {
        return configSet(nameValuePairs, false);
    }

    /**
     * {@code CONFIG SET name value [name value ...]}, all or nothing, with Redis 7.0's checks and texts: first
     * the names in order (unknown, immutable, protected, duplicate: the same name twice in any case; a name and
     * its alias is not a duplicate, the later wins), then the values in order, then the limits that depend on
     * the system (maxclients). Listeners of every parameter set run after the new values are published.
     *
     * @param nameValuePairs  the arguments after SET
     * @param localConnection whether the client is on a loopback connection or Unix socket
     *                        ({@code enable-protected-configs local})
     * @return {@link SimpleString#OK} or an error reply
     */
    public Reply configSet(List<byte[]> nameValuePairs, boolean localConnection) {
        if (nameValuePairs.isEmpty()) {
            return new ErrorReply("ERR wrong number of arguments for 'config|set' command");
        }
        if (nameValuePairs.size() % 2 != 0) {
            return new ErrorReply("ERR syntax error");
        }
        List<ConfigParameter> changed = new ArrayList<>();
        synchronized (writeLock) {
            Snapshot current = snapshot;
            Object[] values = current.values();
            Set<String> seen = new HashSet<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < nameValuePairs.size(); i += 2) {
                String given = Bytes.text(nameValuePairs.get(i));
                String name = Bytes.lowerAscii(given);
                ConfigParameter parameter = ConfigParameters.byName(name);
                if (parameter == null) {
                    return new ErrorReply("ERR Unknown option or number of arguments for CONFIG SET - '"
                            + Bytes.printable(Bytes.cString(given)) + "'");
                }
                String refusal = refusal(parameter, !seen.add(name), current, localConnection);
                if (refusal != null) {
                    return failed(given, refusal);
                }
                changed.add(parameter);
                names.add(name);
            }
            for (int i = 0; i < changed.size(); i++) {
                ConfigParameter parameter = changed.get(i);
                int index = ConfigParameters.indexOf(parameter);
                try {
                    values[index] = parameter.parse(Bytes.text(nameValuePairs.get(2 * i + 1)), values[index]);
                } catch (ConfigValueException e) {
                    return failed(names.get(i), e.getMessage());
                }
            }
            if (!values[MAXCLIENTS].equals(current.value(MAXCLIENTS))) {
                long limit = openFileLimit.getAsLong();
                if (limit > 0 && (Long) values[MAXCLIENTS] > limit - RESERVED_FDS) {
                    return failed("maxclients", "The operating system is not able to handle the specified number "
                            + "of clients, try with " + (limit - RESERVED_FDS));
                }
            }
            Snapshot next = new Snapshot(values);
            ErrorReply refused = guardsRefusal(changed, next);
            if (refused != null) {
                return refused;
            }
            snapshot = next;
            notifyListeners(changed, next);
        }
        return SimpleString.OK;
    }

    // ---- typed accessors for the parameters Redactor honours: one volatile read each ----

    public long protoMaxBulkLen() {
        return snapshot.protoMaxBulkLen;
    }

    public long clientQueryBufferLimit() {
        return snapshot.clientQueryBufferLimit;
    }

    public int maxclients() {
        return snapshot.maxclients;
    }

    /** The {@code timeout} parameter: idle seconds before a client is closed, 0 for never. */
    public long timeoutSeconds() {
        return snapshot.timeoutSeconds;
    }

    public String maxmemoryPolicy() {
        return snapshot.maxmemoryPolicy;
    }

    /** Whether the policy is {@code allkeys-lfu} or {@code volatile-lfu}. */
    public boolean lfuPolicy() {
        return snapshot.lfuPolicy;
    }

    public int lfuLogFactor() {
        return snapshot.lfuLogFactor;
    }

    public int lfuDecayTime() {
        return snapshot.lfuDecayTime;
    }

    /** {@code maxmemory-samples}: keys sampled per database for each eviction round. */
    public int maxmemorySamples() {
        return Integer.parseInt(get("maxmemory-samples"));
    }

    /** {@code maxmemory-eviction-tenacity}, 0..100. */
    public int maxmemoryEvictionTenacity() {
        return Integer.parseInt(get("maxmemory-eviction-tenacity"));
    }

    /** Background task frequency, 1..500. */
    public int hz() {
        return snapshot.hz;
    }

    /** The memory limit in bytes, 0 for none; values above Long.MAX_VALUE read as Long.MAX_VALUE. */
    public long maxmemory() {
        return snapshot.maxmemory;
    }

    /** The {@code busy-reply-threshold} (alias {@code lua-time-limit}) in milliseconds. */
    public long busyReplyThresholdMs() {
        return snapshot.busyReplyThresholdMs;
    }

    public int tcpKeepalive() {
        return snapshot.tcpKeepalive;
    }

    /** As CONFIG GET prints it, e.g. {@code "AKE"}; see {@link #notifyKeyspaceEventFlags()}. */
    public String notifyKeyspaceEvents() {
        return snapshot.notifyKeyspaceEvents;
    }

    /** The classes of keyspace events to publish, a set of {@link KeyspaceEventsType} flags. */
    public int notifyKeyspaceEventFlags() {
        return snapshot.notifyKeyspaceEventFlags;
    }

    /**
     * Encoding thresholds: a collection keeps Redis's compact encoding (listpack, intset) while it has at most
     * this many elements and no element longer than the value limit; OBJECT ENCODING reports it.
     */
    public long hashMaxListpackEntries() {
        return snapshot.hashMaxListpackEntries;
    }

    public long hashMaxListpackValue() {
        return snapshot.hashMaxListpackValue;
    }

    /** Positive: entries per list node; -1..-5: node size limit of 4, 8, 16, 32 or 64 KB. */
    public long listMaxListpackSize() {
        return snapshot.listMaxListpackSize;
    }

    public long setMaxIntsetEntries() {
        return snapshot.setMaxIntsetEntries;
    }

    public long zsetMaxListpackEntries() {
        return snapshot.zsetMaxListpackEntries;
    }

    public long zsetMaxListpackValue() {
        return snapshot.zsetMaxListpackValue;
    }

    /** Bytes after which a stream starts a new node (0: no limit but Redis's 1 GB). */
    public long streamNodeMaxBytes() {
        return snapshot.streamNodeMaxBytes;
    }

    /** Entries after which a stream starts a new node (0: no limit). */
    public long streamNodeMaxEntries() {
        return snapshot.streamNodeMaxEntries;
    }

    /** {@code tracking-table-max-keys}: how many keys the tracking tables may hold (0: no bound). */
    public long trackingTableMaxKeys() {
        return snapshot.trackingTableMaxKeys;
    }

    /** {@code hll-sparse-max-bytes}: the size (header included) past which a sparse HyperLogLog turns dense. */
    public long hllSparseMaxBytes() {
        return snapshot.hllSparseMaxBytes;
    }

    public boolean lazyfreeLazyUserFlush() {
        return snapshot.lazyfreeLazyUserFlush;
    }

    public boolean lazyfreeLazyEviction() {
        return snapshot.lazyfreeLazyEviction;
    }

    public boolean lazyfreeLazyExpire() {
        return snapshot.lazyfreeLazyExpire;
    }

    /** {@code latency-tracking}: whether commands' latency histograms are kept (INFO latencystats). */
    public boolean latencyTracking() {
        return snapshot.latencyTracking;
    }

    /** {@code latency-tracking-info-percentiles}: the percentiles (0..100) INFO latencystats prints, in order. */
    public List<Double> latencyTrackingInfoPercentiles() {
        return snapshot.latencyTrackingInfoPercentiles;
    }

    /**
     * The output buffer limit of a class of clients: {@code normal}, {@code replica} (or {@code slave}),
     * {@code pubsub}.
     *
     * @throws IllegalArgumentException for another class
     */
    public OutputBufferLimit outputBufferLimit(String clientClass) {
        Snapshot state = snapshot;
        return switch (clientClass) {
            case "normal" -> state.normalOutputLimit;
            case "pubsub" -> state.pubsubOutputLimit;
            case "replica", "slave" -> state.replicaOutputLimit;
            default -> throw new IllegalArgumentException("no client class " + clientClass);
        };
    }

    // ---- other access ----

    /**
     * The value of a parameter as CONFIG GET prints it, read as UTF-8 (e.g. {@code get("port")}).
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public String get(String name) {
        return Bytes.toUnicode(snapshot.printed(ConfigParameters.indexOf(parameter(name))));
    }

    /**
     * Runs {@code listener} with the new printed value (read as UTF-8) after every successful CONFIG SET that
     * names the parameter, even to its current value. Listeners run on the setting client's thread, in order,
     * while further sets wait: they must be quick and must not throw (an exception goes to the thread's uncaught
     * exception handler and the set still succeeds).
     *
     * @param canonicalName a parameter name; an alias is accepted too
     * @throws IllegalArgumentException for an unknown name
     */
    public void onChange(String canonicalName, Consumer<String> listener) {
        listeners.computeIfAbsent(parameter(canonicalName).name(), name -> new CopyOnWriteArrayList<>()).add(listener);
    }

    /**
     * Lets {@code check} refuse a CONFIG SET that names any of {@code canonicalNames}, as Redis's apply functions
     * do (TLS settings that do not load). The check sees the values the set would publish (as CONFIG GET prints
     * them, read as UTF-8) and answers null to accept or the reason to refuse; a refused set changes nothing and
     * answers Redis's "CONFIG SET failed (possibly related to argument ...)" text naming the first such parameter
     * set. Checks run on the setting client's thread while further sets wait.
     */
    public void guard(List<String> canonicalNames, Function<Function<String, String>, String> check) {
        Set<String> names = new HashSet<>();
        canonicalNames.forEach(name -> names.add(parameter(name).name()));
        guards.add(new Guard(Set.copyOf(names), check));
    }

    /** The value {@code parameter} had when the server started, as CONFIG GET printed it then (UTF-8). */
    public String startValue(ConfigParameter parameter) {
        return Bytes.toUnicode(atStart.printed(ConfigParameters.indexOf(parameter)));
    }

    /** The value of {@code parameter} now, as CONFIG GET prints it (UTF-8). */
    public String value(ConfigParameter parameter) {
        return Bytes.toUnicode(snapshot.printed(ConfigParameters.indexOf(parameter)));
    }

    /**
     * {@code text} as {@code parameter} would hold it, printed as CONFIG GET prints it (a configuration file's value
     * compared with the value in force); null when the parameter does not accept it.
     */
    public String normalized(ConfigParameter parameter, String text) {
        int index = ConfigParameters.indexOf(parameter);
        try {
            Object value = parameter.parse(Bytes.fromUnicode(text), atStart.value(index));
            return Bytes.toUnicode(parameter.render(value));
        } catch (ConfigValueException | RuntimeException e) {
            return null;
        }
    }

    /** Every parameter, hidden ones included, for documentation. */
    public List<ConfigParameter> parameters() {
        return PARAMETERS;
    }

    /** What start-up had to adjust (such as maxclients above the open-file limit), for the launcher to log. */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    // ---- internals ----

    private void applyOverrides(Map<String, String> overrides, Object[] values) {
        Map<ConfigParameter, String> givenAs = new HashMap<>();
        for (Map.Entry<String, String> override : overrides.entrySet()) {
            String name = override.getKey();
            ConfigParameter parameter = name == null ? null : ConfigParameters.byName(Bytes.lowerAscii(name));
            if (parameter == null) {
                throw new IllegalArgumentException("Unknown configuration parameter '" + name + "'");
            }
            String previous = givenAs.put(parameter, name);
            if (previous != null) {
                throw new IllegalArgumentException("Configuration parameter '" + parameter.name()
                        + "' is given twice, as '" + previous + "' and as '" + name + "'");
            }
            if (override.getValue() == null) {
                throw new IllegalArgumentException("No value for configuration parameter '" + name + "'");
            }
            int index = ConfigParameters.indexOf(parameter);
            try {
                values[index] = parameter.parse(Bytes.fromUnicode(override.getValue()), values[index]);
            } catch (ConfigValueException e) {
                throw new IllegalArgumentException("Invalid value '" + override.getValue()
                        + "' for configuration parameter '" + name + "': " + e.getMessage(), e);
            }
        }
    }

    /** Redis reduces maxclients at start-up when the process may not open that many files. */
    private void limitMaxclients(Object[] values) {
        long limit = openFileLimit.getAsLong();
        long requested = (Long) values[MAXCLIENTS];
        if (limit > 0 && requested > limit - RESERVED_FDS) {
            long reduced = Math.max(1, limit - RESERVED_FDS);
            values[MAXCLIENTS] = reduced;
            warnings.add("maxclients " + requested + " needs " + (requested + RESERVED_FDS)
                    + " open files but the process may open " + limit + ": maxclients reduced to " + reduced);
        }
    }

    /** Why CONFIG SET may not change this parameter, or null. */
    private static String refusal(ConfigParameter parameter, boolean duplicate, Snapshot current, boolean local) {
        return switch (parameter.mutability()) {
            case IMMUTABLE -> "can't set immutable config";
            case PROTECTED -> protectedAllowed(current, local) ? duplicateRefusal(duplicate)
                    : "can't set protected config";
            case MUTABLE -> duplicateRefusal(duplicate);
        };
    }

    private static String duplicateRefusal(boolean duplicate) {
        return duplicate ? "duplicate parameter" : null;
    }

    private static boolean protectedAllowed(Snapshot current, boolean local) {
        return switch (current.enableProtectedConfigs) {
            case "yes" -> true;
            case "local" -> local;
            default -> false;
        };
    }

    private static ErrorReply failed(String name, String reason) {
        return new ErrorReply("ERR CONFIG SET failed (possibly related to argument '" + Bytes.printable(name)
                + "') - " + reason);
    }

    private ErrorReply guardsRefusal(List<ConfigParameter> changed, Snapshot next) {
        for (Guard guard : guards) {
            ConfigParameter first = changed.stream().filter(p -> guard.names().contains(p.name())).findFirst()
                    .orElse(null);
            if (first == null) {
                continue;
            }
            String reason = guard.check().apply(name -> Bytes.toUnicode(next.printed(ConfigParameters.indexOf(parameter(name)))));
            if (reason != null) {
                return failed(first.name(), reason);
            }
        }
        return null;
    }

    private record Guard(Set<String> names, Function<Function<String, String>, String> check) {
    }

    private void notifyListeners(List<ConfigParameter> changed, Snapshot state) {
        for (ConfigParameter parameter : changed) {
            List<Consumer<String>> toRun = listeners.get(parameter.name());
            if (toRun == null) {
                continue;
            }
            String value = Bytes.toUnicode(state.printed(ConfigParameters.indexOf(parameter)));
            for (Consumer<String> listener : toRun) {
                try {
                    listener.accept(value);
                } catch (RuntimeException e) {
                    Thread thread = Thread.currentThread();
                    thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
                }
            }
        }
    }

    private static ConfigParameter parameter(String name) {
        ConfigParameter parameter = name == null ? null : ConfigParameters.byName(Bytes.lowerAscii(name));
        if (parameter == null) {
            throw new IllegalArgumentException("Unknown configuration parameter '" + name + "'");
        }
        return parameter;
    }

    private static BulkString value(Snapshot state, ConfigParameter parameter) {
        return new BulkString(Bytes.bytes(state.printed(ConfigParameters.indexOf(parameter))));
    }

    /** The open-file limit of this process, or -1 when the platform does not say. */
    private static long processOpenFileLimit() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return unix.getMaxFileDescriptorCount();
        }
        return -1;
    }

    private static List<VisibleName> visibleNames() {
        List<VisibleName> names = new ArrayList<>();
        for (ConfigParameter parameter : PARAMETERS) {
            if (!parameter.hidden()) {
                parameter.names().forEach(name -> names.add(new VisibleName(name, Bytes.bytes(name), parameter)));
            }
        }
        names.sort((a, b) -> a.name().compareTo(b.name()));
        return List.copyOf(names);
    }

    /** A name CONFIG GET patterns match, canonical or alias. */
    private record VisibleName(String name, byte[] bytes, ConfigParameter parameter) {
    }
}
