package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

import io.redactor.core.SplitArgs;

/**
 * The first line of an EVAL script or SCRIPT LOAD body, as Redis 7.0 reads it ({@code evalExtractShebangFlags}):
 * {@code #!lua}, optionally followed by {@code flags=} and a comma-separated list of {@link ScriptFlag}s
 * ({@code #!lua flags=no-writes,allow-oom}; {@code flags=} alone declares none). The line is split like an
 * inline command ({@link SplitArgs}), engine and flag names are case-sensitive, {@code flags=} may appear
 * more than once (the flags add up), and any other word is an error.
 *
 * <p><b>Scripts without a shebang</b> run in Redis's EVAL compatibility mode ({@code SCRIPT_FLAG_EVAL_COMPAT_MODE},
 * {@link #compatibilityMode()}), which is not the same as a shebang with no flags:
 * <ul>
 *   <li>EVAL keeps its own command flags ({@code may-replicate}, {@code stale}, no {@code write}/{@code denyoom}),
 *       so nothing is checked before the script starts except that a stale replica refuses it with
 *       {@code -MASTERDOWN}. A {@code #!lua} script instead is treated as a write command unless it says
 *       no-writes, and as denyoom unless it says allow-oom or no-writes;</li>
 *   <li>EVAL_RO/EVALSHA_RO start a legacy script and fail only when it calls a write command ("ERR Write commands
 *       are not allowed from read-only scripts."), while a {@code #!lua} script without no-writes is refused
 *       up front: "ERR Can not execute a script with write flag using *_ro command.";</li>
 *   <li>read-only replica, MISCONF (disk errors), min-replicas and OOM are checked per write command inside a
 *       legacy script, and only until its first write (after it, the script must be allowed to finish); a flagged
 *       script is checked once before it starts (e.g. "-OOM allow-oom flag is not set on the script, can not run
 *       it when used memory > 'maxmemory'");</li>
 *   <li>legacy scripts may always access keys of several slots; flagged ones need allow-cross-slot-keys;</li>
 *   <li>the allow-oom, no-writes and no-cluster flags are simply absent in compatibility mode.</li>
 * </ul>
 *
 * <p>The line ends at the first LF; the Lua code is compiled from that LF on ({@link #codeOffset()}), so error
 * lines still count the shebang as line 1. Redis reads the body as a C string here: a NUL byte before the LF
 * means "no line end" ({@code "ERR Invalid script shebang"}), and names with a NUL written as {@code \x00}
 * inside quotes compare (and print in errors) only up to it.
 */
public final class Shebang {
    /** What a body without a shebang gets: compatibility mode, no flags, code from the first byte. */
    public static final Shebang NONE = new Shebang(false, EnumSet.noneOf(ScriptFlag.class), 0);

    private static final byte[] LUA = "#!lua".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FLAGS = "flags=".getBytes(StandardCharsets.US_ASCII);

    private final boolean present;
    private final Set<ScriptFlag> flags;
    private final int codeOffset;

    private Shebang(boolean present, Set<ScriptFlag> flags, int codeOffset) {
        this.present = present;
        this.flags = Collections.unmodifiableSet(flags);
        this.codeOffset = codeOffset;
    }

    /**
     * Reads the shebang of a script body.
     *
     * @throws ScriptCompileError with Redis's text, e.g. {@code "ERR Unexpected flag in script shebang: bad"}
     */
    public static Shebang parse(byte[] body) {
        if (!startsWithHashBang(body)) {
            return NONE;
        }
        int end = lineEnd(body);
        if (end < 0) {
            throw new ScriptCompileError("Invalid script shebang");
        }
        byte[][] parts = SplitArgs.split(body, 0, end);
        if (parts == null || parts.length == 0) {
            throw new ScriptCompileError("Invalid engine in script shebang");
        }
        if (!cString(parts[0]).equals(cString(LUA))) {
            throw new ScriptCompileError("Unexpected engine in script shebang: " + cString(parts[0]));
        }
        EnumSet<ScriptFlag> flags = EnumSet.noneOf(ScriptFlag.class);
        for (int i = 1; i < parts.length; i++) {
            if (!startsWith(parts[i], FLAGS)) {
                throw new ScriptCompileError("Unknown lua shebang option: " + cString(parts[i]));
            }
            addFlags(parts[i], flags);
        }
        return new Shebang(true, flags, end);
    }

    /** Whether the body starts with {@code #!}: then it must be a valid shebang line. */
    public static boolean startsWithHashBang(byte[] body) {
        return body.length >= 2 && body[0] == '#' && body[1] == '!';
    }

    /**
     * The index of the LF ending the first line, or -1 when there is none or a NUL comes first (Redis's
     * {@code strchr(body, '\n')}).
     */
    public static int lineEnd(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            if (body[i] == '\n') {
                return i;
            }
            if (body[i] == 0) {
                return -1;
            }
        }
        return -1;
    }

    /** The part of an argument a C string function sees: up to its first NUL, as an ISO-8859-1 string. */
    public static String cString(byte[] arg) {
        int n = 0;
        while (n < arg.length && arg[n] != 0) {
            n++;
        }
        return new String(arg, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** Redis's {@code sdssplitlen(value, ",")} over what follows {@code flags=}: empty means no flags. */
    private static void addFlags(byte[] part, EnumSet<ScriptFlag> flags) {
        int from = FLAGS.length;
        if (from == part.length) {
            return;
        }
        while (true) {
            int comma = from;
            while (comma < part.length && part[comma] != ',') {
                comma++;
            }
            byte[] name = java.util.Arrays.copyOfRange(part, from, comma);
            ScriptFlag flag = ScriptFlag.named(cString(name));
            if (flag == null) {
                throw new ScriptCompileError("Unexpected flag in script shebang: " + cString(name));
            }
            flags.add(flag);
            if (comma == part.length) {
                return;
            }
            from = comma + 1;
        }
    }

    private static boolean startsWith(byte[] arg, byte[] prefix) {
        if (arg.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (arg[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the body had a shebang line; false means Redis's EVAL compatibility mode. */
    public boolean present() {
        return present;
    }

    /** {@code SCRIPT_FLAG_EVAL_COMPAT_MODE}: the body had no shebang (see the class comment). */
    public boolean compatibilityMode() {
        return !present;
    }

    /** The declared flags (empty without a shebang), unmodifiable. */
    public Set<ScriptFlag> flags() {
        return flags;
    }

    public boolean has(ScriptFlag flag) {
        return flags.contains(flag);
    }

    /** Where the Lua code starts: 0 without a shebang, else the LF ending the shebang line. */
    public int codeOffset() {
        return codeOffset;
    }

    @Override
    public String toString() {
        return present ? "#!lua flags=" + flags : "(no shebang)";
    }
}
