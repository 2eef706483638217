package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The strings of a long reply share equal short values, and never the reply's own bytes. */
class ReplyStringsTest {

    private static BulkString bulk(String text) {
        return new BulkString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<Reply> repeated(int count, String... values) {
        List<Reply> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(bulk(values[i % values.length]));
        }
        return items;
    }

    @Test
    void equalShortStringsOfALongReplyAreOneString() {
        LuaTable t = (LuaTable) LuaReplies.toLua(new ArrayReply(repeated(1000, "7", "42", "x", "")), 2);
        assertEquals(1000, t.length());
        for (int i = 1; i <= 1000; i++) {
            assertEquals(new String[] {"7", "42", "x", ""}[(i - 1) % 4], t.get(i).tojstring());
            assertSame(t.get((i - 1) % 4 + 1), t.get(i));
        }
    }

    @Test
    void everyValueSurvivesCollisionsAndLongStringsStayApart() {
        List<Reply> items = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            items.add(bulk(Integer.toString(i % 1500)));
        }
        String longValue = "a value longer than the thirty-two bytes that are shared";
        items.addAll(repeated(2, longValue));
        LuaTable t = (LuaTable) LuaReplies.toLua(new ArrayReply(items), 2);
        for (int i = 0; i < 5000; i++) {
            assertEquals(Integer.toString(i % 1500), t.get(i + 1).tojstring());
        }
        assertEquals(longValue, t.get(5001).tojstring());
        assertEquals(t.get(5001), t.get(5002));
        assertNotSame(t.get(5001), t.get(5002));
    }

    @Test
    void shortRepliesAndNestedRepliesConvertToTheSameValues() {
        LuaTable few = (LuaTable) LuaReplies.toLua(new ArrayReply(repeated(3, "v")), 2);
        assertEquals("v", few.get(3).tojstring());
        List<Reply> pairs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            pairs.add(new ArrayReply(List.of(bulk("field"), bulk(Integer.toString(i % 3)))));
        }
        LuaTable nested = (LuaTable) LuaReplies.toLua(new ArrayReply(pairs), 2);
        for (int i = 0; i < 40; i++) {
            assertEquals(Integer.toString(i % 3), nested.get(i + 1).get(2).tojstring());
            assertSame(nested.get(1).get(1), nested.get(i + 1).get(1));
        }
        LuaTable map = (LuaTable) LuaReplies.toLua(new MapReply(repeated(40, "k", "v")), 3);
        assertEquals("v", map.get("map").get("k").tojstring());
    }

    @Test
    void aStringNeverSharesTheReplysBytes() {
        List<Reply> items = repeated(20, "abc");
        byte[] stored = ((BulkString) items.get(0)).bytes();
        LuaValue first = ((LuaTable) LuaReplies.toLua(new ArrayReply(items), 2)).get(1);
        LuaValue alone = LuaReplies.toLua(items.get(0), 2);
        stored[0] = 'X';
        assertEquals("abc", first.tojstring());
        assertEquals("abc", alone.tojstring());
        assertEquals(LuaString.valueOf("abc"), first);
    }
}
