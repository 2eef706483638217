package io.redactor.actors.latency;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class LatencySeriesTest {
    @Test
    void oneSamplePerSecondKeepingTheLargest() {
        LatencySeries series = new LatencySeries();
        assertNull(series.latest());
        series.add(100, 5);
        series.add(100, 9);
        series.add(100, 7);
        series.add(101, 3);
        assertEquals(List.of(new LatencySeries.Sample(100, 9), new LatencySeries.Sample(101, 3)), series.samples());
        assertEquals(new LatencySeries.Sample(101, 3), series.latest());
        assertEquals(9, series.allTimeHigh());
    }

    @Test
    void keepsTheNewest160Samples() {
        LatencySeries series = new LatencySeries();
        for (int second = 1; second <= 200; second++) {
            series.add(second, second);
        }
        List<LatencySeries.Sample> samples = series.samples();
        assertEquals(LatencySeries.LENGTH, samples.size());
        assertEquals(new LatencySeries.Sample(41, 41), samples.getFirst());
        assertEquals(new LatencySeries.Sample(200, 200), samples.getLast());
        assertEquals(200, series.allTimeHigh());
    }

    @Test
    void graphInRedisLayout() {
        LatencySeries series = new LatencySeries();
        series.add(1000, 10);
        series.add(1001, 20);
        series.add(1002, 30);
        assertEquals("ev - high 30 ms, low 10 ms (all time high 30 ms)\n" + "-".repeat(80) + "\n"
                        + "  #\n _|\n ||\n_||\n   \n210\nsss\n",
                LatencyGraph.render("ev", series, 1002));
    }

    @Test
    void graphLabelsSayHowLongAgo() {
        LatencySeries series = new LatencySeries();
        series.add(1000, 7);
        String graph = LatencyGraph.render("ev", series, 1000 + 3 * 3600 + 5);
        assertEquals("ev - high 7 ms, low 7 ms (all time high 7 ms)\n" + "-".repeat(80) + "\n"
                + " \n \n \n_\n \n3\nh\n", graph);
    }
}
