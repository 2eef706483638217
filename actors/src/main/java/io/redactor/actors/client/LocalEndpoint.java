package io.redactor.actors.client;

/**
 * The endpoint of a client with no socket behind it (an in-process client of the Java API, the internal session of
 * a script subscription), as CLIENT LIST shows it: {@code address} on both sides, no file descriptor, no buffers;
 * {@code closer} is what CLIENT KILL does.
 */
public record LocalEndpoint(String address, Runnable closer) implements ClientEndpoint {
    @Override
    public String remoteAddress() {
        return address;
    }

    @Override
    public String localAddress() {
        return address;
    }

    @Override
    public int fd() {
        return -1;
    }

    @Override
    public long queryBufferBytes() {
        return 0;
    }

    @Override
    public long outputBufferBytes() {
        return 0;
    }

    @Override
    public void close() {
        closer.run();
    }
}
