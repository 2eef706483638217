package io.redactor.lua;

import org.luaj.vm2.LuaString;

/** Lua 5.1's chunk ids ({@code luaO_chunkid}): how a chunk's source is shown in error messages. */
final class ChunkNames {
    private static final int ID_SIZE = 60;

    private ChunkNames() {
    }

    static String shortSource(LuaString source) {
        if (source == null) {
            return "?";
        }
        return shortSource(source.tojstring());
    }

    static String shortSource(String source) {
        if (source.startsWith("=")) {
            String s = source.substring(1);
            return s.length() > ID_SIZE - 1 ? s.substring(0, ID_SIZE - 1) : s;
        }
        if (source.startsWith("@")) {
            String s = source.substring(1);
            int room = ID_SIZE - " '...' ".length() - 1;
            if (s.length() > room) {
                return "...".concat(s.substring(s.length() - room));
            }
            return s;
        }
        int nul = source.indexOf('\0');
        if (nul >= 0) {
            source = source.substring(0, nul);
        }
        int newline = indexOfLineBreak(source);
        int room = ID_SIZE - " [string \"...\"] ".length() - 1;
        boolean cut = newline >= 0;
        String s = cut ? source.substring(0, newline) : source;
        if (s.length() > room) {
            s = s.substring(0, room);
            cut = true;
        }
        // no '+' here: this runs on the way of a stack overflow (see ScriptClosure.where)
        return new StringBuilder("[string \"").append(s).append(cut ? "...\"]" : "\"]").toString();
    }

    private static int indexOfLineBreak(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\n' || ch == '\r') {
                return i;
            }
        }
        return -1;
    }
}
