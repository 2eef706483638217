package io.redactor.actors.command.memory;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.core.reply.VerbatimString;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;

/**
 * MEMORY MALLOC-STATS and PURGE on a JVM, whose allocator is its garbage collector: the statistics are the heap and
 * non-heap pools and the collectors' counts; a purge asks for a collection (concurrent with G1's
 * ExplicitGCInvokesConcurrent, which bin/redactor sets) and answers OK at once, as Redis answers once jemalloc has
 * been asked.
 */
final class HeapPools {
    private HeapPools() {
    }

    static Reply mallocStats(ClientCall call) {
        StringBuilder out = new StringBuilder("___ Begin JVM memory statistics ___\n");
        out.append("Pools (used / committed / max bytes, used after last collection):\n");
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage usage = pool.getUsage();
            MemoryUsage afterGc = pool.getCollectionUsage();
            out.append("  ").append(pool.getType() == java.lang.management.MemoryType.HEAP ? "heap     " : "non-heap ")
                    .append(pool.getName()).append(": ").append(usage.getUsed()).append(" / ")
                    .append(usage.getCommitted()).append(" / ").append(usage.getMax());
            if (afterGc != null) {
                out.append(", after gc ").append(afterGc.getUsed());
            }
            out.append('\n');
        }
        out.append("Collectors:\n");
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            out.append("  ").append(gc.getName()).append(": ").append(gc.getCollectionCount()).append(" collections, ")
                    .append(gc.getCollectionTime()).append(" ms\n");
        }
        out.append("--- End JVM memory statistics ---\n");
        return new VerbatimString("txt", out.toString().getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("java:S1215")
    static Reply purge(ClientCall call) {
        Thread.ofVirtual().start(System::gc);
        return SimpleString.OK;
    }
}
