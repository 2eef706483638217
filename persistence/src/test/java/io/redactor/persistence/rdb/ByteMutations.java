package io.redactor.persistence.rdb;

import java.util.Arrays;
import java.util.Random;

/** The mutations the RDB, DUMP and loader fuzz tests share: bytes written over a place, bytes inserted at one. */
public final class ByteMutations {
    private ByteMutations() {
    }

    /** {@code body} with {@code with} written at {@code at}, grown when it runs past the end. */
    public static byte[] overwrite(byte[] body, int at, byte[] with) {
        byte[] result = Arrays.copyOf(body, Math.max(body.length, at + with.length));
        System.arraycopy(with, 0, result, at, with.length);
        return result;
    }

    /** {@code body} with 1 to 8 random bytes inserted at a random place. */
    public static byte[] insertRandom(byte[] body, Random random) {
        int at = random.nextInt(body.length + 1);
        byte[] extra = new byte[1 + random.nextInt(8)];
        random.nextBytes(extra);
        byte[] result = new byte[body.length + extra.length];
        System.arraycopy(body, 0, result, 0, at);
        System.arraycopy(extra, 0, result, at, extra.length);
        System.arraycopy(body, at, result, at + extra.length, body.length - at);
        return result;
    }
}
