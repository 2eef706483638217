package io.redactor.actors.node;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The instantaneous rate: the mean of the last 16 samples' rates, as Redis computes instantaneous_ops_per_sec. */
class RateMeterTest {

    @Test
    void theRateIsTheMeanOfTheLastSixteenSamples() {
        RateMeter meter = new RateMeter();
        assertEquals(0, meter.rate());
        meter.sample(1000, 0);
        for (int i = 1; i <= 16; i++) {
            meter.sample(1000 + i * 100L, i * 50L);
        }
        assertEquals(500, meter.rate(), 1e-9, "50 per 100 ms");
        for (int i = 17; i <= 24; i++) {
            meter.sample(1000 + i * 100L, 800 + (i - 16) * 100L);
        }
        assertEquals(750, meter.rate(), 1e-9, "half the window at 500/s, half at 1000/s");
    }

    @Test
    void aSampleAtTheSameTimeOrEarlierIsNoRateButANewStart() {
        RateMeter meter = new RateMeter();
        meter.sample(1000, 0);
        meter.sample(1000, 100);
        meter.sample(900, 200);
        assertEquals(0, meter.rate());
        meter.sample(1100, 300);
        assertEquals(500.0 / 16, meter.rate(), 1e-9, "100 since the last sample, 200 ms before: one of sixteen");
    }
}
