package io.redactor.core;

/**
 * Redis's glob-style matching ({@code stringmatchlen}), as used by KEYS, SCAN MATCH, PSUBSCRIBE, CONFIG GET and
 * FUNCTION LIST LIBRARYNAME.
 *
 * <p>Syntax, byte by byte:
 * <ul>
 *   <li>{@code *} matches any run of bytes, {@code ?} any single byte;</li>
 *   <li>{@code [abc]}, {@code [a-z]} (bounds in either order) and {@code [^...]} match one byte from a set;
 *       inside a set {@code \x} is the byte {@code x} compared exactly (never case-folded), an unterminated set
 *       ends with the pattern ({@code "[ab"} is {@code [ab]}), {@code "[]"} matches nothing and {@code "[^]"}
 *       anything, and {@code "[a-]"} is the range from {@code a} to {@code ]};</li>
 *   <li>{@code \x} outside a set is the byte {@code x}; a trailing backslash is a literal backslash;</li>
 *   <li>range bounds compare as <em>signed</em> bytes, as in C: {@code [a-\xff]} means {@code [\xff-a]}, which
 *       holds {@code \xff} and {@code \x00}..{@code a} but not {@code \x80};</li>
 *   <li>{@code ignoreCase} folds ASCII letters only, and range bounds are folded after being put in order:
 *       {@code [Z-a]} is empty when ignoring case.</li>
 * </ul>
 * An empty text matches only the empty pattern: even {@code "*"} does not match {@code ""}. KEYS and SCAN in
 * Redis never ask, because they short-cut the lone {@code "*"} to "everything"; callers should do the same with
 * {@link #matchesEverything}.
 *
 * <p>The matcher backtracks only to the last star seen, so it takes at most O(pattern × text) steps and no
 * recursion: hostile patterns such as {@code *a*a*a*a*a*b} stay fast on long texts and huge patterns cannot
 * overflow the stack. (Redis 7.0.15 also answers such patterns quickly: KEYS with that pattern over a
 * 100,000-byte key takes under a millisecond.)
 */
public final class GlobPattern {
    private static final int NO_MATCH = -1;

    private GlobPattern() {
    }

    /** Whether the pattern is the lone {@code "*"} that KEYS and SCAN treat as "every key" without matching. */
    public static boolean matchesEverything(byte[] pattern) {
        return pattern.length == 1 && pattern[0] == '*';
    }

    /** Whether {@code text} matches {@code pattern}, Redis's way. */
    public static boolean matches(byte[] pattern, byte[] text, boolean ignoreCase) {
        if (text.length == 0) {
            return pattern.length == 0;
        }
        int p = 0;
        int s = 0;
        int starP = -1;
        int starS = -1;
        while (s < text.length) {
            if (p < pattern.length && pattern[p] == '*') {
                while (p < pattern.length && pattern[p] == '*') {
                    p++;
                }
                if (p == pattern.length) {
                    return true;
                }
                starP = p;
                starS = s;
                continue;
            }
            int next = p < pattern.length ? matchOne(pattern, p, text[s], ignoreCase) : NO_MATCH;
            if (next != NO_MATCH) {
                p = next;
                s++;
            } else if (starP >= 0) {
                starS++;
                s = starS;
                p = starP;
            } else {
                return false;
            }
        }
        while (p < pattern.length && pattern[p] == '*') {
            p++;
        }
        return p == pattern.length;
    }

    /** Whether the pattern uses {@code *}, {@code ?} or {@code [}: CONFIG GET looks other names up directly. */
    public static boolean hasWildcards(byte[] pattern) {
        for (byte b : pattern) {
            if (b == '*' || b == '?' || b == '[') {
                return true;
            }
        }
        return false;
    }

    /** Matches the single-byte element at {@code p} against {@code c}: the index after it, or NO_MATCH. */
    private static int matchOne(byte[] pattern, int p, byte c, boolean ignoreCase) {
        switch (pattern[p]) {
            case '?':
                return p + 1;
            case '[':
                return matchSet(pattern, p + 1, c, ignoreCase);
            case '\\':
                if (p + 1 < pattern.length) {
                    p++;
                }
                return same(pattern[p], c, ignoreCase) ? p + 1 : NO_MATCH;
            default:
                return same(pattern[p], c, ignoreCase) ? p + 1 : NO_MATCH;
        }
    }

    /** Matches a set whose body starts at {@code i} (just after '['). */
    private static int matchSet(byte[] pattern, int i, byte c, boolean ignoreCase) {
        int end = pattern.length;
        boolean negate = i < end && pattern[i] == '^';
        if (negate) {
            i++;
        }
        boolean found = false;
        int next;
        while (true) {
            if (i >= end) {
                next = end; // unterminated: the set ends with the pattern
                break;
            }
            byte b = pattern[i];
            if (b == '\\' && end - i >= 2) {
                found |= pattern[i + 1] == c;
                i += 2;
            } else if (b == ']') {
                next = i + 1;
                break;
            } else if (end - i >= 3 && pattern[i + 1] == '-') {
                found |= inRange(b, pattern[i + 2], c, ignoreCase);
                i += 3;
            } else {
                found |= same(b, c, ignoreCase);
                i++;
            }
        }
        return found != negate ? next : NO_MATCH;
    }

    private static boolean inRange(byte from, byte to, byte c, boolean ignoreCase) {
        int low = Math.min(from, to);
        int high = Math.max(from, to);
        int value = c;
        if (ignoreCase) {
            low = lower(low);
            high = lower(high);
            value = lower(value);
        }
        return value >= low && value <= high;
    }

    private static boolean same(byte a, byte b, boolean ignoreCase) {
        return a == b || (ignoreCase && lower(a) == lower(b));
    }

    private static int lower(int b) {
        return b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b;
    }
}
