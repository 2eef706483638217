package io.redactor.actors.data.set;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemberTableTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Set<ByteBuffer> contents(MemberTable table) {
        Set<ByteBuffer> members = new HashSet<>();
        for (int e = 0; e < table.size(); e++) {
            assertTrue(members.add(ByteBuffer.wrap(table.member(e))), "a member appears at two positions");
        }
        return members;
    }

    @Test
    void behavesLikeAHashSetThroughGrowthChurnAndShrinking() {
        behavesLikeAHashSet(new MemberTable(0, 0));
    }

    @Test
    void membersSpreadOverManySmallChunksBehaveTheSame() {
        behavesLikeAHashSet(new MemberTable(0, 0, 64));
    }

    @Test
    void aMemberLongerThanAChunkGetsAChunkOfItsOwn() {
        MemberTable table = new MemberTable(0, 0, 16);
        byte[] big = new byte[1000];
        big[999] = 1;
        assertTrue(table.add(bytes("a")));
        assertTrue(table.add(big));
        assertTrue(table.add(bytes("b")));
        assertTrue(table.contains(big.clone()));
        assertFalse(table.add(big.clone()));
        assertTrue(table.remove(bytes("a")));
        assertEquals(Set.of(ByteBuffer.wrap(big), ByteBuffer.wrap(bytes("b"))), contents(table));
        assertTrue(table.copy().contains(big));
    }

    @Test
    void removedMembersAreReclaimedAndCopiesAreIndependent() {
        MemberTable table = new MemberTable(0, 0);
        for (int i = 0; i < 10_000; i++) {
            table.add(bytes("member-" + i));
        }
        long full = table.memoryBytes();
        MemberTable copy = table.copy();
        for (int i = 0; i < 9_990; i++) {
            table.remove(bytes("member-" + i));
        }
        assertTrue(table.memoryBytes() < full / 10, table.memoryBytes() + " of " + full);
        assertEquals(10, contents(table).size());
        assertEquals(10_000, contents(copy).size());
        assertTrue(copy.contains(bytes("member-5")));
    }

    private static void behavesLikeAHashSet(MemberTable table) {
        Random random = new Random(7);
        Set<ByteBuffer> model = new HashSet<>();
        for (int i = 0; i < 300_000; i++) {
            // Phases: grow to tens of thousands, then churn, then drain down to a few (shrinking the arrays).
            int phase = i / 100_000;
            int space = phase == 2 ? 50 : 40_000;
            byte[] member = bytes("m" + random.nextInt(space));
            ByteBuffer key = ByteBuffer.wrap(member);
            int op = random.nextInt(100);
            if (phase == 0 ? op < 80 : phase == 1 ? op < 50 : op < 5) {
                assertEquals(model.add(key), table.add(member.clone()));
            } else if (op < 95 || table.size() == 0) {
                assertEquals(model.remove(key), table.remove(member));
            } else {
                int position = random.nextInt(table.size());
                assertTrue(model.remove(ByteBuffer.wrap(table.member(position))));
                table.removeEntry(position);
            }
            assertEquals(model.contains(key), table.contains(member));
            assertEquals(model.size(), table.size());
        }
        assertEquals(model, contents(table));
    }

    @Test
    void emptyByteArraysAndEveryByteValueAreMembers() {
        MemberTable table = new MemberTable(0, 0);
        assertTrue(table.add(new byte[0]));
        assertFalse(table.add(new byte[0]));
        for (int b = 0; b < 256; b++) {
            assertTrue(table.add(new byte[] {(byte) b}));
            assertTrue(table.add(new byte[] {(byte) b, 0}));
        }
        assertEquals(513, table.size());
        assertTrue(table.contains(new byte[] {(byte) 0xff, 0}));
        assertFalse(table.contains(new byte[] {0, 0, 0}));
    }

    @Test
    void aFullScanSeesEveryMemberPresentThroughoutDespiteResizes() {
        MemberTable table = new MemberTable(0, 0);
        Set<ByteBuffer> stable = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            byte[] member = bytes("stable" + i);
            table.add(member);
            stable.add(ByteBuffer.wrap(member));
        }
        Set<ByteBuffer> seen = new HashSet<>();
        long cursor = 0;
        int step = 0;
        do {
            cursor = table.scan(cursor, member -> seen.add(ByteBuffer.wrap(member)));
            // Grow the table a lot early on, then shrink it, between scan calls.
            if (step < 200) {
                for (int j = 0; j < 50; j++) {
                    table.add(bytes("extra" + step + ":" + j));
                }
            } else if (step == 400) {
                for (int s = 0; s < 200; s++) {
                    for (int j = 0; j < 50; j++) {
                        table.remove(bytes("extra" + s + ":" + j));
                    }
                }
            }
            step++;
        } while (cursor != 0);
        assertTrue(seen.containsAll(stable), "missed " + (stable.size() - stable.stream().filter(seen::contains)
                .count()) + " members");
    }

    @Test
    void copiesAreIndependent() {
        MemberTable table = new MemberTable(0, 0);
        table.add(bytes("a"));
        table.add(bytes("b"));
        MemberTable copy = table.copy();
        copy.remove(bytes("a"));
        copy.add(bytes("c"));
        assertTrue(table.contains(bytes("a")));
        assertFalse(table.contains(bytes("c")));
        assertEquals(2, copy.size());
        assertTrue(copy.contains(bytes("b")));
        assertTrue(copy.contains(bytes("c")));
    }
}
