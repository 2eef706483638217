package io.redactor.testing.corpus;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One command line of a differential corpus: {@code [connection] @markers command arguments...}.
 * <ul>
 *   <li>An optional connection prefix: {@code [b]} runs the line on the second connection, {@code [c]} on the third
 *       (default {@code a}); {@code [b>]} sends a blocking command and waits until the server reports the
 *       connection blocked, {@code [b<]} (nothing after it) reads the reply that command gets later.
 *   <li>Optional markers ({@link Marker}), e.g. {@code @sorted}: how the replies are compared.
 *   <li>The command, split by {@link Arguments}; an argument {@code {id:b}} is connection b's CLIENT ID on the
 *       server the line runs on.
 * </ul>
 * Blank lines and {@code #} comments are no command lines.
 */
public record CorpusLine(int number, String text, char connection, Mode mode, Set<Marker> markers, byte[][] argv) {
    private static final Pattern PREFIX = Pattern.compile("\\[([a-z])([<>]?)]\\s*(.*)");

    /** What is done on the line's connection. */
    public enum Mode {
        /** Send the command, read its reply. */
        CALL,
        /** {@code [b>]}: send a blocking command and wait until the connection is blocked; its reply comes later. */
        BLOCK,
        /**
         * {@code [b<]}: read the reply of the command the connection blocked on, or a message pushed to it (markers
         * may follow: {@code [b<] @anyint}).
         */
        RECEIVE
    }

    /** The parsed line, or null for a blank line or a comment. */
    public static CorpusLine parse(int number, String line) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#")) {
            return null;
        }
        char connection = 'a';
        Mode mode = Mode.CALL;
        String rest = text;
        Matcher prefix = PREFIX.matcher(text);
        if (prefix.matches()) {
            connection = prefix.group(1).charAt(0);
            mode = switch (prefix.group(2)) {
                case ">" -> Mode.BLOCK;
                case "<" -> Mode.RECEIVE;
                default -> Mode.CALL;
            };
            rest = prefix.group(3);
        }
        Set<Marker> markers = EnumSet.noneOf(Marker.class);
        while (rest.startsWith("@")) {
            int end = 1;
            while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
                end++;
            }
            markers.add(marker(number, rest.substring(1, end)));
            rest = rest.substring(end).strip();
        }
        byte[][] argv = Arguments.split(rest, number).toArray(new byte[0][]);
        if ((argv.length == 0) != (mode == Mode.RECEIVE)) {
            throw new IllegalArgumentException("line " + number + ": "
                    + (mode == Mode.RECEIVE ? "[x<] reads a reply and takes no command" : "no command") + ": " + text);
        }
        return new CorpusLine(number, text, connection, mode, markers, argv);
    }

    private static Marker marker(int number, String name) {
        try {
            return Marker.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("line " + number + ": no marker @" + name, e);
        }
    }

    /** The command's name in upper case ("" for a RECEIVE line). */
    public String command() {
        return argv.length == 0 ? "" : new String(argv[0], StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
    }
}
