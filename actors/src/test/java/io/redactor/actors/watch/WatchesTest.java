package io.redactor.actors.watch;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchesTest {
    private final Watches watches = new Watches();

    @Test
    void aChangeMarksEveryWatcherOfThatKeyInThatDatabaseOnly() {
        WatchToken first = new WatchToken();
        WatchToken second = new WatchToken();
        WatchToken otherDb = new WatchToken();
        WatchToken otherKey = new WatchToken();
        watches.watch(0, key("k"), first);
        watches.watch(0, key("k"), second);
        watches.watch(1, key("k"), otherDb);
        watches.watch(0, key("j"), otherKey);
        watches.modified(0, key("k"));
        assertTrue(first.isDirty());
        assertTrue(second.isDirty());
        assertFalse(otherDb.isDirty());
        assertFalse(otherKey.isDirty());
    }

    @Test
    void unwatchingForgetsTheTokenAndFreesTheEntry() {
        WatchToken token = new WatchToken();
        WatchToken stays = new WatchToken();
        watches.watch(2, key("a"), token);
        watches.watch(2, key("a"), token);
        watches.watch(2, key("b"), token);
        watches.watch(2, key("b"), stays);
        watches.unwatch(2, key("a"), token);
        watches.unwatch(2, key("b"), token);
        watches.modified(2, key("a"));
        watches.modified(2, key("b"));
        assertFalse(token.isDirty());
        assertTrue(stays.isDirty());
        watches.unwatch(2, key("b"), stays);
        assertTrue(watches.isEmpty(), "no entry left once every watcher is gone");
    }

    @Test
    void unwatchingAKeyNeverWatchedIsHarmless() {
        watches.unwatch(0, key("never"), new WatchToken());
        assertTrue(watches.isEmpty());
    }

    private static byte[] key(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
