package io.redactor.lua;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Lua 5.1's lexer run over a chunk before LuaJ (whose lexer is Lua 5.2's) compiles it, for what the two lexers
 * disagree on: the first lexical error Lua 5.1 raises (malformed numbers such as {@code 3x}, {@code 1e} or
 * {@code 0x}, decimal escapes above 255, nested {@code [[}, unfinished strings) with the index of the token it
 * is raised at, and string escapes Lua 5.1 takes as the plain character ({@code "\x41"} is {@code x41},
 * {@code "\q"} is {@code q}), which are rewritten so LuaJ reads them the same way. A first line starting with
 * {@code #!} is a Redis shebang, left out as Redis does (LuaJ skips it too); any other {@code #} there is an error.
 */
final class Lua51Lexer {
    private static final int EOZ = -1;

    /** The first lexical error: raised when the parser asks for token {@code index} (0 is the first). */
    record LexicalError(int index, int line, String message, String near) {
        /** Lua 5.1's text, {@code chunk:line: message near 'token'}. */
        String text(String shortSource) {
            return shortSource + ":" + line + ": " + message + (near == null ? "" : " near '" + near + "'");
        }
    }

    /** The source LuaJ should compile (escapes rewritten, or the input itself) and the first lexical error. */
    record Result(byte[] source, int offset, int length, LexicalError error) {
    }

    private final byte[] in;
    private final int end;
    private int pos;
    private int line = 1;
    private int tokens;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    /** The rewritten source, once a rewrite is needed; {@code copied} is how much of the input it holds. */
    private ByteArrayOutputStream rewritten;
    private int copied;

    private Lua51Lexer(byte[] in, int offset, int length) {
        this.in = in;
        this.pos = offset;
        this.end = offset + length;
        this.copied = offset;
    }

    static Result scan(byte[] source, int offset, int length) {
        Lua51Lexer lexer = new Lua51Lexer(source, offset, length);
        LexicalError error = lexer.run();
        if (lexer.rewritten == null) {
            return new Result(source, offset, length, error);
        }
        lexer.rewritten.write(source, lexer.copied, lexer.end - lexer.copied);
        byte[] out = lexer.rewritten.toByteArray();
        return new Result(out, 0, out.length, error);
    }

    private LexicalError run() {
        if (current() == '#') {
            if (pos + 1 < end && in[pos + 1] == '!') {
                // a shebang line (#!lua flags=...): Redis compiles the script without it, keeping the line count
                while (!currentIsNewline() && current() != EOZ) {
                    next();
                }
            } else {
                // LuaJ skips any first line starting with '#'; for Lua 5.1 it is the length operator, which
                // cannot start a statement
                return new LexicalError(0, 1, "unexpected symbol", "#");
            }
        }
        try {
            while (token()) {
                tokens++;
            }
            return null;
        } catch (Failure f) {
            return f.error;
        }
    }

    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient LexicalError error;

        Failure(LexicalError error) {
            super(null, null, false, false);
            this.error = error;
        }
    }

    private Failure error(String message, String near) {
        return new Failure(new LexicalError(tokens, line, message, near));
    }

    /** The buffer as the error's token text: C stops at its first NUL. */
    private String bufferText() {
        String s = buffer.toString(StandardCharsets.ISO_8859_1);
        int nul = s.indexOf('\0');
        return nul < 0 ? s : s.substring(0, nul);
    }

    private int current() {
        return pos < end ? in[pos] & 0xff : EOZ;
    }

    private void next() {
        pos++;
    }

    private void saveAndNext() {
        buffer.write(current());
        next();
    }

    private boolean currentIsNewline() {
        return current() == '\n' || current() == '\r';
    }

    private void newline() {
        int old = current();
        next();
        if (currentIsNewline() && current() != old) {
            next();
        }
        line++;
    }

    /** Lexes one token; false at the end of the chunk. */
    private boolean token() {
        buffer.reset();
        while (true) {
            int c = current();
            switch (c) {
                case '\n', '\r' -> newline();
                case '-' -> {
                    next();
                    if (current() != '-') {
                        return true;
                    }
                    next();
                    if (current() == '[') {
                        int sep = skipSeparator();
                        buffer.reset();
                        if (sep >= 0) {
                            longString(sep, false);
                            buffer.reset();
                            continue;
                        }
                    }
                    while (!currentIsNewline() && current() != EOZ) {
                        next();
                    }
                }
                case '[' -> {
                    int sep = skipSeparator();
                    if (sep >= 0) {
                        longString(sep, true);
                    } else if (sep != -1) {
                        throw error("invalid long string delimiter", bufferText());
                    }
                    return true;
                }
                case '"', '\'' -> {
                    string(c);
                    return true;
                }
                case '=', '<', '>', '~' -> {
                    next();
                    if (current() == '=') {
                        next();
                    }
                    return true;
                }
                case '.' -> {
                    saveAndNext();
                    if (current() == '.') {
                        next();
                        if (current() == '.') {
                            next();
                        }
                    } else if (isDigit(current())) {
                        numeral();
                    }
                    return true;
                }
                case EOZ -> {
                    return false;
                }
                default -> {
                    if (isSpace(c)) {
                        next();
                    } else if (isDigit(c)) {
                        numeral();
                        return true;
                    } else if (isAlpha(c) || c == '_') {
                        do {
                            next();
                        } while (isAlnum(current()) || current() == '_');
                        return true;
                    } else {
                        next();
                        return true;
                    }
                }
            }
        }
    }

    private void numeral() {
        // digits alone (the common case) always make a number: no need to convert them
        boolean digitsOnly = buffer.size() == 0;
        do {
            digitsOnly &= current() != '.';
            saveAndNext();
        } while (isDigit(current()) || current() == '.');
        if (current() == 'e' || current() == 'E') {
            digitsOnly = false;
            saveAndNext();
            if (current() == '+' || current() == '-') {
                saveAndNext();
            }
        }
        while (isAlnum(current()) || current() == '_') {
            digitsOnly = false;
            saveAndNext();
        }
        if (digitsOnly) {
            return;
        }
        byte[] numeral = buffer.toByteArray();
        if (Lua51Numbers.parse(numeral, 0, numeral.length) == null) {
            throw error("malformed number", bufferText());
        }
    }

    /** skip_sep: the level of a long bracket ({@code [==[} is 2), -1 for a lone bracket, below for a bad one. */
    private int skipSeparator() {
        int count = 0;
        int s = current();
        saveAndNext();
        while (current() == '=') {
            saveAndNext();
            count++;
        }
        return current() == s ? count : -count - 1;
    }

    private void longString(int sep, boolean string) {
        saveAndNext();
        if (currentIsNewline()) {
            newline();
        }
        while (true) {
            switch (current()) {
                case EOZ -> throw error(string ? "unfinished long string" : "unfinished long comment", "<eof>");
                case '[' -> {
                    if (skipSeparator() == sep) {
                        saveAndNext();
                        if (sep == 0) {
                            throw error("nesting of [[...]] is deprecated", "[");
                        }
                    }
                }
                case ']' -> {
                    if (skipSeparator() == sep) {
                        saveAndNext();
                        return;
                    }
                }
                case '\n', '\r' -> {
                    buffer.write('\n');
                    newline();
                    if (!string) {
                        buffer.reset();
                    }
                }
                default -> {
                    if (string) {
                        saveAndNext();
                    } else {
                        next();
                    }
                }
            }
        }
    }

    private void string(int delimiter) {
        saveAndNext();
        while (current() != delimiter) {
            switch (current()) {
                case EOZ -> throw error("unfinished string", "<eof>");
                case '\n', '\r' -> throw error("unfinished string", bufferText());
                case '\\' -> escape();
                default -> saveAndNext();
            }
        }
        saveAndNext();
    }

    private void escape() {
        int backslash = pos;
        next();
        int c = current();
        switch (c) {
            case 'a' -> saveEscaped(7);
            case 'b' -> saveEscaped('\b');
            case 'f' -> saveEscaped('\f');
            case 'n' -> saveEscaped('\n');
            case 'r' -> saveEscaped('\r');
            case 't' -> saveEscaped('\t');
            case 'v' -> saveEscaped(11);
            case '\n', '\r' -> {
                buffer.write('\n');
                newline();
            }
            case EOZ -> {
            }
            default -> {
                if (!isDigit(c)) {
                    if (c != '\\' && c != '"' && c != '\'') {
                        dropByte(backslash);
                    }
                    saveAndNext();
                    return;
                }
                int value = 0;
                int i = 0;
                do {
                    value = 10 * value + (current() - '0');
                    next();
                } while (++i < 3 && isDigit(current()));
                if (value > 255) {
                    throw error("escape sequence too large", bufferText());
                }
                buffer.write(value);
            }
        }
    }

    private void saveEscaped(int c) {
        buffer.write(c);
        next();
    }

    /** Leaves the byte at {@code at} (a backslash Lua 5.1 ignores) out of the source LuaJ compiles. */
    private void dropByte(int at) {
        if (rewritten == null) {
            rewritten = new ByteArrayOutputStream(end - copied);
        }
        rewritten.write(in, copied, at - copied);
        copied = at + 1;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlpha(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAlnum(int c) {
        return isAlpha(c) || isDigit(c);
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\f' || c == 11;
    }
}
