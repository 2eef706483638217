package io.redactor.actors.node;

/** INFO's instantaneous_ops_per_sec and instantaneous_input/output_kbps. */
public final class OpsMeter {
    private final RateMeter ops = new RateMeter();
    private final RateMeter input = new RateMeter();
    private final RateMeter output = new RateMeter();

    void sample(long nowMs, long opsCount, long inputBytes, long outputBytes) {
        ops.sample(nowMs, opsCount);
        input.sample(nowMs, inputBytes);
        output.sample(nowMs, outputBytes);
    }

    public long opsPerSecond() {
        return Math.round(ops.rate());
    }

    public double inputKbps() {
        return input.rate() / 1024;
    }

    public double outputKbps() {
        return output.rate() / 1024;
    }
}
