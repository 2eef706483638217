package io.redactor.e2e.zsets;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * One line of the sorted set corpus: optional {@code @markers}, then the command's arguments, split like a shell
 * does. Bare words and 'single-quoted' text are literal; "double-quoted" text understands \\ \" \n \r \t \0 and
 * \xHH, so any byte can be written. {@code ""} is an empty argument.
 */
record CorpusLine(int number, String text, Set<CorpusLine.Marker> markers, byte[][] argv) {

    /** How the two replies are compared when not byte for byte. */
    enum Marker {
        /** An aggregate in unspecified order: its elements are compared sorted. */
        SORTED,
        /** A ZSCAN from the given cursor, iterated to the end: the sets of (member, score) pairs are compared. */
        ZSCAN,
        /** Integers anywhere in the reply may differ (HELLO's client id); everything else must match. */
        ANYINT
    }

    static List<CorpusLine> load(String resource) {
        List<CorpusLine> lines = new ArrayList<>();
        try (InputStream in = CorpusLine.class.getResourceAsStream(resource)) {
            Objects.requireNonNull(in, resource + " is missing");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                CorpusLine line = parse(++number, text);
                if (line != null) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /** The parsed line, or null for a blank line or a {@code #} comment. */
    static CorpusLine parse(int number, String text) {
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
        return new CorpusLine(number, trimmed, markers, tokens.toArray(new byte[0][]));
    }

    private static List<byte[]> tokens(String line, int number) {
        List<byte[]> tokens = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            if (Character.isWhitespace(line.charAt(i))) {
                i++;
                continue;
            }
            ByteArrayOutputStream token = new ByteArrayOutputStream();
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                char c = line.charAt(i);
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
