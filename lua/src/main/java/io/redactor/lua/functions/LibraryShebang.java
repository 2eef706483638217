package io.redactor.lua.functions;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.redactor.core.SplitArgs;
import io.redactor.lua.Shebang;

/**
 * The first line of a FUNCTION LOAD library, as Redis 7.0 reads it ({@code functionExtractLibMetaData}):
 * {@code #!<engine> name=<library>}. The line is split like an inline command; {@code name=} is matched ignoring
 * case ({@code NAME=x} works), any other word is an error, and the engine is looked up later, ignoring case
 * ({@code #!LUA} works too, unlike in EVAL's shebang). Neither the engine nor the name is checked here.
 */
public final class LibraryShebang {
    private static final byte[] NAME = "name=".getBytes(StandardCharsets.US_ASCII);

    private final byte[] engine;
    private final byte[] name;
    private final int codeOffset;

    private LibraryShebang(byte[] engine, byte[] name, int codeOffset) {
        this.engine = engine;
        this.name = name;
        this.codeOffset = codeOffset;
    }

    /**
     * @throws FunctionError "ERR Missing library metadata" (no {@code #!}), "ERR Invalid library metadata" (no line
     *                       end, bad quoting), "ERR Invalid metadata value, name argument was given multiple times",
     *                       "ERR Invalid metadata value given: &lt;word&gt;", "ERR Library name was not given"
     */
    public static LibraryShebang parse(byte[] code) {
        if (!Shebang.startsWithHashBang(code)) {
            throw FunctionError.err("Missing library metadata");
        }
        int end = Shebang.lineEnd(code);
        if (end < 0) {
            throw FunctionError.err("Invalid library metadata");
        }
        byte[][] parts = SplitArgs.split(code, 0, end);
        if (parts == null || parts.length == 0) {
            throw FunctionError.err("Invalid library metadata");
        }
        byte[] engine = Arrays.copyOfRange(parts[0], 2, parts[0].length);
        byte[] name = null;
        for (int i = 1; i < parts.length; i++) {
            if (startsWithIgnoringCase(parts[i], NAME)) {
                if (name != null) {
                    throw FunctionError.err("Invalid metadata value, name argument was given multiple times");
                }
                name = Arrays.copyOfRange(parts[i], NAME.length, parts[i].length);
                continue;
            }
            throw FunctionError.err("Invalid metadata value given: " + Shebang.cString(parts[i]));
        }
        if (name == null) {
            throw FunctionError.err("Library name was not given");
        }
        return new LibraryShebang(engine, name, end);
    }

    private static boolean startsWithIgnoringCase(byte[] arg, byte[] prefix) {
        if (arg.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            int c = arg[i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** What follows {@code #!} in the first word, e.g. {@code "lua"}, as bytes (ISO-8859-1 text). */
    public String engine() {
        return new String(engine, StandardCharsets.ISO_8859_1);
    }

    /** The library name as given (not yet checked), as bytes (ISO-8859-1 text). */
    public String name() {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    /** Where the Lua code starts: the LF ending the first line. */
    public int codeOffset() {
        return codeOffset;
    }
}
