package io.redactor.actors.tracking;

import io.redactor.actors.client.ClientSession;

import java.util.List;

/**
 * A BCAST prefix and the clients announced every change of a key starting with it (Redis's bcastState without the
 * modified keys, which are gathered per command in {@link TrackingScope}). Immutable: the table is replaced whole.
 */
record Prefix(byte[] bytes, List<ClientSession> clients) {
    boolean matches(byte[] key) {
        return key.length >= bytes.length && java.util.Arrays.equals(key, 0, bytes.length, bytes, 0, bytes.length);
    }
}
