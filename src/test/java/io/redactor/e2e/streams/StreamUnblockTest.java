package io.redactor.e2e.streams;

import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CLIENT UNBLOCK of blocked XREAD and XREADGROUP calls (which a corpus cannot show: it needs the blocked client's
 * ID), played on a real Redis 7.0 and on Redactor: the same transcript, in RESP2 and RESP3, with TIMEOUT (a null
 * reply) and ERROR; the reader then blocks no more, a later XADD reaches no one, and the group has nothing pending.
 */
class StreamUnblockTest {
    private static final String KEY = "su:s";
    private static final List<List<String>> READS = List.of(
            List.of("XREAD", "BLOCK", "0", "STREAMS", KEY, "$"),
            List.of("XREAD", "BLOCK", "60000", "COUNT", "5", "STREAMS", "su:other", KEY, "0", "$"),
            List.of("XREADGROUP", "GROUP", "g", "alice", "BLOCK", "0", "STREAMS", KEY, ">"),
            List.of("XREADGROUP", "GROUP", "g", "bob", "BLOCK", "60000", "NOACK", "STREAMS", KEY, ">"));

    @Test
    void clientUnblockEndsBlockedStreamReadsAsInRedis() {
        String redis = transcript(RealRedis.shared()::raw);
        assertTrue(redis.contains("UNBLOCKED client unblocked via CLIENT UNBLOCK"), redis);
        assertEquals(redis, transcript(TestRedactor.shared()::raw));
    }

    private static String transcript(Supplier<RawClient> connect) {
        StringBuilder out = new StringBuilder();
        try (RawClient admin = connect.get(); RawClient reader = connect.get()) {
            admin.call("DEL", KEY, "su:other");
            String id = reader.call("CLIENT", "ID").substring(1).strip();
            out.append(admin.call("XGROUP", "CREATE", KEY, "g", "$", "MKSTREAM"));
            for (String protocol : List.of("2", "3")) {
                reader.call("HELLO", protocol);
                for (List<String> read : READS) {
                    for (String mode : List.of("TIMEOUT", "ERROR")) {
                        out.append(read).append(' ').append(mode).append('\n');
                        reader.command(read.toArray(new String[0]));
                        awaitBlocked(admin, id);
                        out.append(admin.call("CLIENT", "UNBLOCK", id, mode));
                        out.append(reader.readReplyText());
                        out.append(admin.call("CLIENT", "UNBLOCK", id));
                    }
                }
            }
            out.append(admin.call("XADD", KEY, "1", "f", "v"));
            out.append("reader got more: ").append(reader.hasData(100)).append('\n');
            out.append(reader.call("PING"));
            out.append(admin.call("XINFO", "GROUPS", KEY));
            out.append(admin.call("XPENDING", KEY, "g"));
            out.append(admin.call("INFO", "clients").lines().filter(line -> line.startsWith("blocked_clients"))
                    .findFirst().orElse("no blocked_clients"));
            admin.call("DEL", KEY);
        }
        return out.toString();
    }

    private static void awaitBlocked(RawClient admin, String id) {
        Eventually.until("client " + id + " blocked",
                () -> admin.call("CLIENT", "LIST", "ID", id).matches("(?s).* flags=[a-zA-Z]*b.*"));
    }
}
