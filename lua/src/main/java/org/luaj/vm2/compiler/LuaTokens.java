package org.luaj.vm2.compiler;

import java.util.Arrays;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;

/**
 * A chunk's tokens as LuaJ's parser takes them: the token codes of LuaJ's lexer ({@link #NAME}, {@link #STRING},
 * {@link #NUMBER}, the reserved words and operators, a character's own code), each with its value (a name's or
 * string's {@link LuaString}, a number's {@link LuaValue}), the line the lexer was on after reading it, and where it
 * starts in the source. Redactor's Lua 5.1 lexer fills it in one pass; the parser then never reads a character.
 */
public final class LuaTokens {
    public static final int NAME = LexState.TK_NAME;
    public static final int STRING = LexState.TK_STRING;
    public static final int NUMBER = LexState.TK_NUMBER;
    public static final int EOS = LexState.TK_EOS;
    public static final int CONCAT = LexState.TK_CONCAT;
    public static final int DOTS = LexState.TK_DOTS;
    public static final int EQ = LexState.TK_EQ;
    public static final int GE = LexState.TK_GE;
    public static final int LE = LexState.TK_LE;
    public static final int NE = LexState.TK_NE;
    public static final int DBCOLON = LexState.TK_DBCOLON;

    int count;
    int[] kinds = new int[64];
    int[] lines = new int[64];
    int[] starts = new int[64];
    LuaValue[] values = new LuaValue[64];

    /** The reserved word's token code (LuaJ's, which counts {@code goto}), or {@link #NAME}. */
    public static int reserved(LuaString name) {
        Object code = LexState.RESERVED.get(name);
        return code == null ? NAME : (Integer) code;
    }

    public void add(int kind, LuaValue value, int line, int start) {
        if (count == kinds.length) {
            int size = count * 2;
            kinds = Arrays.copyOf(kinds, size);
            lines = Arrays.copyOf(lines, size);
            starts = Arrays.copyOf(starts, size);
            values = Arrays.copyOf(values, size);
        }
        kinds[count] = kind;
        lines[count] = line;
        starts[count] = start;
        values[count] = value;
        count++;
    }

    public int count() {
        return count;
    }

    public int kind(int index) {
        return kinds[index];
    }

    /** Where token {@code index} starts in the source. */
    public int start(int index) {
        return starts[index];
    }
}
