package io.redactor.actors.command;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ErrorReply;

import java.nio.charset.StandardCharsets;

/** Parsing of command arguments with Redis's rules and error replies. */
public final class Arguments {
    private static final CommandError NOT_INTEGER = new CommandError(Errors.NOT_INTEGER);
    private static final CommandError SYNTAX = new CommandError(Errors.SYNTAX);

    private Arguments() {
    }

    /** A 64-bit integer, or "value is not an integer or out of range". */
    public static long parseLong(byte[] arg) {
        return parseLong(arg, NOT_INTEGER);
    }

    public static long parseLong(byte[] arg, ErrorReply error) {
        return parseLong(arg, new CommandError(error));
    }

    private static long parseLong(byte[] arg, CommandError error) {
        try {
            return RedisIntegers.parseLong(arg);
        } catch (NotANumberException e) {
            throw error;
        }
    }

    /** A 32-bit integer (Redis's getIntFromObject), or "value is not an integer or out of range". */
    public static int parseInt(byte[] arg) {
        return parseInt(arg, Errors.NOT_INTEGER);
    }

    public static int parseInt(byte[] arg, ErrorReply error) {
        long value = parseLong(arg, error);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new CommandError(error);
        }
        return (int) value;
    }

    public static CommandError syntaxError() {
        return SYNTAX;
    }

    /**
     * Whether an argument is the given option keyword, compared as Redis compares options: case-insensitively
     * and as C strings (strcasecmp), so that an argument ends at its first zero byte and "NX\0anything" is NX.
     */
    public static boolean is(byte[] arg, String lowerCaseKeyword) {
        int length = lowerCaseKeyword.length();
        if (arg.length < length || (arg.length > length && arg[length] != 0)) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            int b = arg[i];
            if (b >= 'A' && b <= 'Z') {
                b += 32;
            }
            if (b != lowerCaseKeyword.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Bytes as the ISO-8859-1 string that error and status texts carry them in. */
    public static String text(byte[] arg) {
        return new String(arg, StandardCharsets.ISO_8859_1);
    }
}
