package io.redactor.actors.node.config;

/**
 * One class of clients' {@code client-output-buffer-limit}: a client whose pending output reaches
 * {@code hardBytes}, or stays at or above {@code softBytes} for more than {@code softSeconds}, is disconnected.
 * 0 disables a limit. Byte counts set above {@link Long#MAX_VALUE} read as {@link Long#MAX_VALUE}.
 */
public record OutputBufferLimit(long hardBytes, long softBytes, long softSeconds) {
}
