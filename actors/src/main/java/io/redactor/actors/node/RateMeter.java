package io.redactor.actors.node;

/**
 * An instantaneous rate as Redis computes its instantaneous_* figures: the mean over the last 16 samples of a
 * counter taken about every 100 ms.
 */
public final class RateMeter {
    private static final int SAMPLES = 16;

    private final double[] rates = new double[SAMPLES];
    private long lastValue;
    private long lastTime = -1;
    private int index;

    public synchronized void sample(long nowMs, long value) {
        if (lastTime >= 0 && nowMs > lastTime) {
            rates[index] = (value - lastValue) * 1000.0 / (nowMs - lastTime);
            index = (index + 1) % SAMPLES;
        }
        lastValue = value;
        lastTime = nowMs;
    }

    /** Per second. */
    public synchronized double rate() {
        double sum = 0;
        for (double rate : rates) {
            sum += rate;
        }
        return sum / SAMPLES;
    }
}
