package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One server's connections while a corpus plays: {@code a}, {@code b}, ... opened when a line first names
 * them, and an observer that watches them block.
 */
final class Connections implements AutoCloseable {
    private static final Pattern BLOCKED = Pattern.compile(" flags=[a-zA-Z]*b");
    private static final Pattern CLIENT_ID = Pattern.compile("\\{id:([a-z])}");
    private static final long BLOCK_WAIT_NANOS = 5_000_000_000L;

    private final String server;
    private final Supplier<RawClient> connect;
    private final Map<Character, RawClient> clients = new HashMap<>();
    private final Map<Character, String> ids = new HashMap<>();
    private RawClient observer;

    Connections(String server, Supplier<RawClient> connect) {
        this.server = server;
        this.connect = connect;
    }

    String server() {
        return server;
    }

    RawClient get(char name) {
        return clients.computeIfAbsent(name, n -> connect.get());
    }

    /** A fresh connection for setting up and cleaning up, closed by the caller. */
    RawClient fresh() {
        return connect.get();
    }

    /** Connection {@code name}'s CLIENT ID on this server. */
    private String idOf(char name) {
        return ids.computeIfAbsent(name, n -> get(n).call("CLIENT", "ID").substring(1).strip());
    }

    /**
     * {@code argv} with each argument {@code {id:x}} replaced by connection x's CLIENT ID (for CLIENT TRACKING REDIRECT,
     * CLIENT KILL ID): ids differ from server to server. The same array when there is none.
     */
    byte[][] withClientIds(byte[][] argv) {
        byte[][] resolved = argv;
        for (int i = 0; i < argv.length; i++) {
            Matcher id = CLIENT_ID.matcher(new String(argv[i], StandardCharsets.ISO_8859_1));
            if (id.matches()) {
                if (resolved == argv) {
                    resolved = argv.clone();
                }
                resolved[i] = idOf(id.group(1).charAt(0)).getBytes(StandardCharsets.US_ASCII);
            }
        }
        return resolved;
    }

    /** Sends a blocking command on {@code name} and returns once the server reports that connection blocked. */
    void sendAndAwaitBlocked(char name, byte[][] command) {
        String id = idOf(name);
        get(name).command(command);
        if (observer == null) {
            observer = connect.get();
        }
        long deadline = System.nanoTime() + BLOCK_WAIT_NANOS;
        while (!BLOCKED.matcher(observer.call("CLIENT", "LIST", "ID", id)).find()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(server + ": client " + id + " did not block");
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public void close() {
        clients.values().forEach(RawClient::close);
        if (observer != null) {
            observer.close();
        }
    }
}
