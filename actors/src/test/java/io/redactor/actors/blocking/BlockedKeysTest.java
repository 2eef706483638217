package io.redactor.actors.blocking;

import io.redactor.actors.command.Invocation;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.keys.ByteKey;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One partition's registry of blocked clients: order, readiness, claims and forgetting. */
class BlockedKeysTest {
    private final BlockedKeys blocked = new BlockedKeys();
    private final List<Reply> answers = new ArrayList<>();

    @Test
    void clientsOnAKeyAreClaimedInTheOrderTheyBlocked() {
        BlockedClient first = waiting("q");
        BlockedClient second = waiting("q");
        BlockedClient third = waiting("q");
        assertSame(first, blocked.claimNext(key("q"), client -> true));
        assertSame(second, blocked.claimNext(key("q"), client -> true));
        assertSame(third, blocked.claimNext(key("q"), client -> true));
        assertNull(blocked.claimNext(key("q"), client -> true));
        assertEquals(0, blocked.size());
    }

    @Test
    void aClaimedClientIsForgottenOnEveryOtherKeyOfThePartition() {
        BlockedClient client = waiting("a", "b", "c");
        assertEquals(3, blocked.size());
        assertSame(client, blocked.claimNext(key("b"), c -> true));
        assertEquals(0, blocked.size());
        assertNull(blocked.claimNext(key("a"), c -> true));
    }

    @Test
    void answeredClientsAreDroppedAndClientsClaimedElsewhereSkipped() {
        BlockedClient timedOut = waiting("q");
        BlockedClient busyElsewhere = waiting("q");
        BlockedClient free = waiting("q");
        assertTrue(timedOut.tryCancel());
        assertTrue(busyElsewhere.tryClaim());
        assertSame(free, blocked.claimNext(key("q"), c -> true));
        assertEquals(1, blocked.size(), "the client claimed elsewhere stays until that partition decides");
    }

    @Test
    void aClientTheValueCannotServeKeepsItsPlace() {
        BlockedClient picky = waiting("q");
        BlockedClient other = waiting("q");
        assertSame(other, blocked.claimNext(key("q"), c -> c != picky));
        assertSame(picky, blocked.claimNext(key("q"), c -> true));
    }

    @Test
    void onlyAwaitedKeysBecomeReadyEachOnceInOrder() {
        waiting("a");
        waiting("b");
        blocked.markReady(0, bytes("nobody-waits"));
        blocked.markReady(0, bytes("b"));
        blocked.markReady(1, bytes("a"));
        blocked.markReady(0, bytes("a"));
        blocked.markReady(0, bytes("b"));
        assertTrue(blocked.hasReady());
        assertEquals(key("b"), blocked.nextReady());
        assertEquals(key("a"), blocked.nextReady());
        assertNull(blocked.nextReady());
        assertFalse(blocked.hasReady());
    }

    @Test
    void removingADisconnectedClientLeavesNothingBehind() {
        BlockedClient gone = waiting("a", "b");
        BlockedClient stays = waiting("b");
        blocked.remove(gone);
        assertEquals(1, blocked.size());
        assertSame(stays, blocked.claimNext(key("b"), c -> true));
        blocked.markReady(0, bytes("a"));
        assertNull(blocked.nextReady(), "no one waits for a any more");
        assertEquals(0, blocked.size());
        assertTrue(answers.isEmpty());
    }

    /** A client blocked in database 0 on {@code keys}, registered here as a partition does it. */
    private BlockedClient waiting(String... keys) {
        BlockedClient client = new BlockedClient(new Invocation(null, new byte[0][], 0, null),
                new BlockedClient.Listener() {
                    @Override
                    public void blocked(BlockedClient c, long deadline) {
                    }

                    @Override
                    public void answered(BlockedClient c, Reply reply) {
                        answers.add(reply);
                    }
                });
        List<byte[]> keyBytes = new ArrayList<>();
        for (String key : keys) {
            keyBytes.add(bytes(key));
            blocked.register(0, bytes(key), client);
        }
        assertTrue(client.tryClaim());
        client.block(new BlockRequest(keyBytes, ListValue.class, (call, key) -> NullReply.NULL_ARRAY, null,
                NullReply.NULL_ARRAY), new int[] {0}, 0);
        return client;
    }

    private static BlockedKeys.DbKey key(String key) {
        return new BlockedKeys.DbKey(0, new ByteKey(bytes(key)));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
