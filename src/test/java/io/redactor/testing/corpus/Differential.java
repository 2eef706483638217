package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;

import java.util.Set;

/** One command run on a real Redis and on Redactor, the replies compared as the markers say. */
public final class Differential {
    private static final int SHOWN = 1000;

    private Differential() {
    }

    /** Null when the replies match; otherwise both replies, printable, for a failure message. */
    public static String difference(RawClient redis, RawClient ours, byte[][] command, Set<Marker> markers) {
        if (markers.contains(Marker.SCAN)) {
            return difference(Scan.all(redis, command), Scan.all(ours, command));
        }
        return difference(ReplyForm.of(redis.call(command), markers), ReplyForm.of(ours.call(command), markers));
    }

    /** Null when the comparable forms are equal; otherwise both, one a line (very long ones cut). */
    public static String difference(String redis, String ours) {
        return redis.equals(ours) ? null : "\n    redis:    " + clip(redis) + "\n    redactor: " + clip(ours);
    }

    private static String clip(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "...(" + text.length() + " chars)";
    }
}
