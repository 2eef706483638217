package io.redactor.e2e.keys;

import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DEL, UNLINK, EXISTS, TOUCH and TYPE, also over keys in every partition. */
class PresenceTest extends SharedServerTest {
    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @Test
    void hundredKeysInEveryPartitionAreCountedTouchedAndDeletedTogether() {
        List<String> keys = PartitionKeys.spread("presence:", 100);
        for (String key : keys) {
            jedis.set(key, "v");
        }
        String[] all = keys.toArray(String[]::new);
        String[] withMissing = withMissing(keys);

        assertEquals(100, jedis.exists(all));
        assertEquals(100, jedis.exists(withMissing));
        assertEquals(100, jedis.touch(withMissing));
        assertEquals(100, jedis.dbSize());

        assertEquals(50, jedis.del(keys.subList(0, 50).toArray(String[]::new)));
        assertEquals(50, jedis.unlink(withMissing));
        assertEquals(0, jedis.exists(all));
        assertEquals(0, jedis.dbSize());
    }

    @Test
    void aKeyNamedTwiceCountsTwiceForExistsAndTouchButIsDeletedOnce() {
        jedis.set("twice", "v");
        assertEquals(2, jedis.exists("twice", "twice", "absent"));
        assertEquals(2, jedis.touch("twice", "twice", "absent"));
        assertEquals(1, jedis.del("twice", "twice"));
        assertEquals(0, jedis.unlink("twice", "twice"));
    }

    @Test
    void binaryAndEmptyKeysAreKeysLikeAnyOther() {
        byte[] binary = {0, (byte) 0xff, '\r', '\n', ' '};
        byte[] empty = {};
        jedis.set(binary, "b".getBytes(UTF_8));
        jedis.set(empty, "e".getBytes(UTF_8));
        assertEquals(2, jedis.exists(binary, empty));
        assertEquals("string", jedis.type(binary));
        assertEquals(1, jedis.del(binary));
        assertFalse(jedis.exists(binary));
        assertTrue(jedis.exists(empty));
    }

    @Test
    void typeNamesStringsAndMissingKeys() {
        jedis.set("str", "v");
        assertEquals("+string\r\n", raw.call("TYPE", "str"));
        assertEquals("+none\r\n", raw.call("TYPE", "missing"));
    }

    @Test
    void wrongNumberOfArguments() {
        for (String command : List.of("DEL", "UNLINK", "EXISTS", "TOUCH", "TYPE")) {
            assertEquals("-ERR wrong number of arguments for '" + command.toLowerCase() + "' command\r\n",
                    raw.call(command));
        }
        assertEquals("-ERR wrong number of arguments for 'type' command\r\n", raw.call("TYPE", "a", "b"));
    }

    private static String[] withMissing(List<String> keys) {
        List<String> names = new ArrayList<>(keys);
        for (int i = 0; i < 10; i++) {
            names.add("missing:" + i);
        }
        return names.toArray(String[]::new);
    }
}
