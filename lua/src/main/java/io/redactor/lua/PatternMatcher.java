package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Lua 5.1's pattern matching over one subject and one pattern: the state of a match (its captures) and the
 * backtracking matcher. The pattern ends at its first zero byte, as in Lua 5.1, whose patterns are C strings.
 * Every step of the matcher is counted against the running script's work ({@link ScriptRun#spend}), so that a
 * pattern that backtracks for seconds can be killed and does not hold a network thread.
 */
final class PatternMatcher {
    static final int MAX_CAPTURES = 32;
    private static final int CAP_UNFINISHED = -1;
    private static final int CAP_POSITION = -2;
    private static final byte ESC = '%';
    /** Steps counted before they are reported to the run. */
    private static final int STEPS_PER_REPORT = 256;

    private final byte[] s;
    private final int s0;
    /** The subject's length: positions are 0..length. */
    final int length;
    private final byte[] p;
    private final int p0;
    /** The pattern's end: its length, or its first zero byte. */
    private final int pEnd;
    private final ScriptRun run;
    private int steps;
    private int level;
    private final int[] captureStart = new int[MAX_CAPTURES];
    private final int[] captureLength = new int[MAX_CAPTURES];

    PatternMatcher(LuaString subject, LuaString pattern, ScriptRun run) {
        this.s = subject.m_bytes;
        this.s0 = subject.m_offset;
        this.length = subject.m_length;
        this.p = pattern.m_bytes;
        this.p0 = pattern.m_offset;
        int end = 0;
        while (end < pattern.m_length && p[p0 + end] != 0) {
            end++;
        }
        this.pEnd = end;
        this.run = run;
    }

    /** The pattern's byte at {@code i}, 0 at and past its end (where C reads the terminator). */
    int pat(int i) {
        return i < pEnd ? p[p0 + i] & 0xff : 0;
    }

    private int src(int i) {
        return i < length ? s[s0 + i] & 0xff : 0;
    }

    /** Where a match of the pattern from {@code patternStart} at subject position {@code at} ends, or -1. */
    int matchAt(int at, int patternStart) {
        level = 0;
        return match(at, patternStart);
    }

    private void step() {
        if (++steps == STEPS_PER_REPORT) {
            steps = 0;
            if (run != null) {
                run.spend(STEPS_PER_REPORT);
            }
        }
    }

    private int match(int si, int pi) {
        while (true) {
            step();
            switch (pat(pi)) {
                case '(' -> {
                    return pat(pi + 1) == ')' ? startCapture(si, pi + 2, CAP_POSITION)
                            : startCapture(si, pi + 1, CAP_UNFINISHED);
                }
                case ')' -> {
                    return endCapture(si, pi + 1);
                }
                case 0 -> {
                    return si;
                }
                case ESC -> {
                    int c = pat(pi + 1);
                    if (c == 'b') {
                        si = matchBalance(si, pi + 2);
                        if (si < 0) {
                            return -1;
                        }
                        pi += 4;
                        continue;
                    }
                    if (c == 'f') {
                        pi += 2;
                        if (pat(pi) != '[') {
                            throw new LuaError("missing '[' after '%f' in pattern");
                        }
                        int ep = classEnd(pi);
                        int previous = si == 0 ? 0 : src(si - 1);
                        if (matchBracketClass(previous, pi, ep - 1) || !matchBracketClass(src(si), pi, ep - 1)) {
                            return -1;
                        }
                        pi = ep;
                        continue;
                    }
                    if (c >= '0' && c <= '9') {
                        si = matchCapture(si, c);
                        if (si < 0) {
                            return -1;
                        }
                        pi += 2;
                        continue;
                    }
                }
                case '$' -> {
                    if (pi + 1 >= pEnd) {
                        return si == length ? si : -1;
                    }
                }
                default -> {
                }
            }
            int ep = classEnd(pi);
            boolean m = si < length && singleMatch(src(si), pi, ep);
            switch (pat(ep)) {
                case '?' -> {
                    if (m) {
                        int res = match(si + 1, ep + 1);
                        if (res >= 0) {
                            return res;
                        }
                    }
                    pi = ep + 1;
                }
                case '*' -> {
                    return maxExpand(si, pi, ep);
                }
                case '+' -> {
                    return m ? maxExpand(si + 1, pi, ep) : -1;
                }
                case '-' -> {
                    return minExpand(si, pi, ep);
                }
                default -> {
                    if (!m) {
                        return -1;
                    }
                    si++;
                    pi = ep;
                }
            }
        }
    }

    private int maxExpand(int si, int pi, int ep) {
        int i = 0;
        while (si + i < length && singleMatch(src(si + i), pi, ep)) {
            i++;
            step();
        }
        for (; i >= 0; i--) {
            int res = match(si + i, ep + 1);
            if (res >= 0) {
                return res;
            }
        }
        return -1;
    }

    private int minExpand(int si, int pi, int ep) {
        while (true) {
            int res = match(si, ep + 1);
            if (res >= 0) {
                return res;
            }
            if (si < length && singleMatch(src(si), pi, ep)) {
                si++;
            } else {
                return -1;
            }
        }
    }

    private int startCapture(int si, int pi, int what) {
        if (level >= MAX_CAPTURES) {
            throw new LuaError("too many captures");
        }
        captureStart[level] = si;
        captureLength[level] = what;
        level++;
        int res = match(si, pi);
        if (res < 0) {
            level--;
        }
        return res;
    }

    private int endCapture(int si, int pi) {
        int l = captureToClose();
        captureLength[l] = si - captureStart[l];
        int res = match(si, pi);
        if (res < 0) {
            captureLength[l] = CAP_UNFINISHED;
        }
        return res;
    }

    private int captureToClose() {
        for (int l = level - 1; l >= 0; l--) {
            if (captureLength[l] == CAP_UNFINISHED) {
                return l;
            }
        }
        throw new LuaError("invalid pattern capture");
    }

    private int matchBalance(int si, int pi) {
        if (pat(pi) == 0 || pat(pi + 1) == 0) {
            throw new LuaError("unbalanced pattern");
        }
        if (src(si) != pat(pi) || si >= length) {
            return -1;
        }
        int open = pat(pi);
        int close = pat(pi + 1);
        int depth = 1;
        while (++si < length) {
            step();
            int c = src(si);
            if (c == close) {
                if (--depth == 0) {
                    return si + 1;
                }
            } else if (c == open) {
                depth++;
            }
        }
        return -1;
    }

    private int matchCapture(int si, int digit) {
        int l = checkCapture(digit);
        int len = captureLength[l];
        if (length - si >= len) {
            int from = s0 + captureStart[l];
            boolean same = true;
            for (int k = 0; k < len && same; k++) {
                same = s[from + k] == s[s0 + si + k];
            }
            if (same) {
                return si + len;
            }
        }
        return -1;
    }

    private int checkCapture(int digit) {
        int l = digit - '1';
        if (l < 0 || l >= level || captureLength[l] == CAP_UNFINISHED) {
            throw new LuaError("invalid capture index");
        }
        return l;
    }

    /** Where the single-character class starting at {@code pi} ends. */
    private int classEnd(int pi) {
        int c = pat(pi++);
        if (c == ESC) {
            if (pi >= pEnd) {
                throw new LuaError("malformed pattern (ends with '%')");
            }
            return pi + 1;
        }
        if (c == '[') {
            if (pat(pi) == '^') {
                pi++;
            }
            do {
                if (pi >= pEnd) {
                    throw new LuaError("malformed pattern (missing ']')");
                }
                int d = pat(pi++);
                if (d == ESC && pi < pEnd) {
                    pi++;
                }
            } while (pat(pi) != ']');
            return pi + 1;
        }
        return pi;
    }

    private boolean singleMatch(int c, int pi, int ep) {
        return switch (pat(pi)) {
            case '.' -> true;
            case ESC -> matchClass(c, pat(pi + 1));
            case '[' -> matchBracketClass(c, pi, ep - 1);
            default -> pat(pi) == c;
        };
    }

    /** {@code [set]} from {@code pi} (its '[') to {@code ec} (its ']'). */
    private boolean matchBracketClass(int c, int pi, int ec) {
        boolean found = true;
        if (pat(pi + 1) == '^') {
            found = false;
            pi++;
        }
        while (++pi < ec) {
            if (pat(pi) == ESC) {
                pi++;
                if (matchClass(c, pat(pi))) {
                    return found;
                }
            } else if (pat(pi + 1) == '-' && pi + 2 < ec) {
                pi += 2;
                if (pat(pi - 2) <= c && c <= pat(pi)) {
                    return found;
                }
            } else if (pat(pi) == c) {
                return found;
            }
        }
        return !found;
    }

    /** {@code %x} for class letter {@code cl}, as C's ctype functions answer in the "C" locale. */
    static boolean matchClass(int c, int cl) {
        boolean res;
        switch (Character.toLowerCase(cl)) {
            case 'a' -> res = isAlpha(c);
            case 'c' -> res = c < 32 || c == 127;
            case 'd' -> res = c >= '0' && c <= '9';
            case 'l' -> res = c >= 'a' && c <= 'z';
            case 'p' -> res = c > 32 && c < 127 && !isAlpha(c) && !(c >= '0' && c <= '9');
            case 's' -> res = c == ' ' || (c >= '\t' && c <= '\r');
            case 'u' -> res = c >= 'A' && c <= 'Z';
            case 'w' -> res = isAlpha(c) || (c >= '0' && c <= '9');
            case 'x' -> res = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            case 'z' -> res = c == 0;
            default -> {
                return cl == c;
            }
        }
        return cl >= 'A' && cl <= 'Z' ? !res : res;
    }

    private static boolean isAlpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Capture {@code i} of the match from {@code start} to {@code end} (capture 0 of none: the whole match). */
    LuaValue capture(int i, int start, int end) {
        if (i >= level) {
            if (i == 0) {
                return substring(start, end);
            }
            throw new LuaError("invalid capture index");
        }
        int l = captureLength[i];
        if (l == CAP_UNFINISHED) {
            throw new LuaError("unfinished capture");
        }
        if (l == CAP_POSITION) {
            return LuaValue.valueOf(captureStart[i] + 1);
        }
        return substring(captureStart[i], captureStart[i] + l);
    }

    /**
     * The captures of the last match, or the whole match when it has none and {@code wholeIfNone}; what
     * {@code string.find} (false) and {@code string.match}/{@code gmatch}/{@code gsub} (true) return.
     */
    Varargs captures(boolean wholeIfNone, int start, int end) {
        int n = level == 0 && wholeIfNone ? 1 : level;
        if (n == 0) {
            return LuaValue.NONE;
        }
        if (n == 1) {
            return capture(0, start, end);
        }
        LuaValue[] values = new LuaValue[n];
        for (int i = 0; i < n; i++) {
            values[i] = capture(i, start, end);
        }
        return LuaValue.varargsOf(values);
    }

    LuaString substring(int start, int end) {
        return LuaString.valueOf(s, s0 + start, end - start);
    }
}
