package io.redactor.api.rest;

import java.util.Locale;

/**
 * Writes the Prometheus text exposition format (version 0.0.4): each metric family once, with its HELP and TYPE
 * lines, then its samples.
 */
final class PrometheusText {
    private final StringBuilder out = new StringBuilder(8192);

    PrometheusText family(String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        return this;
    }

    /** A family with one unlabelled sample. */
    PrometheusText single(String name, String type, String help, double value) {
        return family(name, type, help).sample(name, value);
    }

    PrometheusText sample(String name, double value, String... labels) {
        out.append(name);
        if (labels.length > 0) {
            out.append('{');
            for (int i = 0; i + 1 < labels.length; i += 2) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(labels[i]).append("=\"").append(escape(labels[i + 1])).append('"');
            }
            out.append('}');
        }
        out.append(' ').append(number(value)).append('\n');
        return this;
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String number(double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
