package io.redactor.api.resp;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * The event loops of this JVM's RESP servers, shared by every server in the process and by the partitions'
 * dispatcher (see {@link EventLoopAffinityExecutorConfigurator}), created on first use. Daemon threads: they never
 * keep the JVM alive.
 */
public final class EventLoops {
    private static volatile EventLoopGroup group;
    private static volatile EventExecutor[] loops;

    private EventLoops() {
    }

    /** The shared group, created with {@code threads} loops if it does not exist yet. */
    public static EventLoopGroup group(int threads) {
        EventLoopGroup existing = group;
        if (existing != null) {
            return existing;
        }
        synchronized (EventLoops.class) {
            if (group == null) {
                DefaultThreadFactory factory = new DefaultThreadFactory("redactor-io", true);
                EventLoopGroup created = Epoll.isAvailable() ? new EpollEventLoopGroup(threads, factory)
                        : new NioEventLoopGroup(threads, factory);
                List<EventExecutor> members = new ArrayList<>();
                created.forEach(members::add);
                loops = members.toArray(new EventExecutor[0]);
                group = created;
            }
            return group;
        }
    }

    /** The shared group if it exists, else null. */
    static EventLoopGroup existing() {
        return group;
    }

    /** The loops of the shared group (null before it exists), for dispatching without an iterator. */
    static EventExecutor[] loops() {
        return loops;
    }
}
