package io.redactor.core.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.redactor.core.number.RedisDoubles;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The plain-decimal fast path for scores stored as text gives exactly what strtod gives, or leaves the text to it. */
class ScoreTextTest {

    private static void sameAsStrtod(String text) throws RdbBadDataException {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        double expected = RedisDoubles.parseStrtod(b, 0, b.length);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(EntryCollectors.parseScore(b, 0,
                b.length)), text);
    }

    @Test
    void plainDecimalsAreExactlyStrtods() throws RdbBadDataException {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            int intDigits = random.nextInt(1, 10);
            int fracDigits = random.nextInt(0, 16 - intDigits);
            StringBuilder s = new StringBuilder();
            if (random.nextBoolean()) {
                s.append('-');
            }
            for (int d = 0; d < intDigits; d++) {
                s.append((char) ('0' + random.nextInt(10)));
            }
            if (fracDigits > 0 || random.nextInt(8) == 0) {
                s.append('.');
            }
            for (int d = 0; d < fracDigits; d++) {
                s.append((char) ('0' + random.nextInt(10)));
            }
            sameAsStrtod(s.toString());
        }
        for (String s : new String[] {"0", "-0", "1.5", "-20.25", "0.1", "123456789012345", "0.00000000000001",
            "999999999999999", ".5", "5.", "007.50"}) {
            assertTrue(!Double.isNaN(EntryCollectors.plainDecimal(s.getBytes(StandardCharsets.ISO_8859_1), 0,
                    s.length())), s);
            sameAsStrtod(s);
        }
    }

    @Test
    void anythingElseGoesToStrtod() throws RdbBadDataException {
        for (String s : new String[] {"0.10000000000000001", "1234567890123456", "1e5", "-inf", "inf", " 1.5",
            "1.5.1", "-", ".", "+1.5", "0x10", "1.5\0junk", "nan"}) {
            assertTrue(Double.isNaN(EntryCollectors.plainDecimal(s.getBytes(StandardCharsets.ISO_8859_1), 0,
                    s.length())), s);
        }
        sameAsStrtod("0.10000000000000001");
        sameAsStrtod("1e5");
        sameAsStrtod("1.5\0junk");
    }
}
