package io.redactor.actors.command.latency;

import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One command's entry of LATENCY HISTOGRAM: {@code calls} and {@code histogram_usec}, a map from a bucket's bound in
 * microseconds to the calls that took at most that long, as Redis reports it: buckets at powers of two nanoseconds
 * from 1024 (so bounds read 1, 2, 4, 8, 16, 33, 66, ... microseconds: each is the highest value its power of two
 * shares a histogram slot with), cumulative, a bucket listed only when its count grew, up to the one that holds the
 * slowest call.
 */
final class LatencyHistogramReply {
    private static final long FIRST_BUCKET_NANOS = 1024;

    private LatencyHistogramReply() {
    }

    static Reply of(Histogram histogram) {
        long total = histogram.getTotalCount();
        List<Reply> buckets = new ArrayList<>();
        long previous = 0;
        for (long level = FIRST_BUCKET_NANOS; previous < total && level > 0; level *= 2) {
            long bound = Math.min(level, histogram.getHighestTrackableValue());
            long cumulative = histogram.getCountBetweenValues(0, bound);
            if (cumulative > previous) {
                buckets.add(IntegerReply.of(histogram.highestEquivalentValue(bound) / 1000));
                buckets.add(IntegerReply.of(cumulative));
            }
            previous = cumulative;
            if (bound < level) {
                break;
            }
        }
        return new MapReply(List.of(BulkString.of("calls"), IntegerReply.of(total),
                BulkString.of("histogram_usec"), new MapReply(buckets)));
    }
}
