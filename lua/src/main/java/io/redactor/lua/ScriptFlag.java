package io.redactor.lua;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The flags a Redis 7.0 script declares in its shebang ({@code #!lua flags=no-writes,allow-oom}) or a function in
 * {@code redis.register_function{..., flags={...}}}, in Redis's order ({@code scripts_flags_def}), which is also
 * the order FUNCTION LIST shows them in.
 *
 * <p>What they change when a script or function runs (the actors layer enforces it; see {@link Shebang} for
 * scripts without a shebang, which get none of these checks up front):
 * <ul>
 *   <li>{@link #NO_WRITES}: may run with EVAL_RO/FCALL_RO and on read-only replicas; a write command inside fails
 *       with "ERR Write commands are not allowed from read-only scripts.". Without it, EVAL_RO/FCALL_RO refuse
 *       to start the script: "ERR Can not execute a script with write flag using *_ro command.";</li>
 *   <li>{@link #ALLOW_OOM}: may start when used memory is over maxmemory (also implied by no-writes);</li>
 *   <li>{@link #ALLOW_STALE}: may run on a replica whose link to the master is down with
 *       replica-serve-stale-data no;</li>
 *   <li>{@link #NO_CLUSTER}: refused in cluster mode;</li>
 *   <li>{@link #ALLOW_CROSS_SLOT_KEYS}: may touch keys of several slots.</li>
 * </ul>
 */
public enum ScriptFlag {
    NO_WRITES("no-writes"),
    ALLOW_OOM("allow-oom"),
    ALLOW_STALE("allow-stale"),
    NO_CLUSTER("no-cluster"),
    ALLOW_CROSS_SLOT_KEYS("allow-cross-slot-keys");

    private static final ScriptFlag[] ALL = values();

    private final String redisName;

    ScriptFlag(String redisName) {
        this.redisName = redisName;
    }

    /** The name scripts use and FUNCTION LIST shows, e.g. {@code "no-writes"}. */
    public String redisName() {
        return redisName;
    }

    /** The flag with exactly this name (shebang lines are case-sensitive), or null. */
    public static ScriptFlag named(String name) {
        for (ScriptFlag f : ALL) {
            if (f.redisName.equals(name)) {
                return f;
            }
        }
        return null;
    }

    /**
     * The flag with this name in any ASCII case ({@code redis.register_function}'s flags, compared with C's
     * {@code strcasecmp}: {@code "NO-WRITES"} is no-writes, a dotless {@code "\u0131"} never an {@code i}), or null.
     */
    public static ScriptFlag namedIgnoringCase(String name) {
        for (ScriptFlag f : ALL) {
            if (asciiEqualsIgnoringCase(f.redisName, name)) {
                return f;
            }
        }
        return null;
    }

    private static boolean asciiEqualsIgnoringCase(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            if (lower(a.charAt(i)) != lower(b.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Every distinct set of flags seen, at most one per subset of the flags. */
    private static final Map<Set<ScriptFlag>, Set<ScriptFlag>> SHARED = new ConcurrentHashMap<>();

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    /** An empty, modifiable set of flags. */
    public static Set<ScriptFlag> none() {
        return EnumSet.noneOf(ScriptFlag.class);
    }

    /**
     * An unmodifiable set equal to {@code flags}, the same one for every caller with the same flags: a library of
     * 100,000 functions holds one set, not one each.
     */
    public static Set<ScriptFlag> shared(Set<ScriptFlag> flags) {
        Set<ScriptFlag> found = SHARED.get(flags);
        if (found != null) {
            return found;
        }
        Set<ScriptFlag> copy = none();
        copy.addAll(flags);
        return SHARED.computeIfAbsent(copy, Collections::unmodifiableSet);
    }
}
