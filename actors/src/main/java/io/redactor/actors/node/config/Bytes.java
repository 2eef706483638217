package io.redactor.actors.node.config;

import java.nio.charset.StandardCharsets;

/**
 * Conversions for configuration texts. Values are kept as "byte strings": one char per byte (ISO-8859-1), so any
 * byte sequence a client sends comes back unchanged from CONFIG GET.
 */
final class Bytes {
    private Bytes() {
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    static byte[] bytes(String byteString) {
        return byteString.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A Java string (start-up configuration) as the byte string of its UTF-8 encoding. */
    static String fromUnicode(String unicode) {
        return text(unicode.getBytes(StandardCharsets.UTF_8));
    }

    /** A byte string read as UTF-8, for Java callers. */
    static String toUnicode(String byteString) {
        return new String(bytes(byteString), StandardCharsets.UTF_8);
    }

    /** Lower-cases ASCII letters only, as C's tolower does in the C locale. */
    static String lowerAscii(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') {
                chars[i] += 'a' - 'A';
            }
        }
        return new String(chars);
    }

    /** Splits on every single space, as Redis's sdssplitlen does: "a  b" has an empty middle part. */
    static String[] splitOnSpaces(String text) {
        return text.isEmpty() ? new String[0] : text.split(" ", -1);
    }

    /** An error text safe for a RESP simple error: CR and LF become spaces, as Redis does. */
    /** The text up to its first NUL, as C code reads a string: Redis parses many values and prints names so. */
    static String cString(String byteString) {
        int nul = byteString.indexOf('\0');
        return nul < 0 ? byteString : byteString.substring(0, nul);
    }

    static String printable(String byteString) {
        return toUnicode(byteString).replace('\r', ' ').replace('\n', ' ');
    }
}
