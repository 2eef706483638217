package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Configuration parameters of a server, saved before a test changes them and put back after, so that tests
 * sharing a server never see each other's settings. Parameters the server does not know are left out.
 */
public record ConfigSnapshot(Map<String, String> values) {

    public static ConfigSnapshot take(RawClient client, Collection<String> names) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : names) {
            List<byte[]> reply = RespBytes.elements(client.call(bytes("CONFIG"), bytes("GET"), bytes(name)));
            for (int i = 0; i + 1 < reply.size(); i += 2) {
                values.put(RespBytes.text(reply.get(i)), RespBytes.text(reply.get(i + 1)));
            }
        }
        return new ConfigSnapshot(values);
    }

    public static ConfigSnapshot take(RawClient client, String... names) {
        return take(client, List.of(names));
    }

    public void restore(RawClient client) {
        values.forEach((name, value) -> {
            String reply = client.call("CONFIG", "SET", name, value);
            if (!reply.equals("+OK\r\n")) {
                throw new IllegalStateException("could not restore " + name + " " + value + ": " + reply.strip());
            }
        });
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
