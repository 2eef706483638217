package io.redactor.e2e.sets;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The set differential corpus: one command per line, optional {@code @markers} first. Words are split on
 * blanks; {@code '...'} is literal, {@code "..."} understands \\ \" \n \r \t \0 and \xHH; an unquoted word
 * with a range {@code [from..to]} stands for one argument per number ({@code m[1..3]} is m1 m2 m3), to write
 * large sets on one line. Blank lines and {@code #} comments are skipped.
 */
final class SetCorpus {
    private static final Pattern RANGE = Pattern.compile("(.*)\\[(-?\\d+)\\.\\.(-?\\d+)](.*)");

    /** How two replies are compared when not byte for byte. */
    enum Marker {
        /** An aggregate whose order is unspecified (hashtable sets): compare its elements sorted. */
        SORTED,
        /** A random reply: compare the reply type and, for aggregates, the number of elements. */
        SHAPE,
        /** An SSCAN: iterate from the line's cursor to 0 on both servers and compare the members seen. */
        SCAN,
        /** Run on both, compare nothing (HELLO, whose reply carries the connection id). */
        IGNORE
    }

    record Line(int number, String text, Set<Marker> markers, byte[][] args) {
    }

    private SetCorpus() {
    }

    static List<Line> load(String resource) {
        List<Line> lines = new ArrayList<>();
        try (InputStream in = SetCorpus.class.getResourceAsStream(resource)) {
            Objects.requireNonNull(in, resource + " is missing");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                String trimmed = text.strip();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    lines.add(parse(number, trimmed));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    private static Line parse(int number, String text) {
        List<byte[]> args = new ArrayList<>();
        Set<Marker> markers = EnumSet.noneOf(Marker.class);
        int i = 0;
        while (i < text.length()) {
            if (Character.isWhitespace(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            boolean quoted = false;
            ByteArrayOutputStream word = new ByteArrayOutputStream();
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                char c = text.charAt(i);
                if (c == '\'') {
                    int end = text.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw new IllegalArgumentException("line " + number + ": unterminated '");
                    }
                    word.writeBytes(text.substring(i + 1, end).getBytes(StandardCharsets.UTF_8));
                    i = end + 1;
                    quoted = true;
                } else if (c == '"') {
                    i = doubleQuoted(text, i + 1, word, number);
                    quoted = true;
                } else {
                    word.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                    i++;
                }
            }
            String raw = text.substring(start, i);
            if (!quoted && args.isEmpty() && raw.length() > 1 && raw.charAt(0) == '@') {
                markers.add(Marker.valueOf(raw.substring(1).toUpperCase(Locale.ROOT)));
                continue;
            }
            Matcher range = quoted ? null : RANGE.matcher(raw);
            if (range != null && range.matches()) {
                long from = Long.parseLong(range.group(2));
                long to = Long.parseLong(range.group(3));
                for (long n = from; n <= to; n++) {
                    args.add((range.group(1) + n + range.group(4)).getBytes(StandardCharsets.UTF_8));
                }
            } else {
                args.add(word.toByteArray());
            }
        }
        if (args.isEmpty()) {
            throw new IllegalArgumentException("line " + number + ": markers without a command");
        }
        return new Line(number, text, markers, args.toArray(new byte[0][]));
    }

    private static int doubleQuoted(String text, int i, ByteArrayOutputStream word, int number) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c != '\\' || i + 1 >= text.length()) {
                word.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                i++;
                continue;
            }
            char escaped = text.charAt(i + 1);
            switch (escaped) {
                case 'n' -> word.write('\n');
                case 'r' -> word.write('\r');
                case 't' -> word.write('\t');
                case '0' -> word.write(0);
                case 'x' -> {
                    word.write(Integer.parseInt(text.substring(i + 2, i + 4), 16));
                    i += 2;
                }
                default -> word.write(escaped);
            }
            i += 2;
        }
        throw new IllegalArgumentException("line " + number + ": unterminated \"");
    }
}
