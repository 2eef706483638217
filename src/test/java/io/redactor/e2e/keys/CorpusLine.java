package io.redactor.e2e.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One line of a differential corpus: optional {@code @markers}, then the command's arguments, split like a
 * shell does. Bare words and 'single-quoted' text are literal; "double-quoted" text understands \\ \" \n \r
 * \t \0 and \xHH, so any byte can be written. {@code ""} is an empty argument.
 */
public record CorpusLine(int number, String text, Set<Marker> markers, List<byte[]> args) {

    /** How the two replies are compared when not byte for byte. */
    public enum Marker {
        /** The reply is an aggregate whose element order is unspecified (KEYS): compare its elements sorted. */
        SORTED,
        /** A SCAN from cursor 0: iterate to the end on both sides and compare the sets of keys returned. */
        SCAN,
        /** Integers anywhere in the reply may differ (a client id, a PTTL); everything else must match. */
        ANYINT
    }

    /** The parsed line, or null for a blank line or a {@code #} comment. */
    public static CorpusLine parse(int number, String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
            return null;
        }
        List<byte[]> tokens = tokens(trimmed, number);
        Set<Marker> markers = EnumSet.noneOf(Marker.class);
        while (!tokens.isEmpty() && tokens.get(0).length > 1 && tokens.get(0)[0] == '@') {
            String name = new String(tokens.remove(0), StandardCharsets.US_ASCII).substring(1);
            markers.add(Marker.valueOf(name.toUpperCase(Locale.ROOT)));
        }
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("line " + number + ": markers without a command");
        }
        return new CorpusLine(number, trimmed, markers, tokens);
    }

    public byte[][] argv() {
        return args.toArray(new byte[0][]);
    }

    private static List<byte[]> tokens(String line, int number) {
        List<byte[]> tokens = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            ByteArrayOutputStream token = new ByteArrayOutputStream();
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                c = line.charAt(i);
                if (c == '\'') {
                    int end = line.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw new IllegalArgumentException("line " + number + ": unterminated '");
                    }
                    token.writeBytes(line.substring(i + 1, end).getBytes(StandardCharsets.UTF_8));
                    i = end + 1;
                } else if (c == '"') {
                    i = doubleQuoted(line, i + 1, token, number);
                } else {
                    token.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                    i++;
                }
            }
            tokens.add(token.toByteArray());
        }
        return tokens;
    }

    /** Reads a double-quoted part starting after its opening quote; returns the index after the closing one. */
    private static int doubleQuoted(String line, int i, ByteArrayOutputStream token, int number) {
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c != '\\') {
                token.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                i++;
                continue;
            }
            if (i + 1 >= line.length()) {
                break;
            }
            char escaped = line.charAt(i + 1);
            switch (escaped) {
                case 'n' -> token.write('\n');
                case 'r' -> token.write('\r');
                case 't' -> token.write('\t');
                case '0' -> token.write(0);
                case '\\', '"' -> token.write(escaped);
                case 'x' -> {
                    token.write(Integer.parseInt(line.substring(i + 2, i + 4), 16));
                    i += 2;
                }
                default -> throw new IllegalArgumentException("line " + number + ": unknown escape \\" + escaped);
            }
            i += 2;
        }
        throw new IllegalArgumentException("line " + number + ": unterminated \"");
    }
}
