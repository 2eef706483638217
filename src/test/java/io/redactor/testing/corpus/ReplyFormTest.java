package io.redactor.testing.corpus;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplyFormTest {

    private static byte[] resp(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String form(String reply, Marker... markers) {
        return ReplyForm.of(resp(reply), markers.length == 0 ? Set.of() : EnumSet.of(markers[0], markers));
    }

    @Test
    void elementsOfNestedAggregates() {
        byte[] reply = resp("*3\r\n$1\r\na\r\n*2\r\n:1\r\n%1\r\n+k\r\n$-1\r\n_\r\n");
        assertEquals(List.of("$1\\r\\na\\r\\n", "*2\\r\\n:1\\r\\n%1\\r\\n+k\\r\\n$-1\\r\\n", "_\\r\\n"),
                RespBytes.elements(reply).stream().map(RespBytes::show).toList());
        assertEquals(2, RespBytes.elements(resp("%1\r\n$1\r\nk\r\n$1\r\nv\r\n")).size());
        assertFalse(RespBytes.isAggregate(resp("*-1\r\n")));
        assertEquals("a\r\nb", RespBytes.text(resp("$4\r\na\r\nb\r\n")));
    }

    @Test
    void exactIsPrintableBytes() {
        assertEquals("$2\\r\\n\\x00\\xff\\r\\n", form("$2\r\n\0\u00ff\r\n"));
    }

    @Test
    void anyIntMasksEveryIntegerOnly() {
        assertEquals("%2\\r\\n+id\\r\\n:?\\r\\n+n\\r\\n*1\\r\\n:?\\r\\n",
                form("%2\r\n+id\r\n:17\r\n+n\r\n*1\r\n:-3\r\n", Marker.ANYINT));
        assertNotEquals(form("*1\r\n$1\r\n1\r\n", Marker.ANYINT), form("*1\r\n$1\r\n2\r\n", Marker.ANYINT));
    }

    @Test
    void sortedIgnoresTheOrderOfElementsOrMapEntries() {
        assertEquals(form("*2\r\n$1\r\nb\r\n$1\r\na\r\n", Marker.SORTED), form("*2\r\n$1\r\na\r\n$1\r\nb\r\n",
                Marker.SORTED));
        assertNotEquals(form("~2\r\n$1\r\nb\r\n$1\r\na\r\n", Marker.SORTED), form("*2\r\n$1\r\na\r\n$1\r\nb\r\n",
                Marker.SORTED));
        assertEquals(form("%2\r\n+a\r\n:1\r\n+b\r\n:2\r\n", Marker.SORTED),
                form("%2\r\n+b\r\n:2\r\n+a\r\n:1\r\n", Marker.SORTED));
        assertNotEquals(form("%2\r\n+a\r\n:1\r\n+b\r\n:2\r\n", Marker.SORTED),
                form("%2\r\n+a\r\n:2\r\n+b\r\n:1\r\n", Marker.SORTED));
    }

    @Test
    void pairsKeepFieldsWithTheirValues() {
        String flat = form("*4\r\n$1\r\nf\r\n$1\r\n1\r\n$1\r\ng\r\n$1\r\n2\r\n", Marker.PAIRS);
        assertEquals(flat, form("*4\r\n$1\r\ng\r\n$1\r\n2\r\n$1\r\nf\r\n$1\r\n1\r\n", Marker.PAIRS));
        assertNotEquals(flat, form("*4\r\n$1\r\nf\r\n$1\r\n2\r\n$1\r\ng\r\n$1\r\n1\r\n", Marker.PAIRS));
        assertEquals(form("*2\r\n*2\r\n+f\r\n+1\r\n*2\r\n+g\r\n+2\r\n", Marker.PAIRS),
                form("*2\r\n*2\r\n+g\r\n+2\r\n*2\r\n+f\r\n+1\r\n", Marker.PAIRS));
    }

    @Test
    void shapeKeepsTypesCountsAndNilsButNotStrings() {
        assertEquals(form("*2\r\n$1\r\na\r\n$3\r\nbcd\r\n", Marker.SHAPE), form("*2\r\n$1\r\nx\r\n$1\r\ny\r\n",
                Marker.SHAPE));
        assertNotEquals(form("*1\r\n$1\r\na\r\n", Marker.SHAPE), form("*2\r\n$1\r\na\r\n$1\r\na\r\n", Marker.SHAPE));
        assertNotEquals(form("$1\r\na\r\n", Marker.SHAPE), form("$-1\r\n", Marker.SHAPE));
        assertNotEquals(form(":1\r\n", Marker.SHAPE), form(":2\r\n", Marker.SHAPE));
        assertTrue(form("-ERR x\r\n", Marker.SHAPE).contains("ERR x"));
    }

    private static String bulk(String text) {
        return "$" + text.getBytes(StandardCharsets.ISO_8859_1).length + "\r\n" + text + "\r\n";
    }

    @Test
    void rulesSortOnlyRunsOfSingleCommandRules() {
        String list = "*1\r\n" + bulk("user u off resetchannels -@all +get +set (~a resetchannels -@all +b +a)");
        assertEquals(form(list, Marker.RULES),
                form("*1\r\n" + bulk("user u off resetchannels -@all +set +get (~a resetchannels -@all +a +b)"),
                        Marker.RULES));
        assertNotEquals(form(list, Marker.RULES),
                form("*1\r\n" + bulk("user u off resetchannels +get +set -@all (~a resetchannels -@all +b +a)"),
                        Marker.RULES));
        assertNotEquals(form(bulk("-@all +@list +@hash"), Marker.RULES), form(bulk("-@all +@hash +@list"),
                Marker.RULES));
        assertNotEquals(form(bulk("-@all +get (+set)"), Marker.RULES), form(bulk("-@all +set (+get)"), Marker.RULES));
        assertEquals(form(bulk("+@all -@read +b -a -@set +d +c"), Marker.RULES),
                form(bulk("+@all -@read -a +b -@set +c +d"), Marker.RULES));
        assertEquals(form("$-1\r\n"), form("$-1\r\n", Marker.RULES));
    }

    @Test
    void aclLogLeavesOutTheAgeAndMostOfTheClientInfo() {
        String entry = "*1\r\n*4\r\n" + bulk("age-seconds") + bulk("0.001") + bulk("client-info")
                + bulk("id=3 addr=127.0.0.1:5000 cmd=get user=bob resp=2");
        String other = "*1\r\n*4\r\n" + bulk("age-seconds") + bulk("12.5") + bulk("client-info")
                + bulk("id=9 addr=127.0.0.1:6001 qbuf=0 cmd=get user=bob");
        assertEquals(form(entry, Marker.ACLLOG), form(other, Marker.ACLLOG));
        assertNotEquals(form(entry, Marker.ACLLOG), form(entry.replace("user=bob", "user=bib"), Marker.ACLLOG));
        String map = "*1\r\n%2\r\n" + bulk("count") + ":2\r\n" + bulk("age-seconds") + ",0.5\r\n";
        assertEquals(form(map, Marker.ACLLOG), form(map.replace(",0.5", ",7"), Marker.ACLLOG));
        assertNotEquals(form(map, Marker.ACLLOG), form(map.replace(":2", ":3"), Marker.ACLLOG));
        assertNotEquals(form(map, Marker.ACLLOG), form(map.replace(",0.5", "$1\r\n0"), Marker.ACLLOG));
    }
}
