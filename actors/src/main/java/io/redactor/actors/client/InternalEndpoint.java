package io.redactor.actors.client;

/** The endpoint of an internal session: no connection behind it. */
enum InternalEndpoint implements ClientEndpoint {
    INSTANCE;

    @Override
    public String remoteAddress() {
        return "internal:0";
    }

    @Override
    public String localAddress() {
        return "internal:0";
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
    }
}
