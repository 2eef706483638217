package io.redactor.actors.command.memory;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.node.MemoryReport;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.VerbatimString;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * MEMORY DOCTOR with Redis's texts for the checks that mean something here: an (almost) empty instance, a peak over
 * 150% of what is used now, the heap committed over 1.4 times the data set and 10 MB more (Redis's RSS check, for the
 * JVM's fragmentation), client buffers over 200 KB each on average, more than 1000 cached scripts. Redis's allocator
 * checks have no JVM counterpart and are not made.
 */
final class MemoryDoctor {
    private static final long EMPTY = 5L << 20;

    private MemoryDoctor() {
    }

    static CompletionStage<Reply> doctor(ClientCall call) {
        MemoryReport m = MemoryReport.of(call.node());
        int clients = Math.max(1, call.node().clients().count());
        String text = report(m, clients);
        return CompletableFuture.completedFuture(new VerbatimString("txt", text.getBytes(StandardCharsets.UTF_8)));
    }

    static String report(MemoryReport m, int clients) {
        if (m.used() < EMPTY) {
            return "Hi Sam, this instance is empty or is using very little memory, my issues detector can't be used "
                    + "in these conditions. Please, leave for your mission on Earth and fill it with some data. The "
                    + "new Sam and I will be back to our programming as soon as I finished rebooting.\n";
        }
        boolean bigPeak = (float) m.peak() / m.used() > 1.5;
        boolean highFrag = m.fragmentation() > 1.4 && m.heapCommitted() - m.used() > 10 << 20;
        boolean bigClientBuffers = m.clients() / clients > 1024 * 200;
        boolean manyScripts = m.cachedScripts() > 1000;
        if (!bigPeak && !highFrag && !bigClientBuffers && !manyScripts) {
            return "Hi Sam, I can't find any memory issue in your instance. I can only account for what occurs on "
                    + "this base.\n";
        }
        StringBuilder s = new StringBuilder("Sam, I detected a few issues in this Redis instance memory implants:\n\n");
        if (bigPeak) {
            s.append(" * Peak memory: In the past this instance used more than 150% the memory that is currently "
                    + "using. The allocator is normally not able to release memory after a peak, so you can expect to "
                    + "see a big fragmentation ratio, however this is actually harmless and is only due to the memory "
                    + "peak, and if the Redis instance Resident Set Size (RSS) is currently bigger than expected, the "
                    + "memory will be used as soon as you fill the Redis instance with more data. If the memory peak "
                    + "was only occasional and you want to try to reclaim memory, please try the MEMORY PURGE command, "
                    + "otherwise the only other option is to shutdown and restart the instance.\n\n");
        }
        if (highFrag) {
            s.append(" * High total RSS: This instance has a memory fragmentation and RSS overhead greater than 1.4 "
                    + "(this means that the Resident Set Size of the Redis process is much larger than the sum of the "
                    + "logical allocations Redis performed). This problem is usually due either to a large peak memory "
                    + "(check if there is a peak memory entry above in the report) or may result from a workload that "
                    + "causes the allocator to fragment memory a lot. If the problem is a large peak memory, then there "
                    + "is no issue. Otherwise, make sure you are using the Jemalloc allocator and not the default libc "
                    + "malloc. Note: The currently used allocator is \"jvm\".\n\n");
        }
        if (bigClientBuffers) {
            s.append(" * Big client buffers: The clients output buffers in this instance are greater than 200K per "
                    + "client (on average). This may result from different causes, like Pub/Sub clients subscribed to "
                    + "channels bot not receiving data fast enough, so that data piles on the Redis instance output "
                    + "buffer, or clients sending commands with large replies or very large sequences of commands in "
                    + "the same pipeline. Please use the CLIENT LIST command in order to investigate the issue if it "
                    + "causes problems in your instance, or to understand better why certain clients are using a big "
                    + "amount of memory.\n\n");
        }
        if (manyScripts) {
            s.append(" * Many scripts: There seem to be many cached scripts in this instance (more than 1000). This "
                    + "may be because scripts are generated and `EVAL`ed, instead of being parameterized (with KEYS "
                    + "and ARGV), `SCRIPT LOAD`ed and `EVALSHA`ed. Unless `SCRIPT FLUSH` is called periodically, the "
                    + "scripts' caches may end up consuming most of your memory.\n\n");
        }
        return s.append("I'm here to keep you safe, Sam. I want to help you.\n").toString();
    }
}
