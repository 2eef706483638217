package io.redactor.actors.node;

import com.sun.management.GarbageCollectionNotificationInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Refuses work before the JVM runs out of heap. After every garbage collection it reads what the heap still holds
 * (the heap pools' use after that collection: live data, and old garbage a young collection did not look at) and
 * compares it with a limit, a fraction of the largest heap ({@code redactor.memory.heap-limit}). Over the limit,
 * {@link #refusing()} is true, and commands that may grow memory get {@link #OOM_ERROR}, as Redis answers them over
 * {@code maxmemory}; {@link #admits(long)} tells whether a value of a given size still fits, for the few places that
 * make large ones (a large argument being read, a script's large strings and tables).
 *
 * <p>Large values being received are allocated at their full size when they start ({@link #reserve}), so what the
 * last collection saw is not all that is held: their bytes count from their reservation until the first collection
 * after they were received or dropped ({@link #settle}), which sees them as live data or reclaims them.
 *
 * <p>The hot path reads one volatile field. Once refusing, the heap must fall a twentieth of the largest heap under the
 * limit before work is accepted again (no flapping at the edge), and a collection is asked for when none came by
 * itself for a second (then 2, 4, ... 64 s), so that a server left idle after an attack finds out that the memory
 * came back.
 */
public final class HeapGuard implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HeapGuard.class);
    /** Redis's reply to a command that may grow memory while used memory is over maxmemory. */
    public static final String OOM_ERROR = "OOM command not allowed when used memory > 'maxmemory'.";
    /** A guard that never refuses, for embedded uses and tests that do not want one. */
    public static final HeapGuard OFF = new HeapGuard(Long.MAX_VALUE, 1.0);
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long MAX_RECHECK_NANOS = TimeUnit.SECONDS.toNanos(64);
    /** A collection this recent tells well enough what the heap holds: no other is asked for. */
    private static final long FRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long a collection asked for may take to be reported. */
    private static final long NOTIFICATION_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final long maxHeap;
    private final long limit;
    private final long resume;
    private final double fraction;
    private final List<Runnable> unsubscribe = new ArrayList<>();
    private ScheduledExecutorService recheck;
    private volatile long usedAfterGc;
    private volatile long lastGcNanos = System.nanoTime();
    private volatile boolean refusing;
    /** Collections reported so far; guarded by this. */
    private long collections;
    /** Bytes reserved by values still being received. */
    private final AtomicLong receiving = new AtomicLong();
    /** Bytes of values received or dropped since the last collection, which has not counted them yet. */
    private final AtomicLong unsettled = new AtomicLong();
    /** A background collection asked for by {@link #reserveNow} and not started yet. */
    private final AtomicBoolean collectionAsked = new AtomicBoolean();
    /** Used by the recheck thread only. */
    private long recheckAfterNanos = RECHECK_NANOS;

    HeapGuard(long maxHeap, double fraction) {
        this.maxHeap = maxHeap;
        this.fraction = fraction;
        this.limit = fraction >= 1.0 ? Long.MAX_VALUE : (long) (maxHeap * fraction);
        this.resume = limit - maxHeap / 20;
    }

    /**
     * Starts watching this JVM's collections with {@code fraction} of its largest heap as the limit ({@link
     * #parseLimit}); 1.0 makes a guard that never refuses.
     */
    public static HeapGuard start(double fraction) {
        if (fraction >= 1.0) {
            return OFF;
        }
        HeapGuard guard = new HeapGuard(Runtime.getRuntime().maxMemory(), fraction);
        guard.subscribe();
        return guard;
    }

    /**
     * The setting's value: a percentage of the largest heap from 10% to 99% ({@code "90%"}), or {@code off}.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static double parseLimit(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("off")) {
            return 1.0;
        }
        if (t.endsWith("%") && t.length() >= 3 && t.length() <= 8) {
            String digits = t.substring(0, t.length() - 1);
            if (digits.matches("[0-9]{2}(\\.[0-9]{1,3})?")) {
                double percent = Double.parseDouble(digits);
                if (percent >= 10 && percent <= 99) {
                    return percent / 100;
                }
            }
        }
        throw new IllegalArgumentException("redactor.memory.heap-limit must be a percentage of the heap from 10% to "
                + "99% (as 90%) or off, not '" + (text == null ? "" : text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'");
    }

    /** True while the heap after the last collection is over the limit: refuse what may grow memory. */
    public boolean refusing() {
        return refusing;
    }

    /** Whether {@code bytes} more fit under the limit, as of the last collection and the reservations since. */
    public boolean admits(long bytes) {
        return bytes <= room(receiving.get());
    }

    /** Bytes under the limit with {@code received} bytes being received. */
    private long room(long received) {
        return limit - usedAfterGc - received - unsettled.get();
    }

    /**
     * Reserves {@code bytes} for a large value about to be allocated whole, if they fit (after a collection, as
     * {@link #admitsAfterCollection}); false if they do not. A reservation made must be {@linkplain #settle settled}.
     * May wait for a collection: not for threads that serve other clients (see {@link #reserveNow}).
     */
    public boolean reserve(long bytes) {
        return limit == Long.MAX_VALUE || (admitsAfterCollection(bytes) && take(bytes));
    }

    /**
     * Reserves {@code bytes} if they fit as of the last collection, without waiting for another: for a command
     * running on a thread that serves other clients. When they do not fit, a collection is asked for in the
     * background (memory held by values dropped since the last one comes back for a later try) and the answer is
     * false.
     */
    public boolean reserveNow(long bytes) {
        if (limit == Long.MAX_VALUE || take(bytes)) {
            return true;
        }
        if (recheck != null && collectionAsked.compareAndSet(false, true)) {
            recheck.execute(() -> {
                collectionAsked.set(false);
                System.gc();
            });
        }
        return false;
    }

    private boolean take(long bytes) {
        // two threads may reserve at once: the second sees the first's bytes or fails its exchange
        while (true) {
            long held = receiving.get();
            if (bytes > room(held)) {
                return false;
            }
            if (receiving.compareAndSet(held, held + bytes)) {
                return true;
            }
        }
    }

    /**
     * The value {@link #reserve} made room for was received (it is live data now) or dropped (it is garbage): either
     * way the heap holds it until a collection has looked, so it counts until then.
     */
    public void settle(long bytes) {
        if (limit != Long.MAX_VALUE) {
            receiving.addAndGet(-bytes);
            unsettled.addAndGet(bytes);
        }
    }

    /**
     * Whether {@code bytes} more fit under the limit, asking for a collection first when the last one says they do
     * not (a young collection counts old garbage as used) and none came in the last {@link #FRESH_NANOS} or large
     * values were settled since: for large values only, which are worth a collection before they are refused.
     */
    public boolean admitsAfterCollection(long bytes) {
        if (admits(bytes)) {
            return true;
        }
        if (limit == Long.MAX_VALUE) {
            return false;
        }
        synchronized (this) {
            // values received or dropped since the last collection: only a new one can tell what they left
            if (System.nanoTime() - lastGcNanos > FRESH_NANOS || unsettled.get() > 0) {
                long seen = collections;
                System.gc();
                awaitNotification(seen);
            }
        }
        return admits(bytes);
    }

    /**
     * Waits for the collection just asked for to be reported. With concurrent explicit collections (bin/redactor's
     * {@code -XX:+ExplicitGCInvokesConcurrent}) {@code System.gc()} may return first, and neither the heap's use then
     * nor the old pool's collection usage shows what its first pause reclaimed (measured: dead large arrays stayed
     * counted, and every later large argument was refused). The pools' collection usage stands in if no report came.
     */
    private void awaitNotification(long seen) {
        long deadline = System.nanoTime() + NOTIFICATION_WAIT_NANOS;
        try {
            for (long left; collections == seen && (left = deadline - System.nanoTime()) > 0;) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (collections == seen) {
            update(collectionUsage());
        }
    }

    /** The heap pools' use after their last collection, read from the pools themselves. */
    private static long collectionUsage() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage usage = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (usage != null) {
                used += usage.getUsed();
            }
        }
        return used;
    }

    /** What the heap held after the last collection, in bytes. */
    public long usedAfterGc() {
        return usedAfterGc;
    }

    /** The limit in bytes ({@link Long#MAX_VALUE} when off). */
    public long limit() {
        return limit;
    }

    public long maxHeap() {
        return maxHeap;
    }

    private void subscribe() {
        Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName)
                .collect(Collectors.toUnmodifiableSet());
        NotificationListener listener = (notification, handback) -> collected(notification, heapPools);
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                unsubscribe.add(() -> {
                    try {
                        emitter.removeNotificationListener(listener);
                    } catch (javax.management.ListenerNotFoundException ignored) {
                        // already gone
                    }
                });
            }
        }
        recheck = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "heap-guard");
            t.setDaemon(true);
            return t;
        });
        recheck.scheduleWithFixedDelay(this::recheck, 1, 1, TimeUnit.SECONDS);
    }

    private void collected(Notification notification, Set<String> heapPools) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        update(used);
    }

    /** Records the heap's use after a collection. */
    synchronized void update(long used) {
        usedAfterGc = used;
        collections++;
        notifyAll();
        unsettled.set(0);
        lastGcNanos = System.nanoTime();
        // once refusing, it takes a twentieth of the heap under the limit to accept again: no flapping at the edge
        boolean over = refusing ? used > resume : used > limit;
        if (over != refusing) {
            refusing = over;
            if (over) {
                log.warn("Heap after collection {} MB is over the limit of {} MB ({}% of {} MB): refusing commands "
                        + "that may grow memory with -OOM", used >> 20, limit >> 20, Math.round(fraction * 100),
                        maxHeap >> 20);
            } else {
                log.info("Heap after collection {} MB is well under the limit of {} MB again: accepting all commands",
                        used >> 20, limit >> 20);
            }
        }
    }

    /**
     * While refusing and no collection came for a while, asks for one: memory may have come back meanwhile on a
     * server with nothing to collect for. The while doubles (up to a minute) as long as the answer stays the same,
     * so that a data set that really fills the heap does not cost a full collection every second.
     */
    private void recheck() {
        if (!refusing) {
            recheckAfterNanos = RECHECK_NANOS;
            return;
        }
        if (System.nanoTime() - lastGcNanos > recheckAfterNanos) {
            System.gc();
            recheckAfterNanos = Math.min(recheckAfterNanos * 2, MAX_RECHECK_NANOS);
        }
    }

    @Override
    public void close() {
        unsubscribe.forEach(Runnable::run);
        if (recheck != null) {
            recheck.shutdownNow();
        }
    }
}
