package io.redactor.actors.latency;

import io.redactor.actors.node.config.RuntimeConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * LATENCY DOCTOR's report, in Redis's words: one line of statistics per event, then the advice that applies to the
 * events seen. Only events Redactor records can appear (no {@code fork}, for instance: Redactor does not fork), so
 * only their advice is ever given.
 */
public final class LatencyDoctor {
    private LatencyDoctor() {
    }

    /** What the analysis of one event found, in milliseconds (period: seconds between samples). */
    private record Analysis(int samples, long avg, long meanDeviation, double period) {
        static Analysis of(List<LatencySeries.Sample> samples, long nowSeconds) {
            if (samples.isEmpty()) {
                return new Analysis(0, 0, 0, 0);
            }
            long sum = 0;
            long oldest = Long.MAX_VALUE;
            for (LatencySeries.Sample sample : samples) {
                sum += sample.millis();
                oldest = Math.min(oldest, sample.unixSeconds());
            }
            long avg = sum / samples.size();
            long span = Math.max(1, nowSeconds - oldest);
            long deviation = 0;
            for (LatencySeries.Sample sample : samples) {
                deviation += Math.abs(avg - sample.millis());
            }
            return new Analysis(samples.size(), avg, deviation / samples.size(), (double) span / samples.size());
        }
    }

    public static String report(LatencyMonitor monitor, RuntimeConfig config, long nowSeconds) {
        List<LatencyMonitor.Event> events = monitor.events();
        if (events.isEmpty() && !monitor.enabled()) {
            return "I'm sorry, Dave, I can't do that. Latency monitoring is disabled in this Redis instance. You may "
                    + "use \"CONFIG SET latency-monitor-threshold <milliseconds>.\" in order to enable it. If we "
                    + "weren't in a deep space mission I'd suggest to take a look at "
                    + "https://redis.io/topics/latency-monitor.\n";
        }
        Advice advice = new Advice();
        StringBuilder out = new StringBuilder();
        int number = 0;
        for (LatencyMonitor.Event event : events) {
            number++;
            if (number == 1) {
                out.append("Dave, I have observed latency spikes in this Redis instance. You don't mind talking "
                        + "about it, do you Dave?\n\n");
            }
            Analysis analysis = Analysis.of(event.series().samples(), nowSeconds);
            out.append(number).append(". ").append(event.name()).append(": ").append(analysis.samples())
                    .append(" latency spikes (average ").append(analysis.avg()).append("ms, mean deviation ")
                    .append(analysis.meanDeviation()).append("ms, period ")
                    .append(String.format(Locale.ROOT, "%.2f", analysis.period()))
                    .append(" sec). Worst all time event ").append(event.series().allTimeHigh()).append("ms.");
            advice.forEvent(event.name().toLowerCase(Locale.ROOT), config, monitor.thresholdMillis());
            out.append('\n');
        }
        if (anonymousHugePages()) {
            advice.disableThp = true;
            advice.count++;
        }
        if (number == 0 && advice.count == 0) {
            out.append("Dave, no latency spike was observed during the lifetime of this Redis instance, not in the "
                    + "slightest bit. I honestly think you ought to sit down calmly, take a stress pill, and think "
                    + "things over.\n");
        } else if (number > 0 && advice.count == 0) {
            out.append("\nWhile there are latency events logged, I'm not able to suggest any easy fix. Please use "
                    + "the Redis community to get some help, providing this report in your help request.\n");
        } else {
            out.append("\nI have a few advices for you:\n\n");
            advice.write(out, config, monitor.thresholdMillis());
        }
        return out.toString();
    }

    /** Whether the process has transparent huge pages, which Redis's doctor warns about. */
    private static boolean anonymousHugePages() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/smaps_rollup"))) {
                if (line.startsWith("AnonHugePages:")) {
                    String[] parts = line.trim().split("\\s+");
                    return parts.length > 1 && Long.parseLong(parts[1]) > 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: nothing to advise
        }
        return false;
    }

    private static final class Advice {
        int count;
        boolean slowlogEnabled;
        boolean slowlogTuning;
        boolean slowlogInspect;
        boolean diskContention;
        boolean scheduler;
        boolean dataWriteback;
        boolean noAppendfsync;
        boolean localDisk;
        boolean ssd;
        boolean writeLoadInfo;
        boolean hz;
        boolean largeObjects;
        boolean massEviction;
        boolean relaxFsync;
        boolean disableThp;

        void forEvent(String event, RuntimeConfig config, long thresholdMillis) {
            switch (event) {
                case "command" -> {
                    long slowlog = Long.parseLong(config.get("slowlog-log-slower-than"));
                    if (slowlog < 0) {
                        slowlogEnabled = true;
                        count++;
                    } else if (slowlog / 1000 > thresholdMillis) {
                        slowlogTuning = true;
                        count++;
                    }
                    slowlogInspect = true;
                    largeObjects = true;
                    count += 2;
                }
                case "fast-command" -> {
                    scheduler = true;
                    count++;
                }
                case "aof-write-pending-fsync" -> {
                    localDisk = diskContention = ssd = dataWriteback = true;
                    count += 4;
                }
                case "aof-write-active-child" -> {
                    noAppendfsync = dataWriteback = ssd = true;
                    count += 3;
                }
                case "aof-write-alone" -> {
                    localDisk = dataWriteback = ssd = true;
                    count += 3;
                }
                case "aof-fsync-always" -> {
                    relaxFsync = true;
                    count++;
                }
                case "aof-fstat", "rdb-unlink-temp-file" -> {
                    diskContention = localDisk = true;
                    count += 2;
                }
                case "aof-rewrite-diff-write", "aof-rename" -> {
                    writeLoadInfo = dataWriteback = ssd = localDisk = true;
                    count += 4;
                }
                case "expire-cycle" -> {
                    hz = largeObjects = true;
                    count += 2;
                }
                case "eviction-del" -> {
                    largeObjects = true;
                    count++;
                }
                case "eviction-cycle" -> {
                    massEviction = true;
                    count++;
                }
                default -> {
                }
            }
        }

        void write(StringBuilder out, RuntimeConfig config, long thresholdMillis) {
            if (slowlogEnabled) {
                out.append("- There are latency issues with potentially slow commands you are using. Try to enable "
                        + "the Slow Log Redis feature using the command 'CONFIG SET slowlog-log-slower-than ")
                        .append(thresholdMillis * 1000).append("'. If the Slow log is disabled Redis is not able to "
                                + "log slow commands execution for you.\n");
            }
            if (slowlogTuning) {
                out.append("- Your current Slow Log configuration only logs events that are slower than your "
                        + "configured latency monitor threshold. Please use 'CONFIG SET slowlog-log-slower-than ")
                        .append(thresholdMillis * 1000).append("'.\n");
            }
            if (slowlogInspect) {
                out.append("- Check your Slow Log to understand what are the commands you are running which are too "
                        + "slow to execute. Please check https://redis.io/commands/slowlog for more information.\n");
            }
            if (scheduler) {
                out.append("- The system is slow to execute Redis code paths not containing system calls. This "
                        + "usually means the system does not provide Redis CPU time to run for long periods. You "
                        + "should try to:\n"
                        + "  1) Lower the system load.\n"
                        + "  2) Use a computer / VM just for Redis if you are running other software in the same "
                        + "system.\n"
                        + "  3) Check if you have a \"noisy neighbour\" problem.\n"
                        + "  4) Check with 'redis-cli --intrinsic-latency 100' what is the intrinsic latency in your "
                        + "system.\n"
                        + "  5) Check if the problem is allocator-related by recompiling Redis with MALLOC=libc, if "
                        + "you are using Jemalloc. However this may create fragmentation problems.\n");
            }
            if (localDisk) {
                out.append("- It is strongly advised to use local disks for persistence, especially if you are using "
                        + "AOF. Remote disks provided by platform-as-a-service providers are known to be slow.\n");
            }
            if (ssd) {
                out.append("- SSD disks are able to reduce fsync latency, and total time needed for snapshotting and "
                        + "AOF log rewriting (resulting in smaller memory usage). With extremely high write load SSD "
                        + "disks can be a good option. However Redis should perform reasonably with high load using "
                        + "normal disks. Use this advice as a last resort.\n");
            }
            if (dataWriteback) {
                out.append("- Mounting ext3/4 filesystems with data=writeback can provide a performance boost "
                        + "compared to data=ordered, however this mode of operation provides less guarantees, and "
                        + "sometimes it can happen that after a hard crash the AOF file will have a half-written "
                        + "command at the end and will require to be repaired before Redis restarts.\n");
            }
            if (diskContention) {
                out.append("- Try to lower the disk contention. This is often caused by other disk intensive "
                        + "processes running in the same computer (including other Redis instances).\n");
            }
            if (noAppendfsync) {
                out.append("- Assuming from the point of view of data safety this is viable in your environment, you "
                        + "could try to enable the 'no-appendfsync-on-rewrite' option, so that fsync will not be "
                        + "performed while there is a child rewriting the AOF file or producing an RDB file (the "
                        + "moment where there is high disk contention).\n");
            }
            if (relaxFsync && config.get("appendfsync").equals("always")) {
                out.append("- Your fsync policy is set to 'always'. It is very hard to get good performances with "
                        + "such a setup, if possible try to relax the fsync policy to 'onesec'.\n");
            }
            if (writeLoadInfo) {
                out.append("- Latency during the AOF atomic rename operation or when the final difference is flushed "
                        + "to the AOF file at the end of the rewrite, sometimes is caused by very high write load, "
                        + "causing the AOF buffer to get very large. If possible try to send less commands to "
                        + "accomplish the same work, or use Lua scripts to group multiple operations into a single "
                        + "EVALSHA call.\n");
            }
            if (hz && Integer.parseInt(config.get("hz")) < 100) {
                out.append("- In order to make the Redis keys expiring process more incremental, try to set the 'hz' "
                        + "configuration parameter to 100 using 'CONFIG SET hz 100'.\n");
            }
            if (largeObjects) {
                out.append("- Deleting, expiring or evicting (because of maxmemory policy) large objects is a "
                        + "blocking operation. If you have very large objects that are often deleted, expired, or "
                        + "evicted, try to fragment those objects into multiple smaller objects.\n");
            }
            if (massEviction) {
                out.append("- Sudden changes to the 'maxmemory' setting via 'CONFIG SET', or allocation of large "
                        + "objects via sets or sorted sets intersections, STORE option of SORT, Redis Cluster large "
                        + "keys migrations (RESTORE command), may create sudden memory pressure forcing the server "
                        + "to block trying to evict keys. \n");
            }
            if (disableThp) {
                out.append("- I detected a non zero amount of anonymous huge pages used by your process. This creates "
                        + "very serious latency events in different conditions, especially when Redis is persisting "
                        + "on disk. To disable THP support use the command 'echo never > "
                        + "/sys/kernel/mm/transparent_hugepage/enabled', make sure to also add it into /etc/rc.local "
                        + "so that the command will be executed again after a reboot. Note that even if you have "
                        + "already disabled THP, you still need to restart the Redis process to get rid of the huge "
                        + "pages already created.\n");
            }
        }
    }
}
