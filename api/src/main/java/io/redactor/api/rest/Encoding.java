package io.redactor.api.rest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * How strings travel in JSON: as UTF-8 text (the default), or base64 for binary data ({@code ?encoding=base64}).
 * Text mode never alters bytes: a string that is not valid UTF-8 is refused rather than repaired.
 */
enum Encoding {
    TEXT,
    BASE64;

    static Encoding of(String parameter) {
        if (parameter == null || parameter.equalsIgnoreCase("text") || parameter.equalsIgnoreCase("utf-8")) {
            return TEXT;
        }
        if (parameter.equalsIgnoreCase("base64")) {
            return BASE64;
        }
        throw new BadRequest("encoding must be 'text' or 'base64', got '" + parameter + "'");
    }

    /** The bytes a JSON string argument stands for. */
    byte[] decode(String value) {
        if (this == TEXT) {
            // a lone surrogate (JSON's "\ud800") has no UTF-8 form: getBytes would make it '?', so it is refused
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < value.length()
                        && Character.isLowSurrogate(value.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    throw new BadRequest("argument is not valid Unicode: a lone surrogate at character " + i
                            + " (binary data goes in base64, with ?encoding=base64)");
                }
            }
            return value.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("argument is not valid base64: " + e.getMessage());
        }
    }

    static boolean isUtf8(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return decodes(bytes);
            }
        }
        return true;
    }

    private static boolean decodes(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
