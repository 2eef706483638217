package io.redactor.actors.slowlog;

import java.util.List;

/**
 * One SLOWLOG entry, as Redis 7.0 keeps it: its id (counting from 0 since start-up, not reset by SLOWLOG RESET),
 * when it was logged (Unix seconds), how long the command ran (microseconds), its arguments as logged (trimmed and
 * redacted, see {@link LoggedArguments}), the client's address and the client's name.
 */
public record SlowLogEntry(long id, long unixSeconds, long micros, List<byte[]> args, String peer, String clientName) {
}
