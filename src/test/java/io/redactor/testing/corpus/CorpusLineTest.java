package io.redactor.testing.corpus;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorpusLineTest {

    private static List<String> args(CorpusLine line) {
        return Arrays.stream(line.argv()).map(arg -> new String(arg, StandardCharsets.ISO_8859_1)).toList();
    }

    @Test
    void blankLinesAndCommentsAreNoCommands() {
        assertNull(CorpusLine.parse(1, "   "));
        assertNull(CorpusLine.parse(2, "  # SET k v"));
    }

    @Test
    void quotesEscapesAndEmptyArguments() {
        String text = "SET k \"a b\" \"\\x00\\r\\n\\xff\\t\\0\\\\\\\"\" 'x\\x00' \"\" a'b c'\"d\"";
        CorpusLine line = CorpusLine.parse(7, "  " + text);
        assertEquals(List.of("SET", "k", "a b", "\0\r\n\u00ff\t\0\\\"", "x\\x00", "", "ab cd"), args(line));
        assertEquals(7, line.number());
        assertEquals(text, line.text());
    }

    @Test
    void unquotedTextIsLiteralButForRepeats() {
        assertEquals(List.of("HSCAN", "sc", "0", "MATCH", "\\\\A", "ababab", "xzzy", "{3*q}", "{x}1"),
                args(CorpusLine.parse(1, "HSCAN sc 0 MATCH \\\\A {3*ab} x{2*z}y '{3*q}' {x}1")));
    }

    @Test
    void rangesStandForOneArgumentPerNumber() {
        assertEquals(List.of("SADD", "s", "m1", "m2", "m3", "-1x", "0x", "[1..2]", "h[ae]llo"),
                args(CorpusLine.parse(1, "SADD s m[1..3] [-1..0]x '[1..2]' h[ae]llo")));
    }

    @Test
    void textIsUtf8() {
        assertEquals(List.of("ECHO", "caf\u00c3\u00a9"), args(CorpusLine.parse(1, "ECHO café")));
    }

    @Test
    void markersComeBeforeTheCommandInAnyCase() {
        CorpusLine line = CorpusLine.parse(1, "@pairs @SHAPE\t@AnyInt HRANDFIELD h 1 @sorted");
        assertEquals(EnumSet.of(Marker.PAIRS, Marker.SHAPE, Marker.ANYINT), line.markers());
        assertEquals(List.of("HRANDFIELD", "h", "1", "@sorted"), args(line));
        assertEquals("HRANDFIELD", line.command());
    }

    @Test
    void connectionPrefixes() {
        CorpusLine plain = CorpusLine.parse(1, "GET k");
        assertEquals('a', plain.connection());
        assertEquals(CorpusLine.Mode.CALL, plain.mode());
        CorpusLine onB = CorpusLine.parse(2, "[b] @anyint CLIENT ID");
        assertEquals('b', onB.connection());
        assertEquals(CorpusLine.Mode.CALL, onB.mode());
        assertEquals(Set.of(Marker.ANYINT), onB.markers());
        CorpusLine blocking = CorpusLine.parse(3, "[c>] BLPOP l 0");
        assertEquals('c', blocking.connection());
        assertEquals(CorpusLine.Mode.BLOCK, blocking.mode());
        assertEquals(List.of("BLPOP", "l", "0"), args(blocking));
        CorpusLine receive = CorpusLine.parse(4, "[c<]");
        assertEquals(CorpusLine.Mode.RECEIVE, receive.mode());
        assertEquals(0, receive.argv().length);
    }

    @Test
    void malformedLinesAreRejectedWithTheirNumber() {
        for (String text : List.of("SET k \"open", "SET k 'open", "SET k \"\\q\"", "SET k \"\\x4\"", "@sorted", "[b]",
                "[b<] GET k", "[b<] @anyint GET k", "@nosuchmarker GET k")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> CorpusLine.parse(42, text), text);
            assertTrue(error.getMessage().startsWith("line 42: "), error.getMessage());
        }
    }
}
