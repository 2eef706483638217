package io.redactor.persistence;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileInputTest {
    @TempDir
    Path dir;

    @Test
    void mixedReadsOfEverySizeGiveTheFileInOrderAndCountIt() throws IOException {
        Random random = new Random(3);
        byte[] content = new byte[1_000_003];
        random.nextBytes(content);
        Path file = Files.write(dir.resolve("data"), content);
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (FileInput in = FileInput.open(file)) {
            while (true) {
                if (random.nextBoolean()) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    read.write(b);
                } else {
                    byte[] chunk = new byte[random.nextInt(3) == 0 ? 70_000 + random.nextInt(9) : random.nextInt(300)];
                    int n = in.read(chunk, 0, chunk.length);
                    if (n < 0) {
                        break;
                    }
                    read.write(chunk, 0, n);
                }
                assertEquals(read.size(), in.position());
            }
            assertEquals(-1, in.read(new byte[5], 0, 5));
            assertEquals(0, in.read(new byte[5], 0, 0));
        }
        assertArrayEquals(content, read.toByteArray());
    }

    @Test
    void startsWithLooksWithoutReadingAcrossTheBufferEdge() throws IOException {
        byte[] content = new byte[(1 << 16) + 20];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) i;
        }
        Path file = Files.write(dir.resolve("data"), content);
        try (FileInput in = FileInput.open(file)) {
            assertTrue(in.startsWith(new byte[] {0, 1, 2}));
            assertFalse(in.startsWith(new byte[] {1}));
            in.readNBytes((1 << 16) - 2);
            byte[] across = {(byte) 0xfe, (byte) 0xff, 0, 1};
            assertTrue(in.startsWith(across));
            assertEquals((1 << 16) - 2, in.position());
            assertArrayEquals(across, in.readNBytes(4));
            in.readNBytes(16);
            assertFalse(in.startsWith(new byte[] {0}), "nothing is left");
            assertThrows(IllegalArgumentException.class, () -> in.startsWith(new byte[(1 << 16) + 1]));
        }
    }
}
