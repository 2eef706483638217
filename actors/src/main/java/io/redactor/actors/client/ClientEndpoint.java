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

    /** Closes the client as soon as possible (CLIENT KILL); replies already queued may be dropped. */
    void close();
}
