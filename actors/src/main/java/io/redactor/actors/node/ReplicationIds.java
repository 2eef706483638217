package io.redactor.actors.node;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The replication IDs INFO replication shows (master_replid, master_replid2), made as Redis makes them: 40 random
 * hex digits, the second all zeros until a failover would keep the former one. DEBUG CHANGE-REPL-ID makes a new one.
 */
public final class ReplicationIds {
    private static final String NONE = "0".repeat(40);
    private static final SecureRandom RANDOM = new SecureRandom();

    private volatile String id = random();
    private volatile String secondId = NONE;

    public String id() {
        return id;
    }

    public String secondId() {
        return secondId;
    }

    /** Redis's changeReplicationId and clearReplicationId2. */
    public void change() {
        id = random();
        secondId = NONE;
    }

    private static String random() {
        byte[] bytes = new byte[20];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
