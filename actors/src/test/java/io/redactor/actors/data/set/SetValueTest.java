package io.redactor.actors.data.set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SetValueTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> members(SetValue set) {
        List<String> members = new ArrayList<>();
        for (int i = 0; i < set.size(); i++) {
            members.add(new String(set.member(i), StandardCharsets.UTF_8));
        }
        return members;
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "1000000"})
    void canonicalIntegersAreIntegers(String member) {
        assertTrue(SetValue.isInteger(bytes(member)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "-0", "+1", "01", " 1", "1 ", "1.0", "1e3", "9223372036854775808",
            "-9223372036854775809", "99999999999999999999", "0x10", "a"})
    void otherStringsAreNot(String member) {
        assertFalse(SetValue.isInteger(bytes(member)));
    }

    @Test
    void intsetKeepsIntegersSortedAndBecomesAHashtableOnANonInteger() {
        SetValue set = SetValue.emptyFor(bytes("5"));
        for (String member : List.of("5", "-3", "100", "0", "5")) {
            set.add(bytes(member), 512);
        }
        assertEquals("intset", set.encoding());
        assertEquals(List.of("-3", "0", "5", "100"), members(set));
        assertTrue(set.contains(bytes("100")));
        assertFalse(set.contains(bytes("0100")));
        assertFalse(set.remove(bytes("x")));
        assertTrue(set.add(bytes("x"), 512));
        assertEquals("hashtable", set.encoding());
        assertEquals(new TreeSet<>(List.of("-3", "0", "5", "100", "x")), new TreeSet<>(members(set)));
        assertTrue(set.remove(bytes("x")));
        assertEquals("hashtable", set.encoding(), "a set never converts back");
    }

    @Test
    void intsetBecomesAHashtableOnlyWhenGrowingPastTheLimit() {
        SetValue set = SetValue.empty();
        for (int i = 0; i < 3; i++) {
            set.add(bytes(Integer.toString(i)), 3);
        }
        assertEquals("intset", set.encoding());
        assertFalse(set.add(bytes("2"), 3));
        assertEquals("intset", set.encoding());
        set.add(bytes("3"), 3);
        assertEquals("hashtable", set.encoding());
        assertEquals(4, set.size());
    }

    @Test
    void aNonIntegerFirstMemberStartsAHashtable() {
        assertEquals("hashtable", SetValue.emptyFor(bytes("a")).encoding());
        assertEquals("intset", SetValue.emptyFor(bytes("-7")).encoding());
    }

    @Test
    void popsEveryMemberOnceInBothEncodings() {
        Random random = new Random(1);
        for (String prefix : List.of("", "m")) {
            SetValue set = SetValue.empty();
            TreeSet<String> expected = new TreeSet<>();
            for (int i = 0; i < 300; i++) {
                set.add(bytes(prefix + i), 512);
                expected.add(prefix + i);
            }
            TreeSet<String> popped = new TreeSet<>();
            while (set.size() > 0) {
                assertTrue(popped.add(new String(set.popRandom(random), StandardCharsets.UTF_8)));
            }
            assertEquals(expected, popped);
        }
    }

    @Test
    void copyKeepsTheEncodingAndIsIndependent() {
        SetValue ints = SetValue.empty();
        ints.add(bytes("1"), 512);
        SetValue intsCopy = ints.copy();
        intsCopy.add(bytes("2"), 512);
        assertEquals(List.of("1"), members(ints));
        assertEquals("intset", intsCopy.encoding());

        SetValue table = SetValue.emptyFor(bytes("1"));
        table.add(bytes("1"), 512);
        table.add(bytes("a"), 512);
        table.remove(bytes("a"));
        SetValue tableCopy = table.copy();
        assertEquals("hashtable", tableCopy.encoding());
        tableCopy.remove(bytes("1"));
        assertEquals(List.of("1"), members(table));
    }
}
