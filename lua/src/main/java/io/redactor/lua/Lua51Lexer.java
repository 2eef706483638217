package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.compiler.LuaTokens;

/**
 * Lua 5.1's lexer: turns a chunk into the tokens LuaJ's parser takes ({@link LuaTokens}; LuaJ's own lexer is Lua
 * 5.2's), up to the first lexical error Lua 5.1 raises (malformed numbers such as {@code 3x}, {@code 1e} or
 * {@code 0x}, decimal escapes above 255, nested {@code [[}, unfinished strings), which the parser raises when it
 * reaches that token. Strings get Lua 5.1's escapes ({@code "\x41"} is {@code x41}, {@code "\q"} is {@code q}).
 * A first line starting with {@code #!} is a Redis shebang, left out as Redis does; any other {@code #} there is an
 * error. Reserved words are LuaJ's, which count {@code goto}, and {@code ::} is one token, as LuaJ's parser expects.
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

    /**
     * The chunk's tokens, ending with {@link LuaTokens#EOS} when there is no lexical error; otherwise they end
     * before the token the error is raised at ({@code error.index()} is their count).
     */
    record Result(LuaTokens tokens, LexicalError error, byte[] source, int end) {
        /** What Lua 5.1 quotes of token {@code index} in an error: a name or numeral as written, a string as read. */
        String nearText(int index) {
            int start = tokens.start(index);
            Lua51Lexer lexer = new Lua51Lexer(source, start, end - start);
            lexer.token();
            return tokens.kind(index) == LuaTokens.STRING ? lexer.bufferText()
                    : new String(source, start, lexer.pos - start, StandardCharsets.ISO_8859_1);
        }
    }

    private final byte[] in;
    private final int end;
    private int pos;
    private int line = 1;
    private final LuaTokens tokens = new LuaTokens();
    private final Bytes buffer = new Bytes();
    /** Names and strings by their bytes, so that each distinct one is one {@link LuaString}. */
    private final StringTable strings = new StringTable();
    /** The value of the token just read: a name's or string's LuaString, a number's LuaValue. */
    private LuaValue value;
    /** Where the token just read starts. */
    private int tokenStart;

    private Lua51Lexer(byte[] in, int offset, int length) {
        this.in = in;
        this.pos = offset;
        this.end = offset + length;
    }

    static Result scan(byte[] source, int offset, int length) {
        Lua51Lexer lexer = new Lua51Lexer(source, offset, length);
        LexicalError error = lexer.run();
        return new Result(lexer.tokens, error, source, offset + length);
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
            int kind;
            do {
                value = null;
                kind = token();
                tokens.add(kind, value, line, tokenStart);
            } while (kind != LuaTokens.EOS);
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
        return new Failure(new LexicalError(tokens.count(), line, message, near));
    }

    /** The buffer as the error's token text: C stops at its first NUL. */
    private String bufferText() {
        String s = new String(buffer.bytes, 0, buffer.size, StandardCharsets.ISO_8859_1);
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

    /** Lexes one token and returns its code (LuaJ's), setting {@link #value} for names, strings and numbers. */
    private int token() {
        buffer.reset();
        while (true) {
            tokenStart = pos;
            int c = current();
            switch (c) {
                case '\n', '\r' -> newline();
                case '-' -> {
                    next();
                    if (current() != '-') {
                        return '-';
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
                        value = strings.get(buffer.bytes, 2 + sep, buffer.size - 2 * (2 + sep));
                        return LuaTokens.STRING;
                    } else if (sep != -1) {
                        throw error("invalid long string delimiter", bufferText());
                    }
                    return '[';
                }
                case '"', '\'' -> {
                    string(c);
                    value = strings.get(buffer.bytes, 1, buffer.size - 2);
                    return LuaTokens.STRING;
                }
                case '=', '<', '>', '~' -> {
                    next();
                    if (current() != '=') {
                        return c;
                    }
                    next();
                    return c == '=' ? LuaTokens.EQ : c == '<' ? LuaTokens.LE : c == '>' ? LuaTokens.GE : LuaTokens.NE;
                }
                case ':' -> {
                    next();
                    if (current() != ':') {
                        return ':';
                    }
                    next();
                    return LuaTokens.DBCOLON;
                }
                case '.' -> {
                    saveAndNext();
                    if (current() == '.') {
                        next();
                        if (current() == '.') {
                            next();
                            return LuaTokens.DOTS;
                        }
                        return LuaTokens.CONCAT;
                    } else if (isDigit(current())) {
                        numeral();
                        return LuaTokens.NUMBER;
                    }
                    return '.';
                }
                case EOZ -> {
                    return LuaTokens.EOS;
                }
                default -> {
                    if (isSpace(c)) {
                        next();
                    } else if (isDigit(c)) {
                        numeral();
                        return LuaTokens.NUMBER;
                    } else if (isAlpha(c) || c == '_') {
                        do {
                            next();
                        } while (isAlnum(current()) || current() == '_');
                        LuaString name = strings.get(in, tokenStart, pos - tokenStart);
                        int kind = LuaTokens.reserved(name);
                        value = kind == LuaTokens.NAME ? name : null;
                        return kind;
                    } else {
                        next();
                        return c;
                    }
                }
            }
        }
    }

    private void numeral() {
        // digits alone (the common case) make a number read without strtod
        boolean digitsOnly = buffer.size == 0;
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
        if (digitsOnly && buffer.size <= 15) {
            long n = 0;
            for (int i = 0; i < buffer.size; i++) {
                n = n * 10 + buffer.bytes[i] - '0';
            }
            value = LuaValue.valueOf((double) n);
            return;
        }
        Double number = Lua51Numbers.parse(buffer.bytes, 0, buffer.size);
        if (number == null) {
            throw error("malformed number", bufferText());
        }
        value = LuaValue.valueOf(number);
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

    /** The token being read, as C Lua's buffer holds it (strings with their escapes done). */
    private static final class Bytes {
        byte[] bytes = new byte[32];
        int size;

        void write(int b) {
            if (size == bytes.length) {
                bytes = Arrays.copyOf(bytes, size * 2);
            }
            bytes[size++] = (byte) b;
        }

        int size() {
            return size;
        }

        void reset() {
            size = 0;
        }
    }

    /** Interns names and strings by their bytes: an open-addressing table of the LuaStrings made so far. */
    private static final class StringTable {
        private LuaString[] slots = new LuaString[256];
        private int count;

        LuaString get(byte[] bytes, int offset, int length) {
            int hash = hash(bytes, offset, length);
            int mask = slots.length - 1;
            for (int i = hash & mask;; i = (i + 1) & mask) {
                LuaString s = slots[i];
                if (s == null) {
                    LuaString made = LuaString.valueUsing(Arrays.copyOfRange(bytes, offset, offset + length));
                    slots[i] = made;
                    if (++count * 2 > slots.length) {
                        grow();
                    }
                    return made;
                }
                if (s.m_length == length && Arrays.equals(s.m_bytes, s.m_offset, s.m_offset + length,
                        bytes, offset, offset + length)) {
                    return s;
                }
            }
        }

        private void grow() {
            LuaString[] old = slots;
            slots = new LuaString[old.length * 2];
            int mask = slots.length - 1;
            for (LuaString s : old) {
                if (s != null) {
                    int i = hash(s.m_bytes, s.m_offset, s.m_length) & mask;
                    while (slots[i] != null) {
                        i = (i + 1) & mask;
                    }
                    slots[i] = s;
                }
            }
        }

        private static int hash(byte[] bytes, int offset, int length) {
            int h = length;
            for (int i = offset; i < offset + length; i++) {
                h = 31 * h + bytes[i];
            }
            return h ^ (h >>> 16);
        }
    }
}
