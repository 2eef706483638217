package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A server's zset-max-listpack-entries and zset-max-listpack-value, saved before a test changes them and put
 * back after, so that tests sharing a server never see each other's settings.
 */
record ZsetThresholds(String entries, String value) {
    static final String ENTRIES = "zset-max-listpack-entries";
    static final String VALUE = "zset-max-listpack-value";

    static ZsetThresholds of(RawClient client) {
        return new ZsetThresholds(get(client, ENTRIES), get(client, VALUE));
    }

    static void set(RawClient client, long entries, long value) {
        client.call("CONFIG", "SET", ENTRIES, String.valueOf(entries), VALUE, String.valueOf(value));
    }

    void restore(RawClient client) {
        client.call("CONFIG", "SET", ENTRIES, entries, VALUE, value);
    }

    private static String get(RawClient client, String name) {
        List<byte[]> reply = Resp.elements(client.call("CONFIG".getBytes(StandardCharsets.US_ASCII),
                "GET".getBytes(StandardCharsets.US_ASCII), name.getBytes(StandardCharsets.US_ASCII)));
        return new String(Resp.bulk(reply.get(1)), StandardCharsets.US_ASCII);
    }
}
