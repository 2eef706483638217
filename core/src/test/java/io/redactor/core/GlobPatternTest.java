package io.redactor.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GlobPatternTest {
    /**
     * Pattern, text, and whether Redis 7.0.15 matches them: every text was stored as a key of a scratch server
     * and {@code KEYS pattern} asked (case-sensitive). Strings are bytes (ISO-8859-1). For the lone "*", which
     * KEYS short-cuts, the answer is stringmatchlen's: "**" shows that the empty text does not match.
     */
    private static final Object[][] REDIS_KEYS_CORPUS = {
            {"", "", true},
            {"", "a", false},
            {"a", "a", true},
            {"a", "b", false},
            {"a", "A", false},
            {"a", "", false},
            {"a", "aa", false},
            {"abc", "abc", true},
            {"abc", "abd", false},
            {"abc", "ab", false},
            {"abc", "abcd", false},
            {"?", "a", true},
            {"?", "", false},
            {"?", "ab", false},
            {"?", "\000", true},
            {"?", "\377", true},
            {"??", "ab", true},
            {"??", "a", false},
            {"??", "abc", false},
            {"a?c", "abc", true},
            {"a?c", "ac", false},
            {"a?c", "a?c", true},
            {"a?c", "abbc", false},
            {"*", "a", true},
            {"*", "abc", true},
            {"*", "A", true},
            {"**", "", false},
            {"**", "x", true},
            {"a*", "a", true},
            {"a*", "abc", true},
            {"a*", "ba", false},
            {"a*", "", false},
            {"*a", "a", true},
            {"*a", "ba", true},
            {"*a", "ab", false},
            {"*a", "aaa", true},
            {"a*b", "ab", true},
            {"a*b", "axxb", true},
            {"a*b", "axxbx", false},
            {"a*b", "a", false},
            {"a*b", "b", false},
            {"a*b", "abab", true},
            {"*a*", "a", true},
            {"*a*", "xax", true},
            {"*a*", "xxx", false},
            {"*a*", "", false},
            {"a*b*c", "abc", true},
            {"a*b*c", "aXbYc", true},
            {"a*b*c", "acb", false},
            {"a*b*c", "abcbc", true},
            {"a*b*c", "ab", false},
            {"a**b", "ab", true},
            {"a**b", "aXXb", true},
            {"a**b", "aXXc", false},
            {"*?", "a", true},
            {"*?", "ab", true},
            {"*?", "", false},
            {"?*", "a", true},
            {"?*", "ab", true},
            {"*?*?*", "a", false},
            {"*?*?*", "ab", true},
            {"*?*?*", "abc", true},
            {"h*llo", "hello", true},
            {"h*llo", "hllo", true},
            {"h*llo", "heeeello", true},
            {"h*llo", "hellox", false},
            {"h?llo", "hello", true},
            {"h?llo", "hallo", true},
            {"h?llo", "hllo", false},
            {"h[ae]llo", "hello", true},
            {"h[ae]llo", "hallo", true},
            {"h[ae]llo", "hillo", false},
            {"h[ae]llo", "hllo", false},
            {"h[^e]llo", "hallo", true},
            {"h[^e]llo", "hbllo", true},
            {"h[^e]llo", "hello", false},
            {"h[^e]llo", "hllo", false},
            {"h[a-b]llo", "hallo", true},
            {"h[a-b]llo", "hbllo", true},
            {"h[a-b]llo", "hcllo", false},
            {"h[b-a]llo", "hallo", true},
            {"h[b-a]llo", "hbllo", true},
            {"h[b-a]llo", "hcllo", false},
            {"[a-z]", "a", true},
            {"[a-z]", "m", true},
            {"[a-z]", "z", true},
            {"[a-z]", "A", false},
            {"[a-z]", "-", false},
            {"[a-z]", "0", false},
            {"[z-a]", "a", true},
            {"[z-a]", "m", true},
            {"[z-a]", "z", true},
            {"[z-a]", "A", false},
            {"[A-Z]", "A", true},
            {"[A-Z]", "a", false},
            {"[A-Z]", "Q", true},
            {"[0-9][0-9]", "42", true},
            {"[0-9][0-9]", "4a", false},
            {"[0-9][0-9]", "4", false},
            {"[a-cx-z]", "b", true},
            {"[a-cx-z]", "y", true},
            {"[a-cx-z]", "d", false},
            {"[a-cx-z]", "w", false},
            {"[-a]", "-", true},
            {"[-a]", "a", true},
            {"[-a]", "b", false},
            {"[a-]", "a", true},
            {"[a-]", "-", false},
            {"[a-]", "]", true},
            {"[a-]", "^", true},
            {"[a-]", "_", true},
            {"[a-]", "`", true},
            {"[a-]", "b", false},
            {"[a-]x", "ax", false},
            {"[a-]x", "-x", false},
            {"[a-]x", "]x", false},
            {"[]", "]", false},
            {"[]", "", false},
            {"[]", "[]", false},
            {"[]", "a", false},
            {"[]]", "]", false},
            {"[]]", "]]", false},
            {"[]]", "a", false},
            {"[]a]", "a", false},
            {"[]a]", "]", false},
            {"[]a]", "a]", false},
            {"[]a]", "]a]", false},
            {"[^]", "a", true},
            {"[^]", "]", true},
            {"[^]", "", false},
            {"[^]]", "a", false},
            {"[^]]", "]", false},
            {"[^]]", "a]", true},
            {"[^]]", "]]", true},
            {"[^a]", "a", false},
            {"[^a]", "b", true},
            {"[^a]", "", false},
            {"[^a-c]", "a", false},
            {"[^a-c]", "b", false},
            {"[^a-c]", "d", true},
            {"[^a-c]", "", false},
            {"[^", "a", true},
            {"[^", "", false},
            {"[^", "^", true},
            {"[^", "ab", false},
            {"[", "[", false},
            {"[", "a", false},
            {"[", "", false},
            {"[a", "a", true},
            {"[a", "b", false},
            {"[a", "[a", false},
            {"[ab", "a", true},
            {"[ab", "b", true},
            {"[ab", "c", false},
            {"[ab", "ab", false},
            {"a[", "a", false},
            {"a[", "a[", false},
            {"a[", "ab", false},
            {"[\\", "\\", true},
            {"[\\", "a", false},
            {"[\\]", "]", true},
            {"[\\]", "\\", false},
            {"[\\]", "a", false},
            {"[\\]]", "]", true},
            {"[\\]]", "\\]", false},
            {"[\\]]", "]]", false},
            {"[\\]a]", "]", true},
            {"[\\]a]", "a", true},
            {"[\\]a]", "\\", false},
            {"[\\-]", "-", true},
            {"[\\-]", "\\", false},
            {"[a\\-z]", "a", true},
            {"[a\\-z]", "-", true},
            {"[a\\-z]", "z", true},
            {"[a\\-z]", "m", false},
            {"[\\^a]", "^", true},
            {"[\\^a]", "a", true},
            {"[\\^a]", "b", false},
            {"[a-\\]", "a", true},
            {"[a-\\]", "\\", true},
            {"[a-\\]", "b", false},
            {"[a-\\]", "Z", false},
            {"[a-\\]", "]", true},
            {"\\", "\\", true},
            {"\\", "", false},
            {"a\\", "a\\", true},
            {"a\\", "a", false},
            {"\\*", "*", true},
            {"\\*", "a", false},
            {"\\*", "\\*", false},
            {"\\?", "?", true},
            {"\\?", "a", false},
            {"\\[a]", "[a]", true},
            {"\\[a]", "a", false},
            {"\\a", "a", true},
            {"\\a", "\\a", false},
            {"\\\\", "\\", true},
            {"\\\\", "\\\\", false},
            {"a\\*b", "a*b", true},
            {"a\\*b", "axb", false},
            {"*\\*", "x*", true},
            {"*\\*", "*", true},
            {"*\\*", "x", false},
            {"[*]", "*", true},
            {"[*]", "a", false},
            {"[?]", "?", true},
            {"[?]", "a", false},
            {"[[]", "[", true},
            {"[[]", "a", false},
            {"[a-c-e]", "b", true},
            {"[a-c-e]", "-", true},
            {"[a-c-e]", "d", false},
            {"[a-c-e]", "e", true},
            {"[--0]", "-", true},
            {"[--0]", ".", true},
            {"[--0]", "/", true},
            {"[--0]", "0", true},
            {"[--0]", "1", false},
            {"[!a]", "!", true},
            {"[!a]", "a", true},
            {"[!a]", "b", false},
            {"[^^]", "^", false},
            {"[^^]", "a", true},
            {"[^-]", "-", false},
            {"[^-]", "a", true},
            {"*[", "a[", false},
            {"*[", "a", false},
            {"*[a", "xa", true},
            {"*[a", "x", false},
            {"*[a", "a", true},
            {"*[^", "ab", true},
            {"*[^", "a", true},
            {"*[^", "", false},
            {"[a-z]*[0-9]", "a1", true},
            {"[a-z]*[0-9]", "abc9", true},
            {"[a-z]*[0-9]", "1a", false},
            {"[a-z]*[0-9]", "a", false},
            {"user:*:name", "user:1:name", true},
            {"user:*:name", "user::name", true},
            {"user:*:name", "user:1:nam", false},
            {"user:*:name", "user:1:2:name", true},
            {"*:*", "a:b", true},
            {"*:*", ":", true},
            {"*:*", "ab", false},
            {"f*o*o", "foo", true},
            {"f*o*o", "fxoxo", true},
            {"f*o*o", "fo", false},
            {"f*o*o", "foox", false},
            {"a*a*a*a*b", "aaaab", true},
            {"a*a*a*a*b", "aaaa", false},
            {"a*a*a*a*b", "aaaaaaab", true},
            {"a*a*a*a*b", "ab", false},
            {"*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false},
            {"*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", true},
            {"*a*a*a*a*a*a*a*b", "b", false},
            {"*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", false},
            {"\377", "\377", true},
            {"\377", "\376", false},
            {"\377", "\177", false},
            {"?\351", "\303\251", false},
            {"?\351", "e\351", true},
            {"\303\251*", "\303\251t\303\251", true},
            {"\303\251*", "ete", false},
            {"[\340-\357]", "\340", true},
            {"[\340-\357]", "\345", true},
            {"[\340-\357]", "\357", true},
            {"[\340-\357]", "\360", false},
            {"[\340-\357]", "a", false},
            {"[a-\377]", "a", true},
            {"[a-\377]", "\000", true},
            {"[a-\377]", "\377", true},
            {"[a-\377]", "\376", false},
            {"[a-\377]", "b", false},
            {"[a-\377]", "a", true},
            {"[a-\377]", "\200", false},
            {"[\200-\177]", "\200", true},
            {"[\200-\177]", "\177", true},
            {"[\200-\177]", "a", true},
            {"[\200-\177]", "\000", true},
            {"[^\200-\377]", "a", true},
            {"[^\200-\377]", "\200", false},
            {"[^\200-\377]", "\300", false},
            {"[\000-\037]", "\000", true},
            {"[\000-\037]", "\037", true},
            {"[\000-\037]", " ", false},
            {"a\000b", "a\000b", true},
            {"a\000b", "a", false},
            {"a\000b", "ab", false},
            {"a?b", "a\000b", true},
            {"*\000", "x\000", true},
            {"*\000", "x", false},
            {"[\000]", "\000", true},
            {"[\000]", "0", false},
            {"\\\377", "\377", true},
            {"*\377*", "a\377b", true},
            {"*\377*", "ab", false},
            {"[^\377]", "\377", false},
            {"[^\377]", "\376", true},
            {"A*", "abc", false},
            {"A*", "Abc", true},
            {"[A-Z]*", "abc", false},
            {"[A-Z]*", "Abc", true},
            {"*.txt", "a.txt", true},
            {"*.txt", "atxt", false},
            {"*.txt", ".txt", true},
            {"*.txt", "a.txt.bak", false},
            {"*.[ch]", "x.c", true},
            {"*.[ch]", "x.h", true},
            {"*.[ch]", "x.o", false},
            {"*.[ch]", ".c", true},
            {"[^.]*", "abc", true},
            {"[^.]*", ".abc", false},
            {"a[bc]*d[ef]", "abdf", true},
            {"a[bc]*d[ef]", "acxxde", true},
            {"a[bc]*d[ef]", "abdg", false},
            {"a[bc]*d[ef]", "ad", false},
            {"?*?", "a", false},
            {"?*?", "ab", true},
            {"?*?", "abc", true},
            {"*?*", "a", true},
            {"*?*", "", false},
            {"a?*", "a", false},
            {"a?*", "ab", true},
            {"[ab][cd][ef]", "ace", true},
            {"[ab][cd][ef]", "bdf", true},
            {"[ab][cd][ef]", "abc", false},
            {"*[0-9]", "abc1", true},
            {"*[0-9]", "abc", false},
            {"*[0-9]", "1", true},
            {"[0-9]*[0-9]", "1", false},
            {"[0-9]*[0-9]", "11", true},
            {"[0-9]*[0-9]", "1a1", true},
            {"[0-9]*[0-9]", "1a", false},
    };

    static Stream<Arguments> redisCorpus() {
        return Stream.of(REDIS_KEYS_CORPUS).map(c -> Arguments.of(c[0], c[1], c[2]));
    }

    @ParameterizedTest(name = "[{index}] {0} ~ {1} = {2}")
    @MethodSource("redisCorpus")
    void matchesLikeRedisKeys(String pattern, String text, boolean expected) {
        assertEquals(expected, GlobPattern.matches(bytes(pattern), bytes(text), false));
    }

    @Test
    void corpusIsLarge() {
        assertTrue(REDIS_KEYS_CORPUS.length >= 300);
    }

    @Test
    void ignoringCaseFoldsAsciiLettersOnly() {
        assertTrue(GlobPattern.matches(bytes("HeLLo*"), bytes("hello world"), true));
        assertFalse(GlobPattern.matches(bytes("HeLLo*"), bytes("hello world"), false));
        assertTrue(GlobPattern.matches(bytes("h[A-Z]llo"), bytes("hello"), true));
        assertTrue(GlobPattern.matches(bytes("h[a-z]llo"), bytes("hEllo"), true));
        assertTrue(GlobPattern.matches(bytes("[^A]"), bytes("b"), true));
        assertFalse(GlobPattern.matches(bytes("[^A]"), bytes("a"), true));
        // bounds are put in order before folding: Z(90)..a(97) becomes z(122)..a(97), an empty range
        assertFalse(GlobPattern.matches(bytes("h[Z-a]"), bytes("hz"), true));
        assertTrue(GlobPattern.matches(bytes("h[Z-a]"), bytes("h_"), false));
        // an escaped byte inside a set is compared exactly, outside a set it is folded
        assertFalse(GlobPattern.matches(bytes("h[\\Z]"), bytes("hz"), true));
        assertTrue(GlobPattern.matches(bytes("h\\Z*"), bytes("hz"), true));
        // Latin-1 letters are not folded (C locale)
        assertFalse(GlobPattern.matches(bytes("\u00c9"), bytes("\u00e9"), true));
        assertTrue(GlobPattern.matches(bytes("\u00c9"), bytes("\u00c9"), true));
    }

    @Test
    void utf8TextsAreMatchedBytewise() {
        byte[] text = "caf\u00e9".getBytes(StandardCharsets.UTF_8); // 5 bytes
        assertFalse(GlobPattern.matches("caf?".getBytes(StandardCharsets.UTF_8), text, false));
        assertTrue(GlobPattern.matches("caf??".getBytes(StandardCharsets.UTF_8), text, false));
        assertTrue(GlobPattern.matches("caf\u00e9".getBytes(StandardCharsets.UTF_8), text, true));
        assertTrue(GlobPattern.matches("*\u00e9".getBytes(StandardCharsets.UTF_8), text, false));
    }

    @Test
    void matchesEverythingIsTheLoneStar() {
        assertTrue(GlobPattern.matchesEverything(bytes("*")));
        assertFalse(GlobPattern.matchesEverything(bytes("**")));
        assertFalse(GlobPattern.matchesEverything(bytes("")));
        assertFalse(GlobPattern.matchesEverything(bytes("a*")));
        assertFalse(GlobPattern.matches(bytes("*"), bytes(""), false));
        assertTrue(GlobPattern.matches(bytes(""), bytes(""), false));
    }

    @Test
    void hasWildcardsLooksForStarQuestionMarkAndBracket() {
        assertTrue(GlobPattern.hasWildcards(bytes("a*")));
        assertTrue(GlobPattern.hasWildcards(bytes("a?")));
        assertTrue(GlobPattern.hasWildcards(bytes("[a")));
        assertFalse(GlobPattern.hasWildcards(bytes("a\\b")));
        assertFalse(GlobPattern.hasWildcards(bytes("a]")));
        assertFalse(GlobPattern.hasWildcards(bytes("")));
    }

    @Test
    void hostilePatternsStayFast() {
        byte[] longText = bytes("a".repeat(1_000_000));
        byte[] longTextB = bytes("a".repeat(100_000) + "b");
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertFalse(GlobPattern.matches(bytes("*a*a*a*a*a*a*a*b"), longText, false));
            assertFalse(GlobPattern.matches(bytes("*a".repeat(50) + "b"), longText, false));
            assertTrue(GlobPattern.matches(bytes("*a*a*a*a*a*a*a*b"), longTextB, false));
            assertFalse(GlobPattern.matches(bytes("a*".repeat(30) + "c"), longTextB, true));
            assertFalse(GlobPattern.matches(bytes("*?*?*?*?*?*?*?*?*?*?c"), longText, false));
            assertFalse(GlobPattern.matches(bytes("*[a-z]*[a-z]*[a-z]*[^a]"), longText, true));
            assertTrue(GlobPattern.matches(bytes("*[a-z]*[a-z]*[a-z]*[^a]"), longTextB, true));
        });
    }

    @Test
    void hugePatternsNeedNoRecursion() {
        byte[] pattern = bytes("*a".repeat(500_000) + "*");
        byte[] text = bytes("a".repeat(500_000));
        byte[] shortText = bytes("a".repeat(499_999));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertTrue(GlobPattern.matches(pattern, text, false));
            assertFalse(GlobPattern.matches(pattern, shortText, false));
            assertFalse(GlobPattern.matches(bytes("[".repeat(1_000_000)), text, false));
            assertTrue(GlobPattern.matches(bytes("\\".repeat(1_000_000)), bytes("\\".repeat(500_000)), false));
        });
    }

    /** The iterative matcher against a direct recursive reading of Redis's rules, on random small inputs. */
    @Test
    void agreesWithRecursiveDefinitionOnRandomInputs() {
        Random random = new Random(20240601);
        byte[] patternAlphabet = bytes("ab*?[]^-\\A\u00ff");
        byte[] textAlphabet = bytes("ab-]^\\A\u00ff");
        List<String> failures = new ArrayList<>();
        for (int round = 0; round < 200_000; round++) {
            byte[] pattern = randomBytes(random, patternAlphabet, random.nextInt(8));
            byte[] text = randomBytes(random, textAlphabet, random.nextInt(6));
            boolean ignoreCase = random.nextBoolean();
            boolean expected = Reference.matches(pattern, 0, text, 0, ignoreCase);
            if (GlobPattern.matches(pattern, text, ignoreCase) != expected) {
                failures.add(new String(pattern, StandardCharsets.ISO_8859_1) + " ~ "
                        + new String(text, StandardCharsets.ISO_8859_1) + " nocase=" + ignoreCase);
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(10, failures.size())));
    }

    private static byte[] randomBytes(Random random, byte[] alphabet, int length) {
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = alphabet[random.nextInt(alphabet.length)];
        }
        return out;
    }

    static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Redis's matching rules read literally, with full backtracking (exponential, for small inputs only): a star
     * tries every split; an empty text matches only an empty pattern.
     */
    private static final class Reference {
        static boolean matches(byte[] p, int pi, byte[] s, int si, boolean nocase) {
            if (s.length == 0) {
                return p.length == 0;
            }
            if (pi == p.length) {
                return si == s.length;
            }
            if (p[pi] == '*') {
                for (int k = si; k <= s.length; k++) {
                    if (matches(p, pi + 1, s, k, nocase)) {
                        return true;
                    }
                }
                return false;
            }
            if (si == s.length) {
                return false;
            }
            int next = single(p, pi, s[si], nocase);
            return next >= 0 && matches(p, next, s, si + 1, nocase);
        }

        private static int single(byte[] p, int pi, byte c, boolean nocase) {
            if (p[pi] == '?') {
                return pi + 1;
            }
            if (p[pi] == '\\' && pi + 1 < p.length) {
                return eq(p[pi + 1], c, nocase) ? pi + 2 : -1;
            }
            if (p[pi] != '[') {
                return eq(p[pi], c, nocase) ? pi + 1 : -1;
            }
            int i = pi + 1;
            boolean not = i < p.length && p[i] == '^';
            if (not) {
                i++;
            }
            boolean hit = false;
            while (i < p.length && p[i] != ']') {
                if (p[i] == '\\' && i + 1 < p.length) {
                    hit |= p[i + 1] == c;
                    i += 2;
                } else if (i + 2 < p.length && p[i + 1] == '-') {
                    int lo = Math.min(p[i], p[i + 2]);
                    int hi = Math.max(p[i], p[i + 2]);
                    int v = c;
                    if (nocase) {
                        lo = low(lo);
                        hi = low(hi);
                        v = low(v);
                    }
                    hit |= v >= lo && v <= hi;
                    i += 3;
                } else {
                    hit |= eq(p[i], c, nocase);
                    i++;
                }
            }
            int next = i < p.length ? i + 1 : p.length;
            return hit != not ? next : -1;
        }

        private static boolean eq(byte a, byte b, boolean nocase) {
            return nocase ? low(a) == low(b) : a == b;
        }

        private static int low(int c) {
            return c >= 'A' && c <= 'Z' ? c + 32 : c;
        }
    }
}
