package io.redactor.core;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Redis's {@code sdssplitargs}: how inline commands and script shebang lines ({@code #!lua flags=...},
 * {@code #!lua name=...}) are split into arguments. Whitespace separates arguments; double quotes allow escapes
 * ({@code \n \r \t \b \a \\ \" \xHH}); single quotes allow only {@code \'}; a closing quote must be followed by
 * whitespace or the end of the line. Outside quotes only space, tab, CR and LF end an argument, while any C
 * whitespace (also {@code \v}, {@code \f}) is skipped between arguments.
 */
public final class SplitArgs {
    private SplitArgs() {
    }

    /** The arguments, or null when quotes are unbalanced. */
    public static byte[][] split(byte[] line, int from, int to) {
        List<byte[]> args = new ArrayList<>();
        int i = from;
        while (true) {
            while (i < to && isSpace(line[i])) {
                i++;
            }
            if (i >= to) {
                return args.toArray(new byte[0][]);
            }
            ByteArrayOutputStream current = new ByteArrayOutputStream();
            byte quote = 0;
            boolean done = false;
            while (!done) {
                if (quote != 0) {
                    if (i >= to) {
                        return null;
                    }
                    byte b = line[i];
                    boolean escape = b == '\\' && i + 1 < to;
                    if (quote == '"' && escape && i + 3 < to && line[i + 1] == 'x' && isHex(line[i + 2])
                            && isHex(line[i + 3])) {
                        current.write(hex(line[i + 2]) * 16 + hex(line[i + 3]));
                        i += 3;
                    } else if (quote == '"' && escape) {
                        current.write(unescape(line[++i]));
                    } else if (quote == '\'' && escape && line[i + 1] == '\'') {
                        current.write(line[++i]);
                    } else if (b == quote) {
                        if (i + 1 < to && !isSpace(line[i + 1])) {
                            return null;
                        }
                        done = true;
                    } else {
                        current.write(b);
                    }
                    i++;
                } else if (i >= to) {
                    done = true;
                } else {
                    byte b = line[i];
                    switch (b) {
                        case ' ', '\n', '\r', '\t' -> done = true;
                        case '"', '\'' -> quote = b;
                        default -> current.write(b);
                    }
                    i++;
                }
            }
            args.add(current.toByteArray());
        }
    }

    private static int unescape(byte b) {
        return switch (b) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'a' -> 7;
            default -> b;
        };
    }

    /** C's isspace in the "C" locale. */
    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }

    private static boolean isHex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }

    private static int hex(byte b) {
        return b <= '9' ? b - '0' : (b | 0x20) - 'a' + 10;
    }
}
