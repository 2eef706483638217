package io.redactor.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** sdssplitargs as Redis 7.0.15 applies it to inline commands and shebang lines. */
class SplitArgsTest {
    private static String[] split(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        byte[][] parts = SplitArgs.split(bytes, 0, bytes.length);
        if (parts == null) {
            return null;
        }
        String[] out = new String[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = new String(parts[i], StandardCharsets.ISO_8859_1);
        }
        return out;
    }

    @Test
    void whitespaceSeparatesArguments() {
        assertArrayEquals(new String[] {"#!lua", "name=a"}, split("#!lua  name=a \r"));
        assertArrayEquals(new String[] {"#!lua", "name=tab"}, split("#!lua\tname=tab"));
        assertArrayEquals(new String[0], split(" \t "));
    }

    @Test
    void verticalTabAndFormFeedAreSkippedBetweenArgumentsButDoNotEndOne() {
        assertArrayEquals(new String[] {"a\u000bb"}, split("a\u000bb"));
        assertArrayEquals(new String[] {"a", "b"}, split("\u000ba \u000cb"));
    }

    @Test
    void quotesJoinAndEscape() {
        assertArrayEquals(new String[] {"#!lua", "name=AB"}, split("#!lua \"name=\\x41B\""));
        assertArrayEquals(new String[] {"name=quoted"}, split("name=\"quoted\""));
        assertArrayEquals(new String[] {"it's"}, split("'it\\'s'"));
        assertArrayEquals(new String[] {"a\nb"}, split("\"a\\nb\""));
    }

    @Test
    void unbalancedQuotesOrTextRightAfterAClosingQuoteAreErrors() {
        assertNull(split("#!lua \"name=h"));
        assertNull(split("\"a\"b"));
        assertNull(split("'a'b"));
    }
}
