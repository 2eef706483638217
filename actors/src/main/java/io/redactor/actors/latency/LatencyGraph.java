package io.redactor.actors.latency;

import java.util.List;

/**
 * LATENCY GRAPH's text: a title line, a rule of 80 dashes, then the samples as a sparkline four rows high (filled
 * with {@code _o#} and {@code |}), each column labelled below, vertically, with how long ago the sample was taken
 * ({@code 12s}, {@code 5m}, {@code 2h}, {@code 3d}); more than 80 samples continue in a further block. The layout
 * is Redis's, so tools that parse it keep working.
 */
public final class LatencyGraph {
    private static final int COLUMNS = 80;
    private static final int ROWS = 4;
    private static final char[] FILL = {'_', 'o', '#'};
    private static final int LABEL_MARGIN = 1;

    private LatencyGraph() {
    }

    public static String render(String event, LatencySeries series, long nowSeconds) {
        List<LatencySeries.Sample> samples = series.samples();
        long min = 0;
        long max = 0;
        String[] labels = new String[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            long value = samples.get(i).millis();
            if (i == 0) {
                min = max = value;
            } else {
                max = Math.max(max, value);
                min = Math.min(min, value);
            }
            labels[i] = ago(nowSeconds - samples.get(i).unixSeconds());
        }
        StringBuilder out = new StringBuilder();
        out.append(event).append(" - high ").append(max).append(" ms, low ").append(min)
                .append(" ms (all time high ").append(series.allTimeHigh()).append(" ms)\n");
        out.append("-".repeat(COLUMNS)).append('\n');
        for (int start = 0; start < samples.size(); start += COLUMNS) {
            if (start != 0) {
                out.append('\n');
            }
            renderRange(out, samples, labels, min, max, start, Math.min(COLUMNS, samples.size() - start));
        }
        return out.toString();
    }

    private static String ago(long elapsed) {
        if (elapsed < 60) {
            return elapsed + "s";
        } else if (elapsed < 3600) {
            return elapsed / 60 + "m";
        } else if (elapsed < 3600 * 24) {
            return elapsed / 3600 + "h";
        }
        return elapsed / (3600 * 24) + "d";
    }

    private static void renderRange(StringBuilder out, List<LatencySeries.Sample> samples, String[] labels,
                                    long min, long max, int offset, int length) {
        double range = max - min == 0 ? 1 : max - min;
        int steps = FILL.length * ROWS;
        char[] chars = new char[length];
        for (int row = 0; ; row++) {
            boolean more = false;
            java.util.Arrays.fill(chars, ' ');
            for (int j = 0; j < length; j++) {
                if (row < ROWS) {
                    more = true;
                    int step = (int) ((samples.get(offset + j).millis() - min) * steps / range);
                    step = Math.clamp(step, 0, steps - 1);
                    int index = step - (ROWS - row - 1) * FILL.length;
                    if (index >= 0 && index < FILL.length) {
                        chars[j] = FILL[index];
                    } else if (index >= FILL.length) {
                        chars[j] = '|';
                    }
                } else {
                    if (row - ROWS < LABEL_MARGIN) {
                        // a blank row between the graph and the labels
                        more = true;
                        break;
                    }
                    String label = labels[offset + j];
                    int position = row - ROWS - LABEL_MARGIN;
                    if (label.length() > position) {
                        more = true;
                        chars[j] = label.charAt(position);
                    }
                }
            }
            if (!more) {
                return;
            }
            out.append(chars).append('\n');
        }
    }
}
