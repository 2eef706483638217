package io.redactor.actors.acl;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Passwords as ACL users keep them: the lowercase hex SHA-256 of the clear text, compared in constant time. */
public final class Passwords {
    static final int HASH_LENGTH = 64;

    private Passwords() {
    }

    public static String hash(byte[] clearText) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(clearText));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** A hash as {@code #hash} rules give it: exactly 64 characters of lowercase hex. */
    static boolean isHash(byte[] text) {
        if (text.length != HASH_LENGTH) {
            return false;
        }
        for (byte b : text) {
            if (!(b >= '0' && b <= '9' || b >= 'a' && b <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** Whether two hashes are equal, in a time that does not depend on where they differ. */
    static boolean sameHash(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                b.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }
}
