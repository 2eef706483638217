package io.redactor.actors.node;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/** Figures about this process for INFO: heap, resident memory, CPU time. Linux's /proc where available. */
public final class ProcessMetrics {
    private static final Path STATM = Path.of("/proc/self/statm");
    private static final Path STAT = Path.of("/proc/self/stat");
    private static final Path MEMINFO = Path.of("/proc/meminfo");
    private static final long PAGE_SIZE = 4096;
    private static final double CLOCK_TICKS = 100.0;

    private ProcessMetrics() {
    }

    public static long heapUsed() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    public static long heapMax() {
        return Runtime.getRuntime().maxMemory();
    }

    /** The highest heap use the JVM has seen, summed over heap pools' peaks. */
    public static long heapPeak() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return Math.max(peak, heapUsed());
    }

    public static long residentBytes() {
        try {
            String[] fields = Files.readString(STATM).trim().split("\\s+");
            return Long.parseLong(fields[1]) * PAGE_SIZE;
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().totalMemory();
        }
    }

    public static long totalSystemMemory() {
        try {
            for (String line : Files.readAllLines(MEMINFO)) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return 0;
    }

    /** User and system CPU seconds of this process; total CPU as user time where /proc is missing. */
    public static double[] cpuSeconds() {
        try {
            String[] fields = statFields();
            return new double[] {Long.parseLong(fields[11]) / CLOCK_TICKS, Long.parseLong(fields[12]) / CLOCK_TICKS};
        } catch (IOException | RuntimeException e) {
            var os = ManagementFactory.getOperatingSystemMXBean();
            long nanos = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
            return new double[] {nanos / 1e9, 0};
        }
    }

    /** This process's nice value; 0 where /proc is missing. */
    public static int niceValue() {
        try {
            return Integer.parseInt(statFields()[16]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The fields of /proc/self/stat after the command name (which may hold spaces): the state is [0]. */
    private static String[] statFields() throws IOException {
        String stat = Files.readString(STAT);
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    public static long processId() {
        return ProcessHandle.current().pid();
    }
}
