package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.redactor.core.number.RedisDoubles;
import org.luaj.vm2.LuaNumber;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The {@code redis} table of Redis 7.0. Commands go to the run's {@link ScriptContext}; everything that
 * needs no server is answered here as Redis 7.0 answers it.
 */
final class RedisLibrary {
    static final int LOG_DEBUG = 0;
    static final int LOG_VERBOSE = 1;
    static final int LOG_NOTICE = 2;
    static final int LOG_WARNING = 3;
    static final int REPL_NONE = 0;
    static final int REPL_AOF = 1;
    static final int REPL_REPLICA = 2;
    static final int REPL_ALL = 3;
    private static final LuaString OK = LuaValue.valueOf("ok");

    private RedisLibrary() {
    }

    /** The {@code redis} table of EVAL scripts. */
    static LuaTable create(String version, int versionNum) {
        LuaTable t = createForFunctions(version, versionNum);
        Fn.put(t, "replicate_commands", args -> LuaValue.TRUE);
        Fn.put(t, "breakpoint", args -> LuaValue.FALSE);
        Fn.put(t, "debug", args -> LuaValue.NONE);
        return t;
    }

    /**
     * The {@code redis} table functions see when they run: EVAL's without {@code replicate_commands},
     * {@code breakpoint} and {@code debug}, which Redis 7.0 gives EVAL only.
     */
    static LuaTable createForFunctions(String version, int versionNum) {
        LuaTable t = new ReadOnlyTable();
        Fn.put(t, "call", args -> command(args, true));
        Fn.put(t, "pcall", args -> command(args, false));
        Fn.put(t, "error_reply", args -> {
            if (args.narg() != 1 || !(args.arg1() instanceof LuaString s)) {
                return RedisErrorReply.of("ERR wrong number or type of arguments");
            }
            return RedisErrorReply.of(errorText(s.tojstring()));
        });
        Fn.put(t, "status_reply", args -> {
            if (args.narg() != 1 || !(args.arg1() instanceof LuaString s)) {
                return RedisErrorReply.of("ERR wrong number or type of arguments");
            }
            LuaTable reply = new Lua51Table();
            reply.rawset(OK, s);
            return reply;
        });
        Fn.put(t, "sha1hex", args -> {
            if (args.narg() != 1) {
                throw raise("ERR wrong number of arguments");
            }
            LuaString s = Lua51Arith.toLuaString(args.arg1());
            byte[] bytes = s == null ? new byte[0] : copy(s);
            return LuaValue.valueOf(sha1hex(bytes));
        });
        Fn.put(t, "log", RedisLibrary::log);
        Fn.put(t, "setresp", args -> {
            if (args.narg() != 1) {
                throw raise("ERR redis.setresp() requires one argument.");
            }
            int resp = toIntLikeLuaToNumber(args.arg1());
            if (resp != 2 && resp != 3) {
                throw raise("ERR RESP version must be 2 or 3.");
            }
            ScriptRun.current().resp = resp;
            return LuaValue.NONE;
        });
        Fn.put(t, "set_repl", args -> {
            if (args.narg() != 1) {
                // sic: Redis 7.0's text, though the function takes one argument
                throw raise("ERR redis.set_repl() requires two arguments.");
            }
            int flags = toIntLikeLuaToNumber(args.arg1());
            if ((flags & ~(REPL_AOF | REPL_REPLICA)) != 0) {
                throw raise("ERR Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.");
            }
            ScriptRun.current().replicationFlags = flags;
            return LuaValue.NONE;
        });
        Fn.put(t, "acl_check_cmd", args -> {
            if (args.narg() < 1) {
                throw raise("ERR Please specify at least one argument for this redis lib call");
            }
            byte[][] command = commandBytes(args);
            if (command == null) {
                throw raise("ERR Lua redis lib command arguments must be strings or integers");
            }
            ScriptRun run = ScriptRun.current();
            if (!run.context.knowsCommand(command)) {
                throw raise("ERR Invalid command passed to redis.acl_check_cmd()");
            }
            return Fn.bool(run.context.aclCheck(command));
        });
        putLogLevels(t);
        t.rawset("REPL_NONE", LuaValue.valueOf(REPL_NONE));
        t.rawset("REPL_AOF", LuaValue.valueOf(REPL_AOF));
        t.rawset("REPL_SLAVE", LuaValue.valueOf(REPL_REPLICA));
        t.rawset("REPL_REPLICA", LuaValue.valueOf(REPL_REPLICA));
        t.rawset("REPL_ALL", LuaValue.valueOf(REPL_ALL));
        putVersion(t, version, versionNum);
        return t;
    }

    /**
     * The {@code redis} table a library's code sees while FUNCTION LOAD runs it: {@code register_function},
     * {@code log}, the log levels and the version, nothing else; reading any other field is an error
     * ("Script attempted to access nonexistent global variable 'call'"), as in Redis 7.0.
     */
    static LuaTable createForLoading(String version, int versionNum) {
        ReadOnlyTable t = new ReadOnlyTable();
        Fn.put(t, "register_function", FunctionRegistration::register);
        Fn.put(t, "log", RedisLibrary::log);
        putLogLevels(t);
        putVersion(t, version, versionNum);
        return t.strict();
    }

    private static void putLogLevels(LuaTable t) {
        t.rawset("LOG_DEBUG", LuaValue.valueOf(LOG_DEBUG));
        t.rawset("LOG_VERBOSE", LuaValue.valueOf(LOG_VERBOSE));
        t.rawset("LOG_NOTICE", LuaValue.valueOf(LOG_NOTICE));
        t.rawset("LOG_WARNING", LuaValue.valueOf(LOG_WARNING));
    }

    private static void putVersion(LuaTable t, String version, int versionNum) {
        t.rawset("REDIS_VERSION", LuaValue.valueOf(version));
        t.rawset("REDIS_VERSION_NUM", LuaValue.valueOf(versionNum));
    }

    private static Varargs log(Varargs args) {
        if (args.narg() < 2) {
            throw raise("ERR redis.log() requires two arguments or more.");
        }
        if (!Lua51Arith.isNumeric(args.arg1())) {
            throw raise("ERR First argument must be a number (log level).");
        }
        int level = Lua51Numbers.toIntLikeC(Lua51Arith.toNumber(args.arg1()));
        if (level < LOG_DEBUG || level > LOG_WARNING) {
            throw raise("ERR Invalid debug level.");
        }
        // Redis glues the arguments with a space before each but the first, even after one it skipped
        StringBuilder message = new StringBuilder();
        for (int i = 2; i <= args.narg(); i++) {
            if (i > 2) {
                message.append(' ');
            }
            LuaString s = Lua51Arith.toLuaString(args.arg(i));
            if (s != null) {
                message.append(new String(copy(s), StandardCharsets.ISO_8859_1));
            }
        }
        ScriptRun run = ScriptRun.current();
        run.context.log(level, message.toString());
        return LuaValue.NONE;
    }

    /** redis.error_reply's text: one leading '-' dropped, "ERR " added when there is no error code. */
    static String errorText(String s) {
        String body = s.startsWith("-") ? s.substring(1) : s;
        return body.indexOf(' ') >= 0 ? body : "ERR " + body;
    }

    private static Varargs command(Varargs args, boolean raise) {
        if (args.narg() == 0) {
            RedisErrorReply e = RedisErrorReply.of("ERR Please specify at least one argument for this redis lib call");
            if (raise) {
                throw new ScriptLuaError(e, true);
            }
            return e;
        }
        byte[][] command = commandBytes(args);
        if (command == null) {
            RedisErrorReply e = RedisErrorReply.of("ERR Lua redis lib command arguments must be strings or integers");
            if (raise) {
                throw new ScriptLuaError(e, true);
            }
            return e;
        }
        ScriptRun run = ScriptRun.current();
        LuaValue reply = run.context.call(command, run);
        if (reply instanceof RedisErrorReply e) {
            e.markStatsUpdated();
        }
        if (raise && reply instanceof RedisErrorReply) {
            throw new ScriptLuaError(reply, true);
        }
        return reply;
    }

    /**
     * The command's arguments as bytes, or null when one is not a string or number. Numbers are written with
     * {@code %.17g}, not Lua's lossy {@code %.14g}: {@code 0.1 + 0.2} is sent as {@code 0.30000000000000004}.
     */
    private static byte[][] commandBytes(Varargs args) {
        int n = args.narg();
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            LuaValue arg = args.arg(i + 1);
            if (arg instanceof LuaNumber number) {
                out[i] = RedisDoubles.formatG(number.todouble(), 17).getBytes(StandardCharsets.ISO_8859_1);
                continue;
            }
            LuaString s = Lua51Arith.toLuaString(arg);
            if (s == null) {
                return null;
            }
            out[i] = copy(s);
        }
        return out;
    }

    /** C's {@code int x = lua_tonumber(L, i)}: 0 for what is not a number nor a numeric string. */
    private static int toIntLikeLuaToNumber(LuaValue v) {
        return Lua51Arith.isNumeric(v) ? Lua51Numbers.toIntLikeC(Lua51Arith.toNumber(v)) : 0;
    }

    static byte[] copy(LuaString s) {
        byte[] b = new byte[s.m_length];
        System.arraycopy(s.m_bytes, s.m_offset, b, 0, s.m_length);
        return b;
    }

    static ScriptLuaError raise(String message) {
        return new ScriptLuaError(RedisErrorReply.of(message), true);
    }

    static String sha1hex(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(bytes);
            StringBuilder sb = new StringBuilder(40);
            for (byte b : digest) {
                sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
