package io.redactor.actors.monitor;

/**
 * One line of MONITOR's output, as Redis writes it: {@code 1700000000.123456 [0 127.0.0.1:50000] "set" "k" "v"}, each
 * argument quoted and escaped as Redis's sdscatrepr does (the status reply adds the {@code +} and the line end).
 */
public final class MonitorLine {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private MonitorLine() {
    }

    /** {@code micros}: unix time in microseconds; {@code origin}: the peer, {@code lua}, or {@code unix:path}. */
    public static String format(long micros, int db, String origin, byte[][] args) {
        StringBuilder line = new StringBuilder(32 + origin.length() + 16 * args.length);
        line.append(micros / 1_000_000).append('.');
        String fraction = Long.toString(micros % 1_000_000);
        line.append("000000", fraction.length(), 6).append(fraction);
        line.append(" [").append(db).append(' ').append(origin).append(']');
        for (byte[] arg : args) {
            line.append(' ');
            quote(line, arg);
        }
        return line.toString();
    }

    /** sdscatrepr: printable bytes as they are, the usual escapes, other bytes as {@code \xhh}. */
    static void quote(StringBuilder out, byte[] bytes) {
        out.append('"');
        for (byte b : bytes) {
            int c = b & 0xff;
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case 7 -> out.append("\\a");
                case '\b' -> out.append("\\b");
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        out.append((char) c);
                    } else {
                        out.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    }
                }
            }
        }
        out.append('"');
    }
}
