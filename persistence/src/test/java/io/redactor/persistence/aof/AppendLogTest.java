package io.redactor.persistence.aof;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AppendLogTest {
    @TempDir
    Path dir;

    private FaultyChannel open(String name) throws IOException {
        return new FaultyChannel(FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE));
    }

    private static byte[] set(String key, String value) {
        return new CommandBuffer().command("SET", bytes(key), bytes(value)).toByteArray();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private List<byte[][]> commandsIn(String name) throws Exception {
        byte[] content = Files.readAllBytes(dir.resolve(name));
        AofCommandReader reader = new AofCommandReader(new ByteArrayInputStream(content), 0, content.length);
        List<byte[][]> commands = new ArrayList<>();
        AofCommandReader.Entry entry;
        while ((entry = reader.next()) != null) {
            commands.addAll(entry.commands());
        }
        return commands;
    }

    @Test
    void writesSelectOnlyWhenTheDatabaseChangesAndEverythingIsDurableUnderAlways() throws Exception {
        FaultyChannel file = open("a.aof");
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.ALWAYS, false, "test-writer");
        byte[] one = set("k1", "v1");
        long first = log.append(0, 0, one, 0, one.length);
        long second = log.append(0, 0, one, 0, one.length);
        long third = log.append(3, 3, one, 0, one.length);
        CountDownLatch durable = new CountDownLatch(1);
        if (log.whenDurable(third, waiter(durable, new AtomicReference<>()))) {
            assertTrue(durable.await(5, TimeUnit.SECONDS));
        }
        assertTrue(first < second && second < third);
        assertTrue(log.durableLsn() >= third);
        log.close();
        List<byte[][]> commands = commandsIn("a.aof");
        assertEquals(List.of("SELECT 0", "SET k1 v1", "SET k1 v1", "SELECT 3", "SET k1 v1"),
                commands.stream().map(AppendLogTest::text).toList());
        assertEquals(third, Files.size(dir.resolve("a.aof")));
    }

    @Test
    void oneFlushCoversTheAppendsOfManyThreads() throws Exception {
        FaultyChannel file = open("group.aof");
        file.forceDelayMillis = 5;
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.ALWAYS, false, "test-writer");
        int threads = 16;
        int perThread = 50;
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            writers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    byte[] command = set("k" + id, "v" + i);
                    long lsn = log.append(0, 0, command, 0, command.length);
                    CountDownLatch done = new CountDownLatch(1);
                    if (log.whenDurable(lsn, waiter(done, new AtomicReference<>()))) {
                        try {
                            done.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
            }));
        }
        for (Thread writer : writers) {
            writer.join();
        }
        log.close();
        int appends = threads * perThread;
        assertEquals(appends + 1, commandsIn("group.aof").size());
        // each writer waits for its flush, so with 16 of them a flush must cover several appends
        assertTrue(file.forces.get() < appends / 3, "flushes: " + file.forces.get() + " for " + appends);
    }

    @Test
    void aFailedFlushIsReportedThenRetriedFromMemoryUntilTheDiskWorks() throws Exception {
        FaultyChannel file = open("fail.aof");
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.ALWAYS, false, "test-writer");
        byte[] before = set("before", "1");
        long ok = log.append(0, 0, before, 0, before.length);
        awaitDurable(log, ok);
        file.failWrites = true;
        file.failForce = true;
        byte[] during = set("during", "2");
        long failing = log.append(0, 0, during, 0, during.length);
        AtomicReference<String> reason = new AtomicReference<>();
        CountDownLatch told = new CountDownLatch(1);
        assertTrue(log.whenDurable(failing, waiter(told, reason)));
        assertTrue(told.await(5, TimeUnit.SECONDS));
        assertEquals("No space left on device", reason.get());
        assertNotNull(log.failure());
        assertTrue(log.durableLsn() < failing);
        file.failWrites = false;
        file.failForce = false;
        awaitRecovery(log);
        awaitDurable(log, failing);
        byte[] after = set("after", "3");
        awaitDurable(log, log.append(0, 0, after, 0, after.length));
        log.close();
        // the torn half-write was cut off: every command is whole, each once
        assertEquals(List.of("SELECT 0", "SET before 1", "SET during 2", "SET after 3"),
                commandsIn("fail.aof").stream().map(AppendLogTest::text).toList());
    }

    @Test
    void rotationSendsWhatCameBeforeToTheOldFileAndTheRestToTheNew() throws Exception {
        FaultyChannel first = open("1.aof");
        AppendLog log = new AppendLog(first, 0, FsyncPolicy.EVERYSEC, false, "test-writer");
        byte[] a = set("a", "1");
        log.append(2, 2, a, 0, a.length);
        FaultyChannel second = open("2.aof");
        log.rotate(second);
        byte[] b = set("b", "2");
        log.append(2, 2, b, 0, b.length);
        log.close();
        assertEquals(List.of("SELECT 2", "SET a 1"), commandsIn("1.aof").stream().map(AppendLogTest::text).toList());
        // a new file starts with its own SELECT: it is loaded on its own
        assertEquals(List.of("SELECT 2", "SET b 2"), commandsIn("2.aof").stream().map(AppendLogTest::text).toList());
        assertTrue(first.forces.get() >= 1, "the old file is flushed before it is closed");
        assertFalse(first.isOpen());
    }

    @Test
    void everysecFlushesWithinAboutASecond() throws Exception {
        FaultyChannel file = open("everysec.aof");
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.EVERYSEC, false, "test-writer");
        byte[] a = set("a", "1");
        long lsn = log.append(0, 0, a, 0, a.length);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2500);
        // the flush is counted by the file before the log marks what it covered as durable: wait for the latter
        while (log.durableLsn() < lsn && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(log.durableLsn() >= lsn);
        assertTrue(file.forces.get() >= 1);
        log.close();
    }

    @Test
    void timestampAnnotationsAreSkippedByReaders() throws Exception {
        FaultyChannel file = open("ts.aof");
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.NO, true, "test-writer");
        byte[] a = set("a", "1");
        log.append(0, 0, a, 0, a.length);
        log.close();
        String content = Files.readString(dir.resolve("ts.aof"), StandardCharsets.ISO_8859_1);
        assertTrue(content.startsWith("#TS:"), content);
        assertEquals(List.of("SELECT 0", "SET a 1"), commandsIn("ts.aof").stream().map(AppendLogTest::text).toList());
    }

    @Test
    void appendsNeverWaitForTheDiskAndOneFlushCoversWhatCameDuringThePrevious() throws Exception {
        FaultyChannel file = open("slow.aof");
        file.forceDelayMillis = 200;
        AppendLog log = new AppendLog(file, 0, FsyncPolicy.ALWAYS, false, "test-writer");
        byte[] a = set("a", "1");
        long first = log.append(0, 0, a, 0, a.length);
        Thread.sleep(50);
        long started = System.nanoTime();
        long last = 0;
        for (int i = 0; i < 100; i++) {
            last = log.append(0, 0, a, 0, a.length);
        }
        assertTrue(System.nanoTime() - started < TimeUnit.MILLISECONDS.toNanos(150),
                "appends made while the writer flushes do not wait for it");
        assertTrue(log.durableLsn() < first, "the first flush is still under way");
        awaitDurable(log, last);
        assertEquals(2, file.forces.get(), "the second flush covers the hundred appends that came during the first");
        log.close();
        assertEquals(102, commandsIn("slow.aof").size());
    }

    private static void awaitRecovery(AppendLog log) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (log.failure() != null && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertNull(log.failure());
    }

    private static void awaitDurable(AppendLog log, long lsn) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<String> failed = new AtomicReference<>();
        if (log.whenDurable(lsn, waiter(done, failed))) {
            assertTrue(done.await(10, TimeUnit.SECONDS));
        }
        assertNull(failed.get());
    }

    private static DurabilityWaiter waiter(CountDownLatch done, AtomicReference<String> failure) {
        return new DurabilityWaiter() {
            @Override
            public void durable() {
                done.countDown();
            }

            @Override
            public void failed(String reason) {
                failure.set(reason);
                done.countDown();
            }
        };
    }

    private static String text(byte[][] command) {
        StringBuilder out = new StringBuilder();
        for (byte[] arg : command) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(new String(arg, StandardCharsets.UTF_8));
        }
        return out.toString();
    }
}
