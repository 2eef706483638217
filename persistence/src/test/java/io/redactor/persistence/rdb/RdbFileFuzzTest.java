package io.redactor.persistence.rdb;

import io.redactor.core.rdb.Crc64;
import io.redactor.core.rdb.RdbHash;
import io.redactor.core.rdb.RdbList;
import io.redactor.core.rdb.RdbReadException;
import io.redactor.core.rdb.RdbReader;
import io.redactor.core.rdb.RdbSet;
import io.redactor.core.rdb.RdbSortedSet;
import io.redactor.core.rdb.RdbString;
import io.redactor.core.rdb.RdbValue;
import io.redactor.core.rdb.RdbValueReader;
import io.redactor.core.rdb.RdbValueWriter;
import io.redactor.core.rdb.RdbWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of RDB file reading at unit level, as the loader reads a file: {@link RdbFileReader} over the file,
 * and each value decoded by {@link RdbValueReader}. Files of every opcode and value type, mutated (bits, bytes,
 * insertions, cuts, forged lengths; the checksum made right, zeroed or left wrong), and random bytes after a valid
 * header, fail only with RdbFormatException, IOException or RdbReadException, allocate little more than their size,
 * and end quickly.
 */
class RdbFileFuzzTest {
    private static final long SEED = 10L;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static byte[] b(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<RdbValue> values() {
        List<byte[]> many = new ArrayList<>();
        List<byte[]> more = new ArrayList<>();
        double[] scores = new double[150];
        for (int i = 0; i < 150; i++) {
            many.add(b("element" + i));
            more.add(b("value" + i));
            scores[i] = i * 1.5;
        }
        return List.of(new RdbString(b("hello")), new RdbString(b("12345")), new RdbString(b("ab".repeat(100))),
                new RdbList(List.of(b("a"), b("1"), b("bb"))), new RdbList(many),
                new RdbSet(List.of(b("1"), b("2"), b("-70000")), true), new RdbSet(List.of(b("a"), b("b")), false),
                new RdbHash(List.of(b("f"), b("g")), List.of(b("v"), b("2")), true),
                new RdbHash(many, more, false),
                new RdbSortedSet(List.of(b("a"), b("b")), new double[] {-2.5, 1}, true),
                new RdbSortedSet(many, scores, false));
    }

    /** A valid file: aux fields, two databases with resize hints, expiries, LRU and LFU data, a library. */
    private static byte[] validFile() {
        RdbWriter out = new RdbWriter();
        out.writeRaw(b("REDIS0010"), 0, 9);
        out.writeByte(RdbFileReader.OPCODE_AUX).writeString(b("redis-ver"), false).writeString(b("7.0.15"), false);
        out.writeByte(RdbFileReader.OPCODE_AUX).writeString(b("ctime"), false).writeString(b("1700000000"), false);
        out.writeByte(RdbFileReader.OPCODE_FUNCTION2).writeString(b("#!lua name=lib\nredis.register_function("
                + "'f', function() return 1 end)"), false);
        RdbValueWriter values = new RdbValueWriter(true, 4);
        List<RdbValue> all = values();
        for (int db : new int[] {0, 3}) {
            out.writeByte(RdbFileReader.OPCODE_SELECTDB).writeLength(db);
            out.writeByte(RdbFileReader.OPCODE_RESIZEDB).writeLength(all.size()).writeLength(1);
            for (int i = 0; i < all.size(); i++) {
                if (i % 4 == 1) {
                    out.writeByte(RdbFileReader.OPCODE_EXPIRETIME_MS).writeLittleEndian(4_000_000_000_000L, 8);
                } else if (i % 4 == 2) {
                    out.writeByte(RdbFileReader.OPCODE_IDLE).writeLength(100);
                } else if (i % 4 == 3) {
                    out.writeByte(RdbFileReader.OPCODE_FREQ).writeByte(5);
                }
                byte[] body = values.write(new RdbWriter(), all.get(i)).toByteArray();
                out.writeByte(body[0] & 0xff).writeString(b("key" + db + ":" + i), false);
                out.writeRaw(body, 1, body.length - 1);
            }
        }
        out.writeByte(RdbFileReader.OPCODE_EOF);
        byte[] content = out.toByteArray();
        long crc = Crc64.of(content, 0, content.length);
        return withTrailer(content, crc);
    }

    private static byte[] withTrailer(byte[] content, long crc) {
        byte[] file = Arrays.copyOf(content, content.length + 8);
        for (int i = 0; i < 8; i++) {
            file[content.length + i] = (byte) (crc >>> (8 * i));
        }
        return file;
    }

    /** Reads the file as the loader does; true when it loads whole. */
    private static boolean load(byte[] file) throws IOException, RdbFileReader.RdbFormatException {
        RdbInput in = new RdbInput(new ByteArrayInputStream(file), file.length);
        boolean[] valuesOk = {true};
        RdbFileReader.read(in, new RdbFileReader.Visitor() {
            @Override
            public void aux(byte[] key, byte[] value) {
            }

            @Override
            public void library(byte[] code) {
            }

            @Override
            public void entry(int db, byte[] key, int type, byte[] value, long expireAt, long idle, int frequency) {
                try {
                    RdbValueReader.read(type, new RdbReader(value));
                } catch (RdbReadException e) {
                    valuesOk[0] = false;
                }
            }
        });
        return valuesOk[0];
    }

    @Test
    void theValidFileLoadsWhole() throws Exception {
        assertTrue(load(validFile()));
    }

    @Test
    void mutatedFilesFailOnlyAsDeclaredAndStayCheap() {
        byte[] valid = validFile();
        Random random = new Random(SEED);
        int loaded = 0;
        int failed = 0;
        for (int i = 0; i < 3_000; i++) {
            byte[] file = mutant(valid, random);
            String where = "seed " + SEED + " iteration " + i + ": " + hex(file);
            long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
            long started = System.nanoTime();
            try {
                if (load(file)) {
                    loaded++;
                } else {
                    failed++;
                }
            } catch (IOException | RdbFileReader.RdbFormatException e) {
                failed++;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertTrue(allocated < 100L * file.length + (4 << 20), where + " allocated " + allocated + " bytes");
            assertTrue(millis < 2_000, where + " took " + millis + " ms");
        }
        assertTrue(loaded > 120 && failed > 1_200, "loaded " + loaded + ", failed " + failed);
    }

    @Test
    void randomBytesAfterAHeaderFailOnlyAsDeclared() {
        Random random = new Random(SEED + 1);
        for (int i = 0; i < 5_000; i++) {
            byte[] file = new byte[9 + random.nextInt(60)];
            random.nextBytes(file);
            System.arraycopy(b("REDIS0010"), 0, file, 0, 9);
            String where = "seed " + (SEED + 1) + " iteration " + i + ": " + hex(file);
            try {
                load(file);
            } catch (IOException | RdbFileReader.RdbFormatException e) {
                // declared
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
        }
    }

    private static byte[] mutant(byte[] valid, Random random) {
        byte[] body = Arrays.copyOf(valid, valid.length - 8);
        switch (random.nextInt(5)) {
            case 0 -> {
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    body[random.nextInt(body.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> body[random.nextInt(body.length)] = (byte) random.nextInt(256);
            case 2 -> body = Arrays.copyOf(body, random.nextInt(body.length));
            case 3 -> {
                byte[][] lengths = {{(byte) 0x80, -1, -1, -1, -1}, {(byte) 0x81, 0x7f, -1, -1, -1, -1, -1, -1, -1},
                    {(byte) 0x81, -1, -1, -1, -1, -1, -1, -1, -1}, {0x3f}, {(byte) 0xc3, 0x10, 0x7f}, {(byte) 0xc4},
                    {(byte) 0xfe, 0x40}, {(byte) 0xf7}, {(byte) 0xf6, 0, 0, 0, 0}, {(byte) 0xc3, (byte) 0x81, -1}};
                byte[] with = lengths[random.nextInt(lengths.length)];
                body = ByteMutations.overwrite(body, random.nextInt(body.length), with);
            }
            default -> {
                body = ByteMutations.insertRandom(body, random);
            }
        }
        return switch (random.nextInt(3)) {
            case 0 -> withTrailer(body, Crc64.of(body, 0, body.length));
            case 1 -> withTrailer(body, 0);
            default -> {
                byte[] file = Arrays.copyOf(body, body.length + 8);
                System.arraycopy(valid, valid.length - 8, file, body.length, 8);
                yield file;
            }
        };
    }

    private static String hex(byte[] bytes) {
        String all = HexFormat.of().formatHex(bytes);
        return all.length() > 300 ? all.substring(0, 300) + "...(" + bytes.length + " bytes)" : all;
    }

    @Test
    void aFileCutAnywhereFailsCleanly() throws Exception {
        byte[] valid = validFile();
        int failed = 0;
        for (int n = 0; n < valid.length; n += 7) {
            byte[] cut = Arrays.copyOf(valid, n);
            try {
                load(cut);
            } catch (IOException | RdbFileReader.RdbFormatException e) {
                failed++;
            }
        }
        assertEquals((valid.length + 6) / 7, failed, "every cut file fails");
    }
}
