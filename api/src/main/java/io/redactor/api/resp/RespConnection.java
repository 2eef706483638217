package io.redactor.api.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientEndpoint;
import io.redactor.actors.client.ClientPipeline;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.config.OutputBufferLimit;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import javax.net.ssl.SSLException;

/**
 * One RESP client connection: feeds decoded commands to the client's pipeline and writes its replies, all on
 * the connection's event loop. Replies are gathered in one buffer and written with one system call per burst.
 */
final class RespConnection extends ChannelInboundHandlerAdapter
        implements ClientEndpoint, ClientPipeline.Output, RespWriter.Sink {
    private static final Logger log = LoggerFactory.getLogger(RespConnection.class);
    /** A streamed reply is rendered in parts of about this size (Netty's default high water mark). */
    private static final long STREAM_PART_BYTES = 64 * 1024;
    private static final byte[] MAX_CLIENTS_REACHED =
            ("-" + ClientRegistry.MAX_CLIENTS.message() + "\r\n").getBytes(StandardCharsets.US_ASCII);

    private static final byte[] PROTECTED_MODE_DENIED =
            ("-" + AccessControl.PROTECTED_MODE_DENIAL + "\r\n").getBytes(StandardCharsets.US_ASCII);

    private final NodeServices node;
    private final RespDecoder decoder;
    private final ReadSwitch reading;
    private final int maxPendingCommands;
    private ChannelHandlerContext ctx;
    private ClientSession session;
    private ClientPipeline pipeline;
    private ByteBuf pending;
    private long handedOut;
    private long softLimitExceededSince = -1;
    /** Replies written while a large one is streamed, the first being streamed; rendered in order. */
    private final ArrayDeque<ReplyStream> streams = new ArrayDeque<>();
    private boolean streamPartScheduled;
    private boolean closeWhenStreamed;

    RespConnection(NodeServices node, RespDecoder decoder, ReadSwitch reading, int maxPendingCommands) {
        this.node = node;
        this.decoder = decoder;
        this.reading = reading;
        this.maxPendingCommands = maxPendingCommands;
    }

    /** A TLS connection becomes a client once its handshake succeeds, as in Redis. */
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        SslHandler tls = ctx.pipeline().get(SslHandler.class);
        if (tls == null) {
            accept(ctx);
        } else {
            tls.handshakeFuture().addListener(handshake -> {
                if (handshake.isSuccess() && ctx.channel().isActive()) {
                    accept(ctx);
                }
            });
        }
    }

    private void accept(ChannelHandlerContext ctx) {
        session = node.clients().register(this, System.currentTimeMillis());
        if (session == null) {
            node.server().stats().rejectedConnections.increment();
            ctx.writeAndFlush(Unpooled.wrappedBuffer(MAX_CLIENTS_REACHED)).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (ctx.channel().remoteAddress() instanceof InetSocketAddress remote
                && node.access().protectedModeRefuses(remote.getAddress())) {
            node.server().stats().rejectedConnections.increment();
            node.clients().unregister(session);
            ctx.writeAndFlush(Unpooled.wrappedBuffer(PROTECTED_MODE_DENIED)).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ClientSession client = session;
        decoder.limitWhile(() -> !client.authenticated() && node.access().authenticationRequired());
        pipeline = new ClientPipeline(session, node, new EventLoopExecutor(ctx.channel().eventLoop()), this,
                maxPendingCommands, node.server().config()::clientQueryBufferLimit);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (pipeline == null) {
            return;
        }
        if (message instanceof byte[][] args) {
            pipeline.submit(args);
        } else if (message instanceof RefusedCommand refused) {
            pipeline.submitRefused(new ErrorReply(refused.replyText()));
        } else if (message instanceof ProtocolError error) {
            log.debug("protocol error from {}: {}", remoteAddress(), error.message());
            pipeline.submitFatal(new ErrorReply(error.replyText()));
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (pipeline != null) {
            flush();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            streamParts();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        streams.clear();
        if (pipeline != null) {
            pipeline.close();
            node.clients().unregister(session);
        }
        if (pending != null) {
            pending.release();
            pending = null;
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException || cause.getCause() instanceof SSLException) {
            String reason = cause.toString();
            log.debug("connection {} failed: {}", remoteAddress(), reason.length() > 200 ? reason.substring(0, 200) + "..." : reason);
        } else {
            log.warn("connection {} failed", remoteAddress(), cause);
        }
        ctx.close();
    }

    // --- ClientPipeline.Output, on the event loop

    @Override
    public void write(Reply reply) {
        if (streams.isEmpty() && !ReplyStream.isLarge(reply)) {
            RespWriter.write(this, reply, session.protocol());
            return;
        }
        streams.add(new ReplyStream(reply, session.protocol()));
        reading.replyStreamed(true);
    }

    @Override
    public void flush() {
        writePending();
        ctx.flush();
        enforceOutputLimit();
        streamParts();
    }

    private void writePending() {
        if (pending != null && pending.isReadable()) {
            countOutput(pending.readableBytes());
            ctx.write(pending, ctx.voidPromise());
            pending = null;
        }
    }

    /**
     * Renders the streamed replies a part at a time; after each part the event loop serves its other connections
     * first. Without an output buffer limit for the client's class (normal clients by default), parts wait while
     * the socket is full, so a client that does not read holds a part, not the reply. With one, parts are rendered
     * as Redis renders a reply, whole, and the limit, checked after each part, drops a client that does not read.
     */
    private void streamParts() {
        if (streams.isEmpty() || !ctx.channel().isActive() || !mayRenderPart()) {
            return;
        }
        while (!streams.isEmpty() && streams.peek().writeSome(this, STREAM_PART_BYTES)) {
            streams.poll();
        }
        writePending();
        ctx.flush();
        enforceOutputLimit();
        if (!ctx.channel().isActive()) {
            streams.clear();
        } else if (!streams.isEmpty()) {
            if (mayRenderPart() && !streamPartScheduled) {
                streamPartScheduled = true;
                ctx.channel().eventLoop().execute(() -> {
                    streamPartScheduled = false;
                    streamParts();
                });
            }
        } else {
            reading.replyStreamed(false);
            if (closeWhenStreamed) {
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            }
        }
    }

    @Override
    public void setReading(boolean reading) {
        this.reading.commandsHeld(!reading);
    }

    @Override
    public void closeAfterFlush() {
        if (!streams.isEmpty()) {
            closeWhenStreamed = true;
            streamParts();
            return;
        }
        if (pending != null && pending.isReadable()) {
            countOutput(pending.readableBytes());
            ctx.writeAndFlush(pending).addListener(ChannelFutureListener.CLOSE);
            pending = null;
        } else {
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Over client-query-buffer-limit with commands received and unanswered, or queued in MULTI. */
    @Override
    public void drop() {
        log.warn("Closing client that reached max query buffer length: id={} addr={}", session.id(), remoteAddress());
        streams.clear();
        if (pending != null) {
            pending.release();
            pending = null;
        }
        ctx.channel().close();
    }

    // --- RespWriter.Sink

    @Override
    public ByteBuf buffer() {
        if (pending == null) {
            pending = ctx.alloc().ioBuffer(512);
        }
        return pending;
    }

    @Override
    public void writeLarge(byte[] bytes) {
        if (pending != null && pending.isReadable()) {
            countOutput(pending.readableBytes());
            ctx.write(pending, ctx.voidPromise());
            pending = null;
        }
        countOutput(bytes.length);
        ctx.write(Unpooled.wrappedBuffer(bytes), ctx.voidPromise());
    }

    // --- ClientEndpoint, any thread

    @Override
    public String remoteAddress() {
        return format(ctx == null ? null : ctx.channel().remoteAddress());
    }

    @Override
    public String localAddress() {
        return format(ctx == null ? null : ctx.channel().localAddress());
    }

    @Override
    public int fd() {
        return ctx != null && ctx.channel() instanceof EpollSocketChannel epoll ? epoll.fd().intValue() : -1;
    }

    @Override
    public long queryBufferBytes() {
        return decoder.bufferedBytes();
    }

    @Override
    public long outputBufferBytes() {
        ChannelOutboundBuffer outbound = ctx == null ? null : ctx.channel().unsafe().outboundBuffer();
        return outbound == null ? 0 : outbound.totalPendingWriteBytes();
    }

    @Override
    public void close() {
        if (ctx != null) {
            ctx.channel().close();
        }
    }

    @Override
    public long writtenBytes() {
        return handedOut + (pending == null ? 0 : pending.readableBytes());
    }

    private void countOutput(long bytes) {
        handedOut += bytes;
        node.server().stats().netOutputBytes.add(bytes);
    }

    private boolean mayRenderPart() {
        if (ctx.channel().isWritable()) {
            return true;
        }
        OutputBufferLimit limit = node.server().config().outputBufferLimit(session.type());
        return limit.hardBytes() > 0 || limit.softBytes() > 0;
    }

    /** Redis's client-output-buffer-limit: over the hard limit, or over the soft one for too long, closes. */
    private void enforceOutputLimit() {
        OutputBufferLimit limit = node.server().config().outputBufferLimit(session.type());
        if (limit.hardBytes() == 0 && limit.softBytes() == 0) {
            return;
        }
        long queued = outputBufferBytes();
        long now = System.currentTimeMillis();
        boolean overHard = limit.hardBytes() > 0 && queued >= limit.hardBytes();
        boolean overSoft = limit.softBytes() > 0 && queued >= limit.softBytes();
        if (overSoft && softLimitExceededSince < 0) {
            softLimitExceededSince = now;
        } else if (!overSoft) {
            softLimitExceededSince = -1;
        }
        if (overHard || (overSoft && (now - softLimitExceededSince) / 1000 > limit.softSeconds())) {
            log.warn("Client id={} addr={} closed for overcoming of output buffer limits.", session.id(),
                    remoteAddress());
            node.server().stats().clientsClosedForOutputBuffer.increment();
            pipeline.close();
            ctx.channel().close();
        }
    }

    private static String format(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            String host = inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
            return host + ":" + inet.getPort();
        }
        return address == null ? "" : address.toString();
    }

    Channel channel() {
        return ctx.channel();
    }
}
