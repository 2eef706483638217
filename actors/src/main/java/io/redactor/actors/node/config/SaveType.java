package io.redactor.actors.node.config;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * {@code save}: pairs "seconds changes" separated by single spaces ({@code "3600 1 300 100"}), or "" for no
 * snapshots. Numbers are read like C's strtoll (leading '+', zeros and whitespace are fine; an empty part between
 * two spaces is 0); seconds must be at least 1 and changes at least 0. Unlike Redis, which wraps changes above
 * 2^31-1 into negative numbers, such counts are refused.
 */
public record SaveType() implements ConfigType<List<SaveType.SavePoint>> {
    /** Snapshot when at least {@code changes} writes happened in {@code seconds}. */
    public record SavePoint(long seconds, int changes) {
    }

    @Override
    public List<SavePoint> parse(String text, List<SavePoint> current) throws ConfigValueException {
        String[] parts = Bytes.splitOnSpaces(text);
        if (parts.length % 2 != 0) {
            throw invalid();
        }
        List<SavePoint> points = new ArrayList<>();
        for (int i = 0; i < parts.length; i += 2) {
            Long seconds = Numbers.cLong(parts[i]);
            Long changes = Numbers.cLong(parts[i + 1]);
            if (seconds == null || changes == null || seconds < 1 || changes < 0 || changes > Integer.MAX_VALUE) {
                throw invalid();
            }
            points.add(new SavePoint(seconds, changes.intValue()));
        }
        return List.copyOf(points);
    }

    @Override
    public String render(List<SavePoint> points) {
        StringJoiner out = new StringJoiner(" ");
        points.forEach(point -> out.add(point.seconds() + " " + point.changes()));
        return out.toString();
    }

    @Override
    public String describe() {
        return "\"seconds changes ...\" pairs, or \"\"";
    }

    private static ConfigValueException invalid() {
        return new ConfigValueException("Invalid save parameters");
    }
}
