package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.util.Arrays;

/**
 * The {@code cjson} library of Redis 7.0 (lua-cjson 2.1.0 as Redis ships it): {@code encode}, {@code decode}, the
 * setting functions, {@code new} and {@code null}. Redis 7.0 has no {@code decode_array_with_array_mt} (7.2 added
 * it), so neither has this.
 */
public final class CJsonLib {
    /** {@code cjson.null}: a light userdata holding NULL in Redis; one value shared by every cjson module. */
    public static final LuaUserdata NULL = new LuaUserdata(new Object()) {
        @Override
        public String tojstring() {
            return "userdata: (nil)";
        }
    };

    private static final String[] BOOLEAN_OPTIONS = {"off", "on"};
    private static final String[] INVALID_NUMBER_OPTIONS = {"off", "on", "null"};

    private CJsonLib() {
    }

    /** A new {@code cjson} table with its own settings, at lua-cjson's defaults. */
    public static LuaTable create() {
        return module(new CJsonConfig());
    }

    private static LuaTable module(CJsonConfig config) {
        LuaTable table = new LuaTable();
        function(table, "encode", args -> {
            exactlyOneArgument(args, "encode");
            return new JsonEncoder(config).encode(args.arg1());
        });
        function(table, "decode", args -> {
            exactlyOneArgument(args, "decode");
            return new JsonDecoder(config, LibArgs.checkString(args, 1, "decode")).decode();
        });
        function(table, "encode_sparse_array", args -> {
            String name = "encode_sparse_array";
            atMost(args, 3, name);
            LuaValue convert = enumOption(args, 1, name, BOOLEAN_OPTIONS, config.encodeSparseConvert,
                    v -> config.encodeSparseConvert = v);
            LuaValue ratio = integerOption(args, 2, name, 0, Integer.MAX_VALUE, config.encodeSparseRatio,
                    v -> config.encodeSparseRatio = v);
            LuaValue safe = integerOption(args, 3, name, 0, Integer.MAX_VALUE, config.encodeSparseSafe,
                    v -> config.encodeSparseSafe = v);
            return LuaValue.varargsOf(convert, ratio, safe);
        });
        function(table, "encode_max_depth", args -> {
            atMost(args, 1, "encode_max_depth");
            return integerOption(args, 1, "encode_max_depth", 1, Integer.MAX_VALUE, config.encodeMaxDepth,
                    v -> config.encodeMaxDepth = v);
        });
        function(table, "decode_max_depth", args -> {
            atMost(args, 1, "decode_max_depth");
            return integerOption(args, 1, "decode_max_depth", 1, Integer.MAX_VALUE, config.decodeMaxDepth,
                    v -> config.decodeMaxDepth = v);
        });
        function(table, "encode_number_precision", args -> {
            atMost(args, 1, "encode_number_precision");
            return integerOption(args, 1, "encode_number_precision", 1, 14, config.encodeNumberPrecision,
                    v -> config.encodeNumberPrecision = v);
        });
        function(table, "encode_keep_buffer", args -> {
            atMost(args, 1, "encode_keep_buffer");
            return enumOption(args, 1, "encode_keep_buffer", BOOLEAN_OPTIONS, config.encodeKeepBuffer,
                    v -> config.encodeKeepBuffer = v);
        });
        function(table, "encode_invalid_numbers", args -> {
            atMost(args, 1, "encode_invalid_numbers");
            return enumOption(args, 1, "encode_invalid_numbers", INVALID_NUMBER_OPTIONS, config.encodeInvalidNumbers,
                    v -> config.encodeInvalidNumbers = v);
        });
        function(table, "decode_invalid_numbers", args -> {
            atMost(args, 1, "decode_invalid_numbers");
            return enumOption(args, 1, "decode_invalid_numbers", BOOLEAN_OPTIONS, config.decodeInvalidNumbers,
                    v -> config.decodeInvalidNumbers = v);
        });
        function(table, "new", args -> module(new CJsonConfig()));
        table.set("null", NULL);
        table.set("_NAME", "cjson");
        table.set("_VERSION", "2.1.0");
        return table;
    }

    private static void function(LuaTable table, String name, NamedFunction.Body body) {
        table.set(name, new NamedFunction(name, body));
    }

    private static void exactlyOneArgument(Varargs args, String name) {
        if (args.narg() != 1) {
            throw LibArgs.argError(1, name, "expected 1 argument");
        }
    }

    private static void atMost(Varargs args, int count, String name) {
        if (args.narg() > count) {
            throw LibArgs.argError(count + 1, name, "found too many arguments");
        }
    }

    private interface Setter {
        void set(int value);
    }

    /** lua-cjson reports a value out of range as argument #1 whichever argument it was. */
    private static LuaValue integerOption(Varargs args, int narg, String name, int min, int max, int current,
                                          Setter setter) {
        if (!LibArgs.isNoneOrNil(args, narg)) {
            long value = LibArgs.checkInteger(args, narg, name);
            if (value < min || value > max) {
                throw LibArgs.argError(1, name, "expected integer between " + min + " and " + max);
            }
            setter.set((int) value);
            return LuaValue.valueOf((int) value);
        }
        return LuaValue.valueOf(current);
    }

    /** Booleans select off/on; strings are looked up among the options (as C strings); the answer is the new
     * setting, as a boolean when it is off or on. */
    private static LuaValue enumOption(Varargs args, int narg, String name, String[] options, int current,
                                       Setter setter) {
        int setting = current;
        if (!LibArgs.isNoneOrNil(args, narg)) {
            LuaValue value = args.arg(narg);
            if (value.isboolean()) {
                setting = value.toboolean() ? 1 : 0;
            } else {
                String option = cString(LibArgs.checkString(args, narg, name));
                setting = Arrays.asList(options).indexOf(option);
                if (setting < 0) {
                    throw LibArgs.argError(narg, name, "invalid option '" + option + "'");
                }
            }
            setter.set(setting);
        }
        return setting <= 1 ? LuaValue.valueOf(setting == 1) : LuaValue.valueOf(options[setting]);
    }

    private static String cString(LuaString s) {
        int length = 0;
        while (length < s.m_length && s.m_bytes[s.m_offset + length] != 0) {
            length++;
        }
        return new String(s.m_bytes, s.m_offset, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
