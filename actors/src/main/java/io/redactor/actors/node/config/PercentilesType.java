package io.redactor.actors.node.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * {@code latency-tracking-info-percentiles}: numbers 0..100 separated by single spaces, or "". Numbers are read
 * like Redis's string2d (C's strtod on the whole text, no leading space; hex floats, {@code inf} and {@code nan}
 * are recognised, then {@code nan} and overflow or underflow to zero are refused). Printed like C's {@code %f}
 * without trailing zeros: {@code 99.9}, {@code 33.333333}, {@code 50}.
 */
public record PercentilesType() implements ConfigType<List<Double>> {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern HEX =
            Pattern.compile("[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)([pP][+-]?\\d+)?");
    private static final Pattern INFINITY = Pattern.compile("[+-]?(?i:inf|infinity)");

    @Override
    public List<Double> parse(String text, List<Double> current) throws ConfigValueException {
        List<Double> values = new ArrayList<>();
        for (String part : Bytes.splitOnSpaces(text)) {
            Double value = string2d(part);
            if (value == null) {
                throw new ConfigValueException("Invalid latency-tracking-info-percentiles parameters");
            }
            if (value < 0 || value > 100) {
                throw new ConfigValueException(
                        "latency-tracking-info-percentiles parameters should sit between [0.0,100.0]");
            }
            values.add(value);
        }
        return List.copyOf(values);
    }

    @Override
    public String render(List<Double> values) {
        StringJoiner out = new StringJoiner(" ");
        values.forEach(value -> out.add(format(value)));
        return out.toString();
    }

    @Override
    public String describe() {
        return "numbers 0..100";
    }

    /**
     * C's {@code %f}, then trailing zeros and a trailing point removed: how Redis prints a percentile, here and in
     * INFO latencystats ({@code p99.9}).
     */
    public static String format(double value) {
        if (value == 0) {
            return Double.doubleToRawLongBits(value) < 0 ? "-0" : "0";
        }
        String fixed = new BigDecimal(value).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        if (fixed.indexOf('.') >= 0) {
            fixed = fixed.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return fixed.equals("-0") ? "-0" : fixed;
    }

    /** A double the way Redis's string2d reads it, or null when it refuses the text. */
    static Double string2d(String text) {
        if (DECIMAL.matcher(text).matches()) {
            return finite(Double.parseDouble(text), text, false);
        }
        if (HEX.matcher(text).matches()) {
            String java = text.matches(".*[pP].*") ? text : text + "p0";
            return finite(Double.parseDouble(java), text, true);
        }
        if (INFINITY.matcher(text).matches()) {
            return text.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return null; // includes nan, which Redis refuses as invalid
    }

    /** Refuses what strtod reports as out of range: overflow, and underflow all the way to zero. */
    private static Double finite(double value, String text, boolean hex) {
        if (Double.isInfinite(value)) {
            return null;
        }
        if (value == 0 && hasNonZeroDigit(text, hex)) {
            return null;
        }
        return value;
    }

    private static boolean hasNonZeroDigit(String text, boolean hex) {
        int start = hex ? Bytes.lowerAscii(text).indexOf('x') + 1 : 0;
        for (int i = start; i < text.length(); i++) {
            char c = Character.toLowerCase(text.charAt(i));
            if (c == 'e' && !hex || c == 'p') {
                break;
            }
            if ((c >= '1' && c <= '9') || (hex && c >= 'a' && c <= 'f')) {
                return true;
            }
        }
        return false;
    }
}
