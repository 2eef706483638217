package io.redactor.actors.node;

/**
 * Instantaneous rates as Redis computes them: the mean over the last 16 samples of a counter taken about
 * every 100 ms (INFO's instantaneous_ops_per_sec and instantaneous_input/output_kbps).
 */
public final class OpsMeter {
    private static final int SAMPLES = 16;
    private static final int OPS = 0;
    private static final int INPUT = 1;
    private static final int OUTPUT = 2;

    private final double[][] rates = new double[3][SAMPLES];
    private final long[] lastValue = new long[3];
    private long lastTime = -1;
    private int index;

    synchronized void sample(long nowMs, long ops, long inputBytes, long outputBytes) {
        long[] values = {ops, inputBytes, outputBytes};
        if (lastTime >= 0 && nowMs > lastTime) {
            for (int metric = 0; metric < 3; metric++) {
                rates[metric][index] = (values[metric] - lastValue[metric]) * 1000.0 / (nowMs - lastTime);
            }
            index = (index + 1) % SAMPLES;
        }
        System.arraycopy(values, 0, lastValue, 0, 3);
        lastTime = nowMs;
    }

    public synchronized long opsPerSecond() {
        return Math.round(mean(OPS));
    }

    public synchronized double inputKbps() {
        return mean(INPUT) / 1024;
    }

    public synchronized double outputKbps() {
        return mean(OUTPUT) / 1024;
    }

    private double mean(int metric) {
        double sum = 0;
        for (double rate : rates[metric]) {
            sum += rate;
        }
        return sum / SAMPLES;
    }
}
