package io.redactor.actors.watch;

/** A key a client WATCHes: its database and the partition holding it. */
public record WatchedKey(int db, byte[] key, int partition) {
}
