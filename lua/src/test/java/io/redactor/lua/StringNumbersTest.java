package io.redactor.lua;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaString;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The fast string-to-number path gives bit for bit what Lua 5.1's strtod conversion gives. */
class StringNumbersTest {

    private static void assertSameAsStrtod(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        Double full = Lua51Numbers.parse(bytes, 0, bytes.length);
        double fast = StringNumbers.of(LuaString.valueOf(text));
        if (full == null) {
            assertFalse(StringNumbers.isNumber(fast), text);
        } else {
            assertEquals(Double.doubleToRawLongBits(full), Double.doubleToRawLongBits(fast), text);
        }
    }

    @Test
    void edgeCasesAgreeWithStrtod() {
        for (String text : new String[] {"", ".", "-", "+", "-0", "0", "1.", ".5", "+.5", "-.5", "0x10", " 1", "1 ",
                "1e5", "1E-3", "9007199254740993", "123456789012345678", "0.1", "0.30000000000000004",
                "1234567890.12345", "000000000000000000001", "1..2", "1.2.3", "inf", "nan", "abc", "12a",
                "0.0000000000000000000001", "0.00000000000000000000001", "-999999999999999"}) {
            assertSameAsStrtod(text);
        }
    }

    @Test
    void randomDecimalsAgreeWithStrtod() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            String text = switch (i % 4) {
                case 0 -> Double.toString(random.nextDouble());
                case 1 -> Long.toString(random.nextLong(-1_000_000_000_000_000L, 1_000_000_000_000_000L));
                case 2 -> random.nextInt(100_000) + "." + random.nextInt(100_000_000);
                default -> String.format("%.14g", random.nextDouble() * Math.pow(10, random.nextInt(-20, 20)));
            };
            assertSameAsStrtod(text);
        }
    }
}
