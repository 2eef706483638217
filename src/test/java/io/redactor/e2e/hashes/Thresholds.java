package io.redactor.e2e.hashes;

import io.redactor.e2e.keys.RespBytes;
import io.redactor.testing.RawClient;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The hash encoding thresholds of a server, saved before a test changes them and put back after, so that tests
 * sharing a server never see each other's settings.
 */
record Thresholds(String entries, String value) {
    private static final String ENTRIES = "hash-max-listpack-entries";
    private static final String VALUE = "hash-max-listpack-value";

    static Thresholds of(RawClient client) {
        return new Thresholds(get(client, ENTRIES), get(client, VALUE));
    }

    static void set(RawClient client, long entries, long value) {
        client.call("CONFIG", "SET", ENTRIES, String.valueOf(entries), VALUE, String.valueOf(value));
    }

    void restore(RawClient client) {
        client.call("CONFIG", "SET", ENTRIES, entries, VALUE, value);
    }

    private static String get(RawClient client, String name) {
        List<byte[]> reply = RespBytes.elements(client.call("CONFIG".getBytes(StandardCharsets.US_ASCII),
                "GET".getBytes(StandardCharsets.US_ASCII), name.getBytes(StandardCharsets.US_ASCII)));
        String bulk = new String(reply.get(1), StandardCharsets.US_ASCII);
        return bulk.substring(bulk.indexOf("\r\n") + 2, bulk.length() - 2);
    }
}
