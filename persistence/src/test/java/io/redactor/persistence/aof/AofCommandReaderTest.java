package io.redactor.persistence.aof;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AofCommandReaderTest {
    private static final byte[] FILE = new CommandBuffer()
            .select(0)
            .command("SET", bytes("k"), bytes("v"))
            .annotation("TS:1700000000")
            .command("MULTI")
            .command("INCR", bytes("a"))
            .select(2)
            .command("RPUSH", bytes("l"), bytes("x"), new byte[0])
            .command("EXEC")
            .command("DEL", bytes("k"))
            .toByteArray();

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<AofCommandReader.Entry> readAll(byte[] content) throws Exception {
        AofCommandReader reader = new AofCommandReader(new ByteArrayInputStream(content), 0, content.length);
        List<AofCommandReader.Entry> entries = new ArrayList<>();
        AofCommandReader.Entry entry;
        while ((entry = reader.next()) != null) {
            entries.add(entry);
        }
        return entries;
    }

    @Test
    void readsCommandsAndTransactionsWhole() throws Exception {
        List<AofCommandReader.Entry> entries = readAll(FILE);
        assertEquals(4, entries.size());
        assertFalse(entries.get(1).isTransaction());
        assertTrue(entries.get(2).isTransaction());
        assertEquals(5, entries.get(2).commands().size());
        assertEquals(0, entries.get(2).commands().get(3)[3].length, "an empty argument stays empty");
        assertEquals(FILE.length, entries.get(3).endOffset());
    }

    @Test
    void everyCutOfTheFileIsACleanEndOrATruncationAtAWholeEntry() throws Exception {
        List<Long> boundaries = new ArrayList<>(List.of(0L));
        for (AofCommandReader.Entry entry : readAll(FILE)) {
            boundaries.add(entry.endOffset());
        }
        for (int cut = 0; cut < FILE.length; cut++) {
            byte[] torn = Arrays.copyOf(FILE, cut);
            String text = new String(FILE, StandardCharsets.ISO_8859_1);
            int annotation = text.indexOf("#TS:");
            int annotationEnd = text.indexOf("\r\n", annotation) + 2;
            if (boundaries.contains((long) cut) || (cut > annotation && cut <= annotationEnd)) {
                // a whole file, or one whose torn tail is an annotation (skipped, as Redis skips it)
                readAll(torn);
                continue;
            }
            AofCommandReader.Truncated truncated = assertThrows(AofCommandReader.Truncated.class,
                    () -> readAll(torn), "cut at " + cut);
            assertTrue(boundaries.contains(truncated.validUpTo()), "valid up to " + truncated.validUpTo());
            assertTrue(truncated.validUpTo() <= cut);
        }
    }

    @Test
    void aTransactionWithoutExecAtTheEndIsTruncatedBeforeItsMulti() throws Exception {
        byte[] content = new CommandBuffer().command("SET", bytes("a"), bytes("1")).command("MULTI")
                .command("SET", bytes("b"), bytes("2")).toByteArray();
        AofCommandReader.Truncated truncated = assertThrows(AofCommandReader.Truncated.class, () -> readAll(content));
        assertTrue(truncated.insideTransaction());
        assertEquals(new CommandBuffer().command("SET", bytes("a"), bytes("1")).size(), truncated.validUpTo());
    }

    @Test
    void garbageIsMalformedWithItsOffset() {
        byte[] content = ("*1\r\n$4\r\nPING\r\n" + "hello\r\n").getBytes(StandardCharsets.US_ASCII);
        AofCommandReader.Malformed malformed = assertThrows(AofCommandReader.Malformed.class, () -> readAll(content));
        assertEquals(14, malformed.offset());
        assertThrows(AofCommandReader.Malformed.class, () -> readAll(bytes("*0\r\n")));
        assertThrows(AofCommandReader.Malformed.class, () -> readAll(bytes("*1\r\n$-5\r\n")));
        assertThrows(AofCommandReader.Malformed.class, () -> readAll(bytes("*1\r\n:5\r\n")));
    }

    @Test
    void forgedLengthsEndTheInputInsteadOfAllocating() {
        assertThrows(AofCommandReader.Truncated.class, () -> readAll(bytes("*2147483647\r\n$3\r\nGET\r\n")));
        assertThrows(AofCommandReader.Truncated.class, () -> readAll(bytes("*1\r\n$2147483000\r\nabc")));
        assertThrows(AofCommandReader.Malformed.class, () -> readAll(bytes("*1\r\n$99999999999999999999\r\n")));
    }

    @Test
    void randomMutationsNeverThrowAnythingElse() throws Exception {
        SplittableRandom random = new SplittableRandom(18);
        for (int round = 0; round < 5000; round++) {
            byte[] mutated = FILE.clone();
            for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                mutated[random.nextInt(mutated.length)] = (byte) random.nextInt(256);
            }
            try {
                readAll(mutated);
            } catch (AofCommandReader.Truncated | AofCommandReader.Malformed expected) {
                // the only failures allowed
            }
        }
    }

    @Test
    void longHeaderLinesAreCutAsRedisReadsThem() {
        byte[] content = ("*1" + "0".repeat(2000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        assertThrows(Exception.class, () -> readAll(content));
    }
}
