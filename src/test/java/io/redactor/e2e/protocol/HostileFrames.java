package io.redactor.e2e.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/** Frames a hostile or broken client sends, drawn from a seeded generator. */
final class HostileFrames {
    private static final String[] VALID = {
            "*1\r\n$4\r\nPING\r\n",
            "*3\r\n$3\r\nSET\r\n$10\r\nfuzz:noise\r\n$1\r\nx\r\n",
            "*2\r\n$3\r\nGET\r\n$10\r\nfuzz:noise\r\n",
            "ECHO inline\r\n",
            "*2\r\n$4\r\nINCR\r\n$12\r\nfuzz:counter\r\n",
    };
    private static final String[] BROKEN = {
            "*-5\r\n", "*1\r\n$-7\r\n", "*1\r\n$-0\r\n", "*abc\r\n", "*1\r\n+foo\r\n", "*1\r\n$1x\r\n",
            "*2147483648\r\n", "*1\r\n$9999999999999\r\n", "*1\r\n$1048577\r\n", "*99999999999999999999\r\n",
            "$4\r\nPING\r\n", "set a \"b\r\n", "echo 'x'y\r\n", "*1\r\n$4\r\nPINGxx", "*0\r\n", "\r\n\r\n",
    };

    private HostileFrames() {
    }

    static byte[] next(Random random) {
        int kind = random.nextInt(1000);
        if (kind < 300) {
            return ascii(VALID[random.nextInt(VALID.length)]);
        }
        if (kind < 550) {
            byte[] noise = new byte[1 + random.nextInt(200)];
            random.nextBytes(noise);
            return noise;
        }
        if (kind < 750) {
            return ascii(BROKEN[random.nextInt(BROKEN.length)]);
        }
        if (kind < 900) {
            byte[] valid = ascii(VALID[random.nextInt(VALID.length)]);
            return Arrays.copyOf(valid, random.nextInt(valid.length));
        }
        if (kind < 960) {
            return ascii("*1\r\n".repeat(1 + random.nextInt(5000)));
        }
        if (kind < 985) {
            byte[] zeros = ascii("GET fuzz\0:" + random.nextInt() + "\0\r\n");
            return zeros;
        }
        if (kind < 995) {
            return floodOfEmptyArguments(random);
        }
        byte[] inline = new byte[1 << 20];
        Arrays.fill(inline, (byte) 'a');
        return inline;
    }

    /** A count of 2^31-1, then up to 300,000 empty arguments (1.8 MB sent, far more held if nothing bounds it). */
    private static byte[] floodOfEmptyArguments(Random random) {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.writeBytes(ascii("*2147483647\r\n"));
        frame.writeBytes(ascii("$0\r\n\r\n".repeat(1 + random.nextInt(300_000))));
        return frame.toByteArray();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
