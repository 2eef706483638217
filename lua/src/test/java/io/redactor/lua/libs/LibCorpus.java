package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The corpora of Lua expressions the library tests run, one file per library
 * ({@code lua/src/test/resources/io/redactor/lua/libs/<library>.corpus}): lines {@code expression<TAB>result},
 * where the result is what Redis 7.0 answered (recorded, and re-checked, by {@code LuaLibraryCorpusRedisTest}).
 * The expression runs inside {@code pcall(function() return <expression> end)} after {@code prelude.lua} (cjson's
 * settings back to their defaults); the result renders what pcall returned: {@code ok v1, v2...} or
 * {@code err "message"}. Strings are quoted with non-printable bytes as {@code \xHH}, numbers are {@code %.17g},
 * tables list their entries sorted. On Redis a Lua function ({@code dump.lua}) renders; here Java renders the same.
 */
public final class LibCorpus {
    public static final List<String> LIBRARIES = List.of("cjson", "cmsgpack", "struct", "bit");
    private static final String RESOURCES = "/io/redactor/lua/libs/";
    private static final Pattern POSITION = Pattern.compile("^err \"[A-Za-z_@]+:\\d+:? ");

    /** One corpus line; {@code expected} is null until recorded. */
    public record Entry(int line, String expression, String expected) {
        public String format(String result) {
            return expression + "\t" + result;
        }
    }

    private LibCorpus() {
    }

    public static List<Entry> load(String library) {
        List<Entry> entries = new ArrayList<>();
        String[] lines = resource(library + ".corpus").split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            entries.add(tab < 0 ? new Entry(i + 1, line, null)
                    : new Entry(i + 1, line.substring(0, tab), line.substring(tab + 1)));
        }
        return entries;
    }

    /** The corpus file in the source tree (for recording), from the project directory. */
    public static Path sourceFile(String library) {
        return Path.of("lua/src/test/resources/io/redactor/lua/libs", library + ".corpus");
    }

    /** The script Redis runs: the renderer and prelude, then the expression, on one line as far as it goes. */
    public static String redisScript(String expression) {
        return resource("dump.lua").replace('\n', ' ') + " " + prelude()
                + " return all(pcall(function() return " + expression + "\nend))";
    }

    /** The chunk LuaJ runs; Java renders what it returns with {@link #render}. */
    public static String luajScript(String expression) {
        return prelude() + " return pcall(function() return " + expression + "\nend)";
    }

    private static String prelude() {
        return resource("prelude.lua").replace('\n', ' ');
    }

    /** Drops the "user_script:1: " in front of an error message: positions are the engine's business. */
    public static String withoutPosition(String result) {
        return POSITION.matcher(result).replaceFirst("err \"");
    }

    public static String render(Varargs pcallResults) {
        List<String> values = new ArrayList<>();
        for (int i = 2; i <= pcallResults.narg(); i++) {
            values.add(render(pcallResults.arg(i), 0));
        }
        if (pcallResults.arg1().toboolean()) {
            return "ok " + String.join(", ", values);
        }
        return "err " + values.get(0);
    }

    private static String render(LuaValue value, int depth) {
        return switch (value.type()) {
            case LuaValue.TNIL -> "nil";
            case LuaValue.TBOOLEAN -> value.toboolean() ? "true" : "false";
            case LuaValue.TNUMBER -> number(value.todouble());
            case LuaValue.TSTRING -> quote((LuaString) value);
            case LuaValue.TUSERDATA, LuaValue.TLIGHTUSERDATA -> value == CJsonLib.NULL ? "null" : "userdata";
            case LuaValue.TTABLE -> depth > 20 ? "{...}" : table((LuaTable) value, depth);
            default -> value.typename();
        };
    }

    private static String number(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        return Double.isInfinite(d) ? (d > 0 ? "inf" : "-inf") : CFormat.g(d, 17);
    }

    private static String quote(LuaString s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.m_length; i++) {
            int b = s.m_bytes[s.m_offset + i] & 0xff;
            if (b == '"' || b == '\\') {
                out.append('\\').append((char) b);
            } else if (b < 32 || b > 126) {
                out.append(String.format("\\x%02X", b));
            } else {
                out.append((char) b);
            }
        }
        return out.append('"').toString();
    }

    private static String table(LuaTable table, int depth) {
        List<String> parts = new ArrayList<>();
        LuaValue key = LuaValue.NIL;
        while (true) {
            Varargs entry = table.next(key);
            key = entry.arg1();
            if (key.isnil()) {
                break;
            }
            parts.add("[" + render(key, depth + 1) + "]=" + render(entry.arg(2), depth + 1));
        }
        parts.sort(null);
        return "{" + String.join(",", parts) + "}" + (table.getmetatable() != null ? "+mt" : "");
    }

    private static String resource(String name) {
        try (InputStream in = LibCorpus.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + RESOURCES + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
