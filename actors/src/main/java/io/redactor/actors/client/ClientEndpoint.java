package io.redactor.actors.client;

/**
 * The transport side of a client, as CLIENT LIST and CLIENT KILL see it. Implemented by the RESP server's
 * connections and by in-process clients of the Java API. Methods may be called from any thread.
 */
public interface ClientEndpoint {
    /** "ip:port" of the peer, as Redis prints it. */
    String remoteAddress();

    /** "ip:port" of our side. */
    String localAddress();

    /** The socket's file descriptor, or -1 when there is none. */
    int fd();

    /** Bytes received but not yet parsed into commands. */
    long queryBufferBytes();

    /** Bytes of replies waiting to be written to the socket. */
    long outputBufferBytes();

    /** Room left in the buffer that receives the client's bytes (CLIENT LIST's qbuf-free). */
    default long queryBufferFree() {
        return 0;
    }

    /** Bytes of replies gathered and not yet handed to the socket (CLIENT LIST's obl). */
    default long replyBufferBytes() {
        return 0;
    }

    /** Writes handed to the socket and not yet done (CLIENT LIST's oll: Redis's list of reply blocks). */
    default long outputBlocks() {
        return 0;
    }

    /** Closes the client as soon as possible (CLIENT KILL); replies already queued may be dropped. */
    void close();
}
