package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.util.ArrayDeque;

/**
 * {@code cjson.decode}: JSON text to a Lua value, with lua-cjson's tokens and error messages ("Expected value but
 * found invalid token at character 1"). A zero byte ends the text. Numbers are read by strtod, so with
 * {@code decode_invalid_numbers} on (the default) it also takes hexadecimal, leading zeros, a plus sign,
 * {@code inf} and {@code nan}. Also keeps count of the Lua stack slots lua-cjson would use, since running out of
 * them is reported like too deep a nesting.
 */
final class JsonDecoder {
    private enum Type {
        OBJ_BEGIN, OBJ_END, ARR_BEGIN, ARR_END, STRING, NUMBER, BOOLEAN, NULL, COLON, COMMA, END, ERROR;

        String label() {
            return "T_" + name();
        }
    }

    private record Token(Type type, int index, LuaValue value, String error) {
        String found() {
            return type == Type.ERROR ? error : type.label();
        }
    }

    private final byte[] bytes;
    private final int start;
    private final int length;
    /** Index of the first zero byte, or the end: the tokenizer reads a C string. */
    private final int limit;
    private final int maxDepth;
    private final boolean invalidNumbers;
    private int pos;
    private int depth;

    JsonDecoder(CJsonConfig config, LuaString json) {
        this.bytes = json.m_bytes;
        this.start = json.m_offset;
        this.length = json.m_length;
        int end = start;
        while (end < start + length && bytes[end] != 0) {
            end++;
        }
        this.limit = end;
        this.maxDepth = config.decodeMaxDepth;
        this.invalidNumbers = config.decodeInvalidNumbers != 0;
        this.pos = start;
    }

    LuaValue decode() {
        if (length >= 2 && (bytes[start] == 0 || bytes[start + 1] == 0)) {
            throw LibArgs.error("JSON parser does not support UTF-16 or UTF-32");
        }
        LuaValue value = value(next());
        Token token = next();
        if (token.type != Type.END) {
            throw parseError("the end", token);
        }
        return value;
    }

    private RuntimeException parseError(String expected, Token token) {
        return LibArgs.error("Expected " + expected + " but found " + token.found() + " at character "
                + (token.index + 1));
    }

    /** An array or object being read: its table, the key of the value being read, where the next index goes. */
    private static final class Container {
        final LuaTable table;
        final boolean object;
        /** Lua stack slots in use before the table was pushed */
        final int stackTop;
        int index = 1;
        LuaValue key;

        Container(LuaTable table, boolean object, int stackTop) {
            this.table = table;
            this.object = object;
            this.stackTop = stackTop;
        }

        /** Slots in use before a value inside is pushed: the table, and for objects the key. */
        int childStackTop() {
            return stackTop + (object ? 2 : 1);
        }
    }

    /**
     * The value starting with {@code token}. Iterative, not recursive: nesting may go thousands deep, past what a
     * Java stack holds.
     */
    private LuaValue value(Token token) {
        ArrayDeque<Container> open = new ArrayDeque<>();
        while (true) {
            int stackTop = open.isEmpty() ? 1 : open.peek().childStackTop();
            LuaValue value;
            switch (token.type) {
                case STRING, NUMBER, BOOLEAN -> value = token.value;
                case NULL -> value = CJsonLib.NULL;
                case OBJ_BEGIN, ARR_BEGIN -> {
                    boolean object = token.type == Type.OBJ_BEGIN;
                    descend(stackTop, object ? 3 : 2);
                    Container container = new Container(new LuaTable(), object, stackTop);
                    token = next();
                    if (token.type == (object ? Type.OBJ_END : Type.ARR_END)) {
                        depth--;
                        value = container.table;
                    } else {
                        open.push(container);
                        if (object) {
                            token = keyThenValue(container, token);
                        }
                        continue;
                    }
                }
                default -> throw parseError("value", token);
            }
            // A value is complete: store it, closing the containers it completes.
            while (true) {
                Container container = open.peek();
                if (container == null) {
                    return value;
                }
                if (container.object) {
                    container.table.rawset(container.key, value);
                } else {
                    container.table.rawset(container.index++, value);
                }
                token = next();
                if (token.type == (container.object ? Type.OBJ_END : Type.ARR_END)) {
                    open.pop();
                    depth--;
                    value = container.table;
                    continue;
                }
                if (token.type != Type.COMMA) {
                    throw parseError(container.object ? "comma or object end" : "comma or array end", token);
                }
                token = next();
                if (container.object) {
                    token = keyThenValue(container, token);
                }
                break;
            }
        }
    }

    /** Reads {@code "key" :} of an object, {@code token} being the key; answers the first token of the value. */
    private Token keyThenValue(Container object, Token token) {
        if (token.type != Type.STRING) {
            throw parseError("object key string", token);
        }
        object.key = token.value;
        token = next();
        if (token.type != Type.COLON) {
            throw parseError("colon", token);
        }
        return next();
    }

    private void descend(int stackTop, int slots) {
        depth++;
        if (depth > maxDepth || stackTop + slots > Lua51.MAX_C_STACK) {
            throw LibArgs.error("Found too many nested data structures (" + depth + ") at character "
                    + (pos - start));
        }
    }

    private int at(int index) {
        return index < limit ? bytes[index] & 0xff : 0;
    }

    private Token next() {
        while (true) {
            int c = at(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else {
                break;
            }
        }
        int index = pos - start;
        int c = at(pos);
        Type single = switch (c) {
            case '{' -> Type.OBJ_BEGIN;
            case '}' -> Type.OBJ_END;
            case '[' -> Type.ARR_BEGIN;
            case ']' -> Type.ARR_END;
            case ':' -> Type.COLON;
            case ',' -> Type.COMMA;
            default -> null;
        };
        if (single != null) {
            pos++;
            return new Token(single, index, null, null);
        }
        if (c == 0) {
            return new Token(Type.END, index, null, null);
        }
        if (c == '"') {
            return string(index);
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            if (!invalidNumbers && isInvalidNumber()) {
                return error(index, "invalid number");
            }
            return number(index);
        }
        if (c == 't' && matches("true")) {
            pos += 4;
            return new Token(Type.BOOLEAN, index, LuaValue.TRUE, null);
        }
        if (c == 'f' && matches("false")) {
            pos += 5;
            return new Token(Type.BOOLEAN, index, LuaValue.FALSE, null);
        }
        if (c == 'n' && matches("null")) {
            pos += 4;
            return new Token(Type.NULL, index, null, null);
        }
        if (invalidNumbers && isInvalidNumber()) {
            return number(index);
        }
        return error(index, "invalid token");
    }

    private static Token error(int index, String message) {
        return new Token(Type.ERROR, index, null, message);
    }

    private boolean matches(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (at(pos + i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean matchesIgnoringCase(int from, String word) {
        for (int i = 0; i < word.length(); i++) {
            if ((at(from + i) | 0x20) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** What strict JSON refuses and strtod takes: a plus sign, leading zeros, hexadecimal, inf and nan. */
    private boolean isInvalidNumber() {
        int p = pos;
        if (at(p) == '+') {
            return true;
        }
        if (at(p) == '-') {
            p++;
        }
        if (at(p) == '0') {
            int next = at(p + 1);
            return (next | 0x20) == 'x' || (next >= '0' && next <= '9');
        }
        if (at(p) <= '9') {
            return false;
        }
        return matchesIgnoringCase(p, "inf") || matchesIgnoringCase(p, "nan");
    }

    private Token number(int index) {
        CStrtod parsed = CStrtod.parse(bytes, pos, limit);
        if (parsed.end == pos) {
            return error(index, "invalid number");
        }
        pos = parsed.end;
        return new Token(Type.NUMBER, index, LuaValue.valueOf(parsed.value), null);
    }

    private Token string(int index) {
        ByteBuf out = new ByteBuf();
        pos++;
        while (at(pos) != '"') {
            int c = at(pos);
            if (c == 0) {
                return error(pos - start, "unexpected end of string");
            }
            if (c != '\\') {
                out.add(c);
                pos++;
                continue;
            }
            int escape = at(pos + 1);
            int replacement = switch (escape) {
                case '"', '\\', '/' -> escape;
                case 'b' -> '\b';
                case 'f' -> '\f';
                case 'n' -> '\n';
                case 'r' -> '\r';
                case 't' -> '\t';
                default -> -1;
            };
            if (replacement >= 0) {
                out.add(replacement);
                pos += 2;
            } else if (escape == 'u') {
                if (!unicodeEscape(out)) {
                    return error(pos - start, "invalid unicode escape code");
                }
            } else {
                return error(pos - start, "invalid escape code");
            }
        }
        pos++;
        return new Token(Type.STRING, index, out.toLuaString(), null);
    }

    private int hex4(int from) {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = CStrtod.hexDigit(at(from + i));
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    /** {@code \}{@code uXXXX} at pos, a surrogate pair counted as one character, appended as UTF-8. */
    private boolean unicodeEscape(ByteBuf out) {
        int codepoint = hex4(pos + 2);
        if (codepoint < 0) {
            return false;
        }
        int consumed = 6;
        if (codepoint >= 0xDC00 && codepoint <= 0xDFFF) {
            return false;
        }
        if (codepoint >= 0xD800 && codepoint <= 0xDBFF) {
            if (at(pos + 6) != '\\' || at(pos + 7) != 'u') {
                return false;
            }
            int low = hex4(pos + 8);
            if (low < 0xDC00 || low > 0xDFFF) {
                return false;
            }
            codepoint = (((codepoint & 0x3FF) << 10) | (low & 0x3FF)) + 0x10000;
            consumed = 12;
        }
        if (codepoint < 0x80) {
            out.add(codepoint);
        } else if (codepoint < 0x800) {
            out.add(0xC0 | codepoint >> 6).add(0x80 | codepoint & 0x3F);
        } else if (codepoint < 0x10000) {
            out.add(0xE0 | codepoint >> 12).add(0x80 | codepoint >> 6 & 0x3F).add(0x80 | codepoint & 0x3F);
        } else {
            out.add(0xF0 | codepoint >> 18).add(0x80 | codepoint >> 12 & 0x3F).add(0x80 | codepoint >> 6 & 0x3F)
                    .add(0x80 | codepoint & 0x3F);
        }
        pos += consumed;
        return true;
    }
}
