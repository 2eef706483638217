package io.redactor.testing;

import java.lang.management.ManagementFactory;

/**
 * What latency bounds may assume of the machine the tests run on. Shared CI machines are sometimes loaded by other
 * jobs far beyond their cores; a latency measured then says more about them than about the server, so tests judge
 * their latency targets only on a quiet machine and keep a looser stall bound otherwise.
 */
public final class Machine {
    private Machine() {
    }

    /** True when the load average is known and at most twice the cores. */
    public static boolean quiet() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load >= 0 && load <= 2.0 * Runtime.getRuntime().availableProcessors();
    }
}
