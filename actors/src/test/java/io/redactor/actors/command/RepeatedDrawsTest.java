package io.redactor.actors.command;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepeatedDrawsTest {
    private static final Reply[] NAMES = replies("a", "b", "c", "d", "e");
    private static final Reply[] VALUES = replies("1", "2", "3", "4", "5");

    @Test
    void drawsAreUniformAndTheSameEachTimeTheyAreRead() {
        RepeatedDraws draws = RepeatedDraws.of(NAMES, null, false, 1_000_000, 42);
        assertEquals(1_000_000, draws.size());
        Map<Reply, Integer> counts = new HashMap<>();
        for (int i = 0; i < draws.size(); i++) {
            counts.merge(draws.get(i), 1, Integer::sum);
            assertSame(draws.get(i), draws.get(i));
        }
        assertEquals(NAMES.length, counts.size());
        counts.values().forEach(n -> assertTrue(Math.abs(n - 200_000) < 3_000, "draws of an entry: " + n));
    }

    @Test
    void withValuesEachDrawIsANameFollowedByItsValueOrAPair() {
        RepeatedDraws flat = RepeatedDraws.of(NAMES, VALUES, false, 10_000, 7);
        RepeatedDraws pairs = RepeatedDraws.of(NAMES, VALUES, true, 10_000, 7);
        assertEquals(20_000, flat.size());
        assertEquals(10_000, pairs.size());
        for (int i = 0; i < 10_000; i++) {
            assertEquals(valueOf(flat.get(2 * i)), flat.get(2 * i + 1));
            assertEquals(ArrayReply.of(flat.get(2 * i), flat.get(2 * i + 1)), pairs.get(i));
        }
    }

    @Test
    void outOfBoundsAndMalformedDrawsAreRefused() {
        RepeatedDraws draws = RepeatedDraws.of(NAMES, null, false, 10, 1);
        assertThrows(IndexOutOfBoundsException.class, () -> draws.get(10));
        assertThrows(IndexOutOfBoundsException.class, () -> draws.get(-1));
        assertThrows(IllegalArgumentException.class, () -> RepeatedDraws.of(new Reply[0], null, false, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> RepeatedDraws.of(NAMES, replies("1"), false, 1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> RepeatedDraws.of(NAMES, VALUES, false, Integer.MAX_VALUE / 2 + 1, 1));
        assertEquals(Integer.MAX_VALUE - 8, RepeatedDraws.of(NAMES, null, false, Integer.MAX_VALUE - 8, 1).size());
    }

    private static Reply valueOf(Reply name) {
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i] == name) {
                return VALUES[i];
            }
        }
        throw new AssertionError("not a name: " + name);
    }

    private static Reply[] replies(String... texts) {
        Reply[] replies = new Reply[texts.length];
        for (int i = 0; i < texts.length; i++) {
            replies[i] = new BulkString(texts[i].getBytes(StandardCharsets.UTF_8));
        }
        return replies;
    }
}
