package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import io.redactor.lua.libs.ByteBuf;

/**
 * {@code string.find}, {@code match}, {@code gmatch} and {@code gsub} as Lua 5.1 has them, on {@link PatternMatcher}.
 * Arguments arrive converted (numbers made strings, positions clamped) by {@link StringLibrary}.
 */
final class PatternFunctions {
    private static final String SPECIALS = "^$*+?.([%-";
    private static final int BYTES_PER_UNIT = ScriptRun.BYTES_PER_UNIT;

    private PatternFunctions() {
    }

    static Varargs find(Varargs args) {
        return findOrMatch(args, true);
    }

    static Varargs match(Varargs args) {
        return findOrMatch(args, false);
    }

    private static Varargs findOrMatch(Varargs args, boolean find) {
        LuaString s = Args.checkString(args, 1);
        LuaString pattern = Args.checkString(args, 2);
        int init = start(Args.optInt(args, 3, 1), s.m_length);
        if (find && (args.arg(4).toboolean() || !hasSpecials(pattern))) {
            int at = s.indexOf(pattern, init);
            ScriptRun.spendCurrent(s.m_length / BYTES_PER_UNIT);
            return at < 0 ? LuaValue.NIL : LuaValue.varargsOf(LuaValue.valueOf(at + 1),
                    LuaValue.valueOf(at + pattern.m_length));
        }
        PatternMatcher matcher = new PatternMatcher(s, pattern, ScriptRun.currentOrNull());
        boolean anchor = matcher.pat(0) == '^';
        int patternStart = anchor ? 1 : 0;
        int at = init;
        do {
            int end = matcher.matchAt(at, patternStart);
            if (end >= 0) {
                return find ? LuaValue.varargsOf(LuaValue.valueOf(at + 1), LuaValue.valueOf(end),
                        matcher.captures(false, at, end)) : matcher.captures(true, at, end);
            }
        } while (at++ < matcher.length && !anchor);
        return LuaValue.NIL;
    }

    /** Lua 5.1's start position: relative to the end when negative, then within 0..length (0-based). */
    private static int start(int init, int length) {
        long pos = init < 0 ? (long) init + length + 1 : init;
        return (int) Math.min(Math.max(pos - 1, 0), length);
    }

    /** Whether Lua 5.1's strpbrk finds a special character before the pattern's first zero byte. */
    private static boolean hasSpecials(LuaString pattern) {
        for (int i = 0; i < pattern.m_length; i++) {
            byte b = pattern.m_bytes[pattern.m_offset + i];
            if (b == 0) {
                return false;
            }
            if (SPECIALS.indexOf(b) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** string.gmatch: an iterator over the matches; a '^' is an ordinary character here, as in Lua 5.1. */
    static Varargs gmatch(Varargs args) {
        LuaString s = Args.checkString(args, 1);
        LuaString pattern = Args.checkString(args, 2);
        int[] next = {0};
        return Fn.of("gmatch_aux", ignored -> {
            PatternMatcher matcher = new PatternMatcher(s, pattern, ScriptRun.currentOrNull());
            for (int at = next[0]; at <= matcher.length; at++) {
                int end = matcher.matchAt(at, 0);
                if (end >= 0) {
                    next[0] = end == at ? end + 1 : end;
                    return matcher.captures(true, at, end);
                }
            }
            next[0] = matcher.length + 1;
            return LuaValue.NONE;
        });
    }

    static Varargs gsub(Varargs args) {
        LuaString s = Args.checkString(args, 1);
        LuaString pattern = Args.checkString(args, 2);
        LuaValue replacement = args.arg(3);
        if (!(replacement.isstring() || replacement.isfunction() || replacement instanceof LuaTable)) {
            throw Args.error(3, "string/function/table expected");
        }
        int maxReplacements = Args.optInt(args, 4, s.m_length + 1);
        ScriptRun run = ScriptRun.currentOrNull();
        PatternMatcher matcher = new PatternMatcher(s, pattern, run);
        boolean anchor = matcher.pat(0) == '^';
        int patternStart = anchor ? 1 : 0;
        ByteBuf out = new ByteBuf();
        int at = 0;
        int n = 0;
        int reported = 0;
        while (n < maxReplacements) {
            int end = matcher.matchAt(at, patternStart);
            if (end >= 0) {
                n++;
                addValue(matcher, out, at, end, replacement);
            }
            if (end >= 0 && end > at) {
                at = end;
            } else if (at < matcher.length) {
                out.add(s.m_bytes[s.m_offset + at++]);
            } else {
                break;
            }
            if (anchor) {
                break;
            }
            if (run != null && out.length() - reported >= ScriptRun.WORK_PER_POLL * BYTES_PER_UNIT) {
                run.spend((out.length() - reported) / BYTES_PER_UNIT);
                reported = out.length();
            }
        }
        out.add(s.m_bytes, s.m_offset + at, s.m_length - at);
        return LuaValue.varargsOf(out.toLuaString(), LuaValue.valueOf(n));
    }

    private static void addValue(PatternMatcher matcher, ByteBuf out, int start, int end,
                                 LuaValue replacement) {
        LuaValue value;
        if (replacement.isstring()) {
            addString(matcher, out, start, end, Lua51Arith.toLuaString(replacement));
            return;
        } else if (replacement.isfunction()) {
            value = replacement.invoke(matcher.captures(true, start, end)).arg1();
        } else {
            value = replacement.get(matcher.capture(0, start, end));
        }
        LuaString text;
        if (!value.toboolean()) {
            text = matcher.substring(start, end);
        } else if ((text = Lua51Arith.toLuaString(value)) == null) {
            throw new LuaError("invalid replacement value (a " + value.typename() + ")");
        }
        out.add(text);
    }

    /** A replacement string: {@code %0} the match, {@code %1}-{@code %9} captures, {@code %x} the character x. */
    private static void addString(PatternMatcher matcher, ByteBuf out, int start, int end,
                                  LuaString replacement) {
        byte[] r = replacement.m_bytes;
        int last = replacement.m_offset + replacement.m_length;
        for (int i = replacement.m_offset; i < last; i++) {
            if (r[i] != '%') {
                out.add(r[i]);
                continue;
            }
            // a '%' at the end stands before C's terminator, which is what gets copied
            int c = ++i < last ? r[i] & 0xff : 0;
            if (c < '0' || c > '9') {
                out.add(c);
            } else if (c == '0') {
                out.add(matcher.substring(start, end));
            } else {
                out.add(Lua51Arith.toLuaString(matcher.capture(c - '1', start, end)));
            }
        }
    }
}
