package io.redactor.actors.data.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.redactor.core.foreign.CFunctions;
import org.junit.jupiter.api.Test;

/**
 * The trigonometry is the C library's wherever native calls are possible (JDK 22 and later; the build runs tests with
 * native access, as bin/redactor runs the server): without it, distances differ from Redis's in their last bits now
 * and then.
 */
class LibmTest {
    @Test
    void usesTheCLibraryWhenNativeCallsArePossible() {
        assertEquals(CFunctions.unavailableReason() == null, Libm.isNative(),
                "native calls: " + CFunctions.unavailableReason());
        assumeTrue(Runtime.version().feature() >= 22, "native calls need JDK 22 or later");
        assertTrue(Libm.isNative(), "tests run with --enable-native-access=ALL-UNNAMED, as bin/test passes");
    }

    @Test
    void computesTheFunctions() {
        double[] xs = {0, 0.5, -0.5, 1, Math.PI / 2, 3, 1e-300};
        for (double x : xs) {
            assertEquals(StrictMath.sin(x), Libm.sin(x), Math.ulp(StrictMath.sin(x)), "sin " + x);
            assertEquals(StrictMath.cos(x), Libm.cos(x), Math.ulp(StrictMath.cos(x)), "cos " + x);
            if (Math.abs(x) <= 1) {
                assertEquals(StrictMath.asin(x), Libm.asin(x), Math.ulp(StrictMath.asin(x)), "asin " + x);
            }
        }
        assertTrue(Double.isNaN(Libm.cos(Double.POSITIVE_INFINITY)));
        assertTrue(Double.isNaN(Libm.asin(2)));
    }
}
