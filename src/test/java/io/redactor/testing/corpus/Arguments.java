package io.redactor.testing.corpus;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits the command part of a corpus line into arguments, like a shell does: words are separated by blanks and
 * the parts of a word are joined.
 * <ul>
 *   <li>{@code 'single quoted'} text is taken literally;
 *   <li>{@code "double quoted"} text understands {@code \\ \" \n \r \t \0} and {@code \xHH}, so any byte can be
 *       written; {@code ""} is an empty argument;
 *   <li>unquoted text is literal too (a backslash is a backslash), except {@code {N*text}}, which is text repeated
 *       N times ({@code {65*x}});
 *   <li>an unquoted word with a range {@code [from..to]} stands for one argument per number: {@code m[1..3]} is
 *       {@code m1 m2 m3}.
 * </ul>
 * Text is written as UTF-8.
 */
public final class Arguments {
    private static final Pattern REPEAT = Pattern.compile("\\{(\\d+)\\*([^}]*)}");
    private static final Pattern RANGE = Pattern.compile("(.*)\\[(-?\\d+)\\.\\.(-?\\d+)](.*)");

    private final String text;
    private final int lineNumber;
    private int position;

    private Arguments(String text, int lineNumber) {
        this.text = text;
        this.lineNumber = lineNumber;
    }

    /** The arguments of {@code text}; {@code lineNumber} is for error messages. */
    public static List<byte[]> split(String text, int lineNumber) {
        return new Arguments(text, lineNumber).all();
    }

    private List<byte[]> all() {
        List<byte[]> args = new ArrayList<>();
        while (position < text.length()) {
            if (Character.isWhitespace(text.charAt(position))) {
                position++;
            } else {
                word(args);
            }
        }
        return args;
    }

    /** Reads one word from {@code position} and adds the argument (or, for a range, the arguments) it stands for. */
    private void word(List<byte[]> args) {
        int start = position;
        boolean quoted = false;
        ByteArrayOutputStream word = new ByteArrayOutputStream();
        while (position < text.length() && !Character.isWhitespace(text.charAt(position))) {
            char c = text.charAt(position);
            if (c == '\'') {
                singleQuoted(word);
                quoted = true;
            } else if (c == '"') {
                doubleQuoted(word);
                quoted = true;
            } else {
                unquoted(word);
            }
        }
        Matcher range = quoted ? null : RANGE.matcher(text.substring(start, position));
        if (range == null || !range.matches()) {
            args.add(word.toByteArray());
            return;
        }
        long from = Long.parseLong(range.group(2));
        long to = Long.parseLong(range.group(3));
        for (long n = from; n <= to; n++) {
            args.add(utf8(range.group(1) + n + range.group(4)));
        }
    }

    private void unquoted(ByteArrayOutputStream word) {
        int end = position;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && !isQuote(text.charAt(end))) {
            end++;
        }
        Matcher repeat = REPEAT.matcher(text.substring(position, end));
        StringBuilder expanded = new StringBuilder();
        while (repeat.find()) {
            repeat.appendReplacement(expanded,
                    Matcher.quoteReplacement(repeat.group(2).repeat(Integer.parseInt(repeat.group(1)))));
        }
        repeat.appendTail(expanded);
        word.writeBytes(utf8(expanded.toString()));
        position = end;
    }

    private static boolean isQuote(char c) {
        return c == '\'' || c == '"';
    }

    private void singleQuoted(ByteArrayOutputStream word) {
        int end = text.indexOf('\'', position + 1);
        if (end < 0) {
            throw error("unterminated '");
        }
        word.writeBytes(utf8(text.substring(position + 1, end)));
        position = end + 1;
    }

    private void doubleQuoted(ByteArrayOutputStream word) {
        int i = position + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                position = i + 1;
                return;
            }
            if (c != '\\') {
                word.writeBytes(utf8(String.valueOf(c)));
                i++;
                continue;
            }
            if (i + 1 >= text.length()) {
                break;
            }
            char escaped = text.charAt(i + 1);
            switch (escaped) {
                case 'n' -> word.write('\n');
                case 'r' -> word.write('\r');
                case 't' -> word.write('\t');
                case '0' -> word.write(0);
                case '\\', '"' -> word.write(escaped);
                case 'x' -> {
                    word.write(hex(i + 2));
                    i += 2;
                }
                default -> throw error("unknown escape \\" + escaped);
            }
            i += 2;
        }
        throw error("unterminated \"");
    }

    /** The byte written as two hex digits at {@code at}. */
    private int hex(int at) {
        String digits = text.substring(at, Math.min(at + 2, text.length()));
        if (!digits.matches("[0-9a-fA-F]{2}")) {
            throw error("\\x needs two hex digits");
        }
        return Integer.parseInt(digits, 16);
    }

    private IllegalArgumentException error(String problem) {
        return new IllegalArgumentException("line " + lineNumber + ": " + problem + ": " + text);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
