package io.redactor.api.resp;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.api.tls.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Redis protocol front end: Netty on epoll when available, on the JVM's shared event loops (one per core
 * by default), which the partitions run on too.
 */
public final class RespServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RespServer.class);

    private final EventLoopGroup bossGroup;
    private final List<Channel> listeners;
    private final ChannelGroup connections;

    /** Tuning of the front end; addresses and port come from the caller. */
    public record Settings(int ioThreads, int maxPendingCommands) {
    }

    private RespServer(EventLoopGroup bossGroup, List<Channel> listeners, ChannelGroup connections) {
        this.bossGroup = bossGroup;
        this.listeners = listeners;
        this.connections = connections;
    }

    /**
     * Listens on {@code port} and, when {@code tls} is given, with TLS on {@code tlsPort} (Redis's tls-port) on the
     * same addresses.
     */
    public static RespServer start(NodeServices node, List<String> addresses, int port, Settings settings,
                                   ServerTls tls, int tlsPort) throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup boss = epoll ? new EpollEventLoopGroup(1, new DefaultThreadFactory("resp-accept", true))
                : new NioEventLoopGroup(1, new DefaultThreadFactory("resp-accept", true));
        EventLoopGroup workers = EventLoops.group(settings.ioThreads());
        Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        RuntimeConfig config = node.server().config();
        ChannelGroup connections = new DefaultChannelGroup("resp-connections", GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, Integer.parseInt(config.get("tcp-backlog")))
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(connectionSetUp(node, settings, connections, null));
        List<Channel> listeners = new ArrayList<>();
        try {
            for (String address : addresses) {
                listeners.add(bootstrap.bind(new InetSocketAddress(address, port)).sync().channel());
            }
            if (tls != null) {
                ServerBootstrap tlsBootstrap = bootstrap.clone().childHandler(connectionSetUp(node, settings, connections, tls));
                for (String address : addresses) {
                    listeners.add(tlsBootstrap.bind(new InetSocketAddress(address, tlsPort)).sync().channel());
                }
            }
        } catch (RuntimeException | InterruptedException e) {
            listeners.forEach(Channel::close);
            boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
        log.debug("RESP server on {} using {}", addresses, epoll ? "epoll" : "NIO");
        return new RespServer(boss, listeners, connections);
    }

    private static ChannelInitializer<SocketChannel> connectionSetUp(NodeServices node, Settings settings,
                                                                    ChannelGroup connections, ServerTls tls) {
        RuntimeConfig config = node.server().config();
        ArgumentArrays arrays = new ArgumentArrays(node.server().heapGuard());
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel channel) {
                connections.add(channel);
                applyKeepalive(channel, config.tcpKeepalive());
                if (tls != null) {
                    channel.pipeline().addLast("tls", tls.newHandler(channel.alloc()));
                }
                ReadSwitch reading = new ReadSwitch(channel);
                RespDecoder decoder = new RespDecoder(config::protoMaxBulkLen, config::clientQueryBufferLimit,
                        node.server().stats().netInputBytes, arrays, reading);
                channel.config().setRecvByteBufAllocator(new FairReads(decoder::readingBigArgument));
                channel.pipeline().addLast("decoder", decoder);
                channel.pipeline().addLast("connection",
                        new RespConnection(node, decoder, reading, settings.maxPendingCommands()));
            }
        };
    }

    /** Redis's tcp-keepalive: probes after that many idle seconds (Linux), off when 0. Read for each connection. */
    private static void applyKeepalive(SocketChannel channel, int seconds) {
        channel.config().setOption(ChannelOption.SO_KEEPALIVE, seconds > 0);
        if (seconds > 0 && channel instanceof EpollSocketChannel) {
            channel.config().setOption(EpollChannelOption.TCP_KEEPIDLE, seconds);
            channel.config().setOption(EpollChannelOption.TCP_KEEPINTVL, Math.max(1, seconds / 3));
        }
    }

    /** The port actually bound (useful when started on port 0); the plain one when there is also TLS. */
    public int port() {
        return ((InetSocketAddress) listeners.get(0).localAddress()).getPort();
    }

    @Override
    public void close() {
        for (Channel listener : listeners) {
            listener.close().syncUninterruptibly();
        }
        connections.close().syncUninterruptibly();
        bossGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
