package io.redactor.actors.data;

import io.redactor.actors.data.hash.HashValue;
import io.redactor.actors.data.list.ListValue;
import io.redactor.actors.data.set.SetValue;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.actors.effects.Effects;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After any sequence of writes (new keys, overwrites, in-place changes of every type, deletes, expiry, FLUSH), the
 * partition's running estimate equals the sum recomputed from scratch over its entries, and an emptied database
 * comes back to the estimate it started with.
 */
class MemoryAccountingTest {
    private final MemoryMeter meter = new MemoryMeter();
    private final CommandClock clock = new CommandClock();
    private final Database db = new Database(0, new TestDataEnvironment(), clock, KeyObserver.NONE, Effects.NONE,
            meter);

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void assertConsistent() {
        meter.settle();
        assertEquals(db.recomputeMemoryBytes(), meter.used(), "running estimate vs recomputed");
        assertEquals(db.memoryBytes(), meter.used());
    }

    @Test
    void emptyDatabaseIsItsTableOverhead() {
        assertConsistent();
        assertEquals(db.tableOverheadBytes(), meter.used());
    }

    @Test
    void randomWritesKeepTheEstimateExact() {
        SplittableRandom random = new SplittableRandom(42);
        clock.set(1_000_000);
        long empty = meter.used();
        for (int step = 0; step < 20_000; step++) {
            byte[] key = b("k" + random.nextInt(200));
            int op = random.nextInt(13);
            Object value = db.write(key);
            switch (op) {
                case 0 -> db.set(key, b("v".repeat(random.nextInt(100))), false);
                case 1 -> {
                    if (value == null) {
                        db.add(key, MutableString.wrap(b("x")));
                    } else if (value instanceof MutableString s) {
                        s.append(b("y".repeat(random.nextInt(300))));
                    }
                }
                case 2 -> {
                    HashValue h = value instanceof HashValue hv ? hv : null;
                    if (value == null) {
                        h = new HashValue();
                        db.add(key, h);
                    }
                    if (h != null) {
                        h.set(b("f" + random.nextInt(300)), b("v".repeat(random.nextInt(80))), 128, 64);
                    }
                }
                case 3 -> {
                    if (value instanceof HashValue h) {
                        h.remove(b("f" + random.nextInt(300)));
                        if (h.size() == 0) {
                            db.delete(key);
                        }
                    }
                }
                case 4 -> {
                    byte[] member = random.nextBoolean() ? b(Integer.toString(random.nextInt(1000)))
                            : b("m" + random.nextInt(1000));
                    SetValue s = value instanceof SetValue sv ? sv : null;
                    if (value == null) {
                        s = SetValue.emptyFor(member);
                        db.add(key, s);
                    }
                    if (s != null) {
                        s.add(member, 512);
                    }
                }
                case 5 -> {
                    if (value instanceof SetValue s && s.size() > 0) {
                        s.popRandom(random);
                        if (s.size() == 0) {
                            db.delete(key);
                        }
                    }
                }
                case 6 -> {
                    byte[] member = b("z" + random.nextInt(2000));
                    SortedSetValue z = value instanceof SortedSetValue zv ? zv : null;
                    if (value == null) {
                        z = new SortedSetValue(true);
                        db.add(key, z);
                    }
                    if (z != null && Double.isNaN(z.score(member))) {
                        z.add(member, random.nextInt(100), 128, 64);
                    } else if (z != null) {
                        z.remove(member);
                        if (z.size() == 0) {
                            db.delete(key);
                        }
                    }
                }
                case 7 -> {
                    ListValue l = value instanceof ListValue lv ? lv : null;
                    if (value == null) {
                        l = new ListValue();
                        db.add(key, l);
                    }
                    if (l != null) {
                        for (int i = random.nextInt(500); i > 0; i--) {
                            l.push(b("e".repeat(random.nextInt(40))), random.nextBoolean());
                        }
                        if (l.size() > 0 && random.nextBoolean()) {
                            l.set(random.nextLong(l.size()), b("s".repeat(random.nextInt(5000))));
                        }
                    }
                }
                case 8 -> {
                    if (value instanceof ListValue l) {
                        for (int i = random.nextInt(700); i > 0 && l.size() > 0; i--) {
                            l.pop(random.nextBoolean());
                        }
                        if (l.size() == 0) {
                            db.delete(key);
                        }
                    }
                }
                case 9 -> {
                    if (value != null) {
                        db.setExpireAt(key, clock.now() + random.nextInt(-10, 10));
                    }
                }
                case 10 -> db.delete(key);
                case 12 -> {
                    StreamValue x = value instanceof StreamValue sv ? sv : null;
                    if (value == null) {
                        x = new StreamValue();
                        db.add(key, x);
                    }
                    if (x != null) {
                        byte[][] fields = {b("field"), b("v".repeat(random.nextInt(50)))};
                        x.append(x.nextId(null, false, clock.now()), fields, 0, 1, 4096, 100);
                        if (random.nextInt(4) == 0) {
                            x.trim(new StreamValue.Trim(true, random.nextInt(20), null, false, 0));
                        }
                    }
                }
                default -> {
                    if (value != null && random.nextInt(20) == 0) {
                        db.overwrite(key, Values.duplicate(value));
                    }
                }
            }
            if (step % 97 == 0) {
                clock.set(clock.now() + 5);
            }
            assertConsistent();
        }
        assertTrue(meter.used() > empty);
        db.clear();
        assertConsistent();
        assertEquals(empty, meter.used(), "FLUSH gives back everything");
    }

    @Test
    void deletingEveryKeyComesBackToTheEmptyTable() {
        long empty = meter.used();
        for (int i = 0; i < 5000; i++) {
            db.add(b("key:" + i), b("value:" + i));
        }
        assertConsistent();
        for (int i = 0; i < 5000; i++) {
            db.delete(b("key:" + i));
        }
        assertConsistent();
        assertEquals(db.tableOverheadBytes(), meter.used());
        assertTrue(meter.used() >= empty);
    }
}
