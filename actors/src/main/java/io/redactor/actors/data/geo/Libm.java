package io.redactor.actors.data.geo;

import io.redactor.core.foreign.CFunctions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;

/**
 * The trigonometric functions Redis computes distances with: the C library's own {@code sin}, {@code cos} and
 * {@code asin}, called natively where the JVM allows it ({@link CFunctions}), so that distances, and the members
 * a search finds and their order, are those of a Redis built on the same C library to the last bit. Java's
 * {@link StrictMath} differs from glibc in the last bit for a few percent of arguments, which shows in a
 * distance's fourth decimal now and then; it is the fallback where native calls are not possible.
 */
final class Libm {
    private static final Logger log = LoggerFactory.getLogger(Libm.class);
    private static String fallbackReason;
    private static final MethodHandle SIN = link("sin");
    private static final MethodHandle COS = link("cos");
    private static final MethodHandle ASIN = link("asin");

    static {
        if (fallbackReason != null) {
            log.info("geo distances use Java's StrictMath, whose last bit may differ from the C library's: {}",
                    fallbackReason);
        }
    }

    private Libm() {
    }

    /** Whether the C library's functions are used (else {@link StrictMath}'s). */
    static boolean isNative() {
        return SIN != null;
    }

    static double sin(double x) {
        return SIN == null ? StrictMath.sin(x) : call(SIN, x);
    }

    static double cos(double x) {
        return COS == null ? StrictMath.cos(x) : call(COS, x);
    }

    static double asin(double x) {
        return ASIN == null ? StrictMath.asin(x) : call(ASIN, x);
    }

    private static double call(MethodHandle function, double x) {
        try {
            return (double) function.invokeExact(x);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle link(String name) {
        String unavailable = CFunctions.unavailableReason();
        if (unavailable == null) {
            try {
                return CFunctions.function(name, double.class, double.class);
            } catch (IllegalStateException e) {
                unavailable = e.getMessage();
            }
        }
        fallbackReason = unavailable;
        return null;
    }
}
