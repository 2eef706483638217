package io.redactor.actors.tracking;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.PushReply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A partition's tracking table: counts, one invalidation per reader and change, lazy forgetting, its bound. */
class TrackingTableTest {
    private final Map<Long, ClientSession> clients = new HashMap<>();
    private final Map<Long, List<PushReply>> received = new HashMap<>();
    private Tracking tracking;
    private TrackingTable table;

    private void start(String maxKeys) {
        tracking = new Tracking(new RuntimeConfig(Map.of("tracking-table-max-keys", maxKeys)), new PartitionMap(1));
        tracking.useClients(clients::get);
        table = tracking.newTable(0);
    }

    @BeforeEach
    void unbounded() {
        start("0");
    }

    private ClientSession resp3Client(long id) {
        ClientSession session = new ClientSession(id, new LocalEndpoint("test:" + id, () -> { }), 0);
        List<PushReply> pushes = new ArrayList<>();
        session.attach(pushes::add);
        session.setProtocol(3);
        clients.put(id, session);
        received.put(id, pushes);
        tracking.enable(session, 0, false, false, false, false, List.of());
        return session;
    }

    private static byte[] key(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void eachReaderIsToldOnceAndTheKeyForgotten() {
        ClientSession first = resp3Client(1);
        ClientSession second = resp3Client(2);
        table.remember(key("k"), first.id());
        table.remember(key("k"), second.id());
        table.remember(key("k"), first.id());
        table.remember(key("j"), first.id());
        assertEquals(2, tracking.totalKeys());
        assertEquals(3, tracking.totalItems());
        table.modified(key("k"));
        table.modified(key("k"));
        assertEquals(1, received.get(1L).size());
        assertEquals(1, received.get(2L).size());
        assertEquals(1, tracking.totalKeys());
        assertEquals(1, tracking.totalItems());
    }

    @Test
    void clientsThatStoppedTrackingOrLeftAreSkipped() {
        ClientSession stopped = resp3Client(1);
        ClientSession gone = resp3Client(2);
        table.remember(key("k"), stopped.id());
        table.remember(key("k"), gone.id());
        tracking.disable(stopped);
        clients.remove(gone.id());
        table.modified(key("k"));
        assertEquals(0, received.get(1L).size() + received.get(2L).size());
        assertEquals(0, tracking.totalKeys());
        assertEquals(1, tracking.clientCount());
    }

    @Test
    void theBoundEvictsKeysWithAnInvalidation() {
        start("3");
        ClientSession reader = resp3Client(1);
        for (int i = 0; i < 10; i++) {
            table.remember(key("k" + i), reader.id());
        }
        assertEquals(3, table.size());
        assertEquals(3, tracking.totalKeys());
        assertEquals(7, received.get(1L).size());
        table.clear();
        assertEquals(0, tracking.totalKeys());
        assertEquals(0, tracking.totalItems());
    }
}
