package io.redactor.actors.watch;

import io.redactor.actors.data.CommandClock;
import io.redactor.actors.data.Database;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyHash;
import io.redactor.actors.data.KeyObserver;
import io.redactor.actors.data.TestDataEnvironment;
import io.redactor.actors.effects.Effects;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchesTest {
    private static final long NOW = 1_000_000;

    private final Watches watches = new Watches();
    private final CommandClock clock = new CommandClock();
    private final Database db0 = database(0);
    private final Database db1 = database(1);
    private final Database db2 = database(2);

    WatchesTest() {
        clock.set(NOW);
    }

    @Test
    void aChangeMarksEveryWatcherOfThatKeyInThatDatabaseOnly() {
        WatchToken first = new WatchToken();
        WatchToken second = new WatchToken();
        WatchToken otherDb = new WatchToken();
        WatchToken otherKey = new WatchToken();
        watches.watch(db0, key("k"), first);
        watches.watch(db0, key("k"), second);
        watches.watch(db1, key("k"), otherDb);
        watches.watch(db0, key("j"), otherKey);
        watches.modified(db0, key("k"));
        assertTrue(first.isDirty());
        assertTrue(second.isDirty());
        assertFalse(otherDb.isDirty());
        assertFalse(otherKey.isDirty());
    }

    @Test
    void unwatchingForgetsTheTokenAndFreesTheEntry() {
        WatchToken token = new WatchToken();
        WatchToken stays = new WatchToken();
        watches.watch(db2, key("a"), token);
        watches.watch(db2, key("a"), token);
        watches.watch(db2, key("b"), token);
        watches.watch(db2, key("b"), stays);
        watches.unwatch(2, key("a"), token);
        watches.unwatch(2, key("b"), token);
        watches.modified(db2, key("a"));
        watches.modified(db2, key("b"));
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

    @Test
    void theRemovalOfAKeyExpiredWhenWatchedIsNoChangeButTheNextChangeIs() {
        load(db0, NOW - 1);
        WatchToken token = new WatchToken();
        watches.watch(db0, key("k"), token);
        assertFalse(watches.expiredSinceWatched(db0, key("k"), token), "already expired when watched");
        assertFalse(db0.delete(key("k")));
        watches.modified(db0, key("k"));
        assertFalse(token.isDirty());
        watches.modified(db0, key("k"));
        assertTrue(token.isDirty());
    }

    @Test
    void aKeyThatExpiresAfterWatchFailsTheCheck() {
        load(db0, NOW + 10);
        WatchToken token = new WatchToken();
        watches.watch(db0, key("k"), token);
        assertFalse(watches.expiredSinceWatched(db0, key("k"), token));
        clock.set(NOW + 11);
        assertTrue(watches.expiredSinceWatched(db0, key("k"), token));
    }

    @Test
    void replacingAStaleKeyWithNothingOrAnotherStaleKeyIsNoChange() {
        load(db0, NOW - 1);
        load(db1, NOW - 1);
        WatchToken token = new WatchToken();
        watches.watch(db0, key("k"), token);
        watches.replaced(0, db0, db1);
        watches.replaced(0, db0, db2);
        assertFalse(token.isDirty());
    }

    @Test
    void aMissingKeyReplacedWithAStaleOneIsNoChangeButThenWatchedAsStale() {
        load(db1, NOW - 1);
        WatchToken token = new WatchToken();
        watches.watch(db0, key("k"), token);
        watches.replaced(0, db0, db1);
        assertFalse(token.isDirty());
        assertFalse(watches.expiredSinceWatched(db1, key("k"), token), "now watched as already expired");
    }

    @Test
    void aStaleKeyReplacedWithALiveOneIsAChange() {
        load(db0, NOW - 1);
        load(db1, Db.NO_EXPIRE);
        WatchToken token = new WatchToken();
        watches.watch(db0, key("k"), token);
        watches.replaced(0, db0, db1);
        assertTrue(token.isDirty());
    }

    private Database database(int index) {
        return new Database(index, new TestDataEnvironment(), clock, KeyObserver.NONE, Effects.NONE);
    }

    /** Loads key "k" with value "v", as a snapshot's load does. */
    private static void load(Database db, long expireAt) {
        db.load(key("k"), KeyHash.hash(key("k")), key("v"), expireAt);
    }

    private static byte[] key(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
