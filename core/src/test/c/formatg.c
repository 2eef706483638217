/*
 * Writes the ground truth of RedisDoubles.formatG: glibc's printf("%.*g") for a fixed corpus of
 * doubles (boundaries, powers of ten and two, subnormals, rounding ties, integers, short decimals
 * and pseudo-random bit patterns), one "hex bits<TAB>precision<TAB>text" line each.
 *
 * Regenerate (on x86-64 Linux with glibc) from the repository root with:
 *   gcc -O2 -o /tmp/formatg core/src/test/c/formatg.c -lm \
 *     && /tmp/formatg > core/src/test/resources/number/formatg.tsv
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t state = 0x9E3779B97F4A7C15ULL;

/* xorshift64*: deterministic, so the corpus is the same on every run. */
static uint64_t next_random(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
}

static double from_bits(uint64_t bits) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static uint64_t to_bits(double d) {
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

static const int common[] = {17, 14};
static const int extra[] = {0, 1, 2, 3, 5, 6, 10, 15, 16, 18, 20, 25, 30, 40};

static void row(double d, int precision) {
    printf("%016llx\t%d\t%.*g\n", (unsigned long long) to_bits(d), precision, precision, d);
}

/* Each value with %.17g and %.14g, and with every extra precision when all is set. */
static void emit(double d, int all) {
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++) {
        row(d, common[i]);
    }
    if (all) {
        for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
            row(d, extra[i]);
        }
    }
}

/* d, its neighbours, and their negations. */
static void emit_around(double d, int all) {
    double values[] = {d, nextafter(d, INFINITY), nextafter(d, -INFINITY)};
    for (int i = 0; i < 3; i++) {
        emit(values[i], all);
        emit(-values[i], 0);
    }
}

int main(void) {
    static const uint64_t special_bits[] = {
        0x0000000000000000ULL, 0x8000000000000000ULL, /* zeros */
        0x7ff0000000000000ULL, 0xfff0000000000000ULL, /* infinities */
        0x7ff8000000000000ULL, 0xfff8000000000000ULL, 0x7ff0000000000001ULL, 0xfff4000000000000ULL, /* NaNs */
        0x0000000000000001ULL, 0x0000000000000002ULL, 0x000fffffffffffffULL, 0x0008000000000000ULL, /* subnormals */
        0x0010000000000000ULL, 0x7fefffffffffffffULL, 0x3ff0000000000000ULL, 0x3fefffffffffffffULL,
        0x3ff0000000000001ULL, 0x4330000000000000ULL, 0x4340000000000000ULL, 0x43e0000000000000ULL,
    };
    for (size_t i = 0; i < sizeof special_bits / sizeof special_bits[0]; i++) {
        emit(from_bits(special_bits[i]), 1);
    }

    /* Around the integer limits that Redis's d2string and the %g switch care about. */
    static const double limits[] = {
        4503599627370496.0, 4503599627370495.0, 9007199254740992.0, 9007199254740993.0,
        1e14, 1e15, 1e16, 1e17, 1e18, 99999999999999.99, 9999999999999999.0, 99999999999999999.0,
        1e-4, 1e-5, 0.0001, 0.00009999999999999999, 0.000099999999999999995, 9.9999999999999995e-5,
        999999.5, 9.5, 99.5, 0.95, 123456789012345678.0, 1.7976931348623157e308, 2.2250738585072014e-308,
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        emit_around(limits[i], 1);
    }

    /* Exact ties for small precisions: glibc rounds them to even. */
    static const double ties[] = {
        0.5, 1.5, 2.5, 3.5, 0.25, 0.75, 0.125, 0.375, 1.25, 1.75, 2.25, 12.5, 125.0, 1125.0, 0.0625,
        1e23, 5e-324, 8.5, 9.5, 95.0, 0.000095, 2.675, 1.005, 1.0000000000000002, 0.30000000000000004,
    };
    for (size_t i = 0; i < sizeof ties / sizeof ties[0]; i++) {
        emit(ties[i], 1);
        emit(-ties[i], 0);
    }

    /* Powers of ten and their neighbours; a few far ones. */
    for (int e = -30; e <= 30; e++) {
        emit_around(pow(10, e), e % 5 == 0);
    }
    static const double far[] = {1e-320, 1e-310, 1e-300, 1e-100, 1e100, 1e200, 1e300, 1e308};
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
        emit_around(far[i], 0);
    }

    /* Powers of two across the whole range, subnormals included. */
    for (int e = -1074; e <= 1023; e += 37) {
        emit(ldexp(1.0, e), 0);
    }

    /* Integers of every size, and the kind of short decimals that sorted-set scores hold. */
    for (int i = 0; i < 60; i++) {
        uint64_t r = next_random();
        int digits = 1 + (int) (r % 19);
        uint64_t v = next_random() % 10000000000000000000ULL;
        uint64_t limit = 1;
        for (int k = 0; k < digits; k++) {
            limit *= 10;
        }
        emit((double) (v % limit), i % 10 == 0);
    }
    for (int i = 0; i < 120; i++) {
        int64_t units = (int64_t) (next_random() % 2000001) - 1000000;
        int scale = (int) (next_random() % 7);
        emit((double) units / pow(10, scale), i % 20 == 0);
    }

    /* Pseudo-random bit patterns, mostly finite; NaNs and infinities come with the all-ones exponent. */
    for (int i = 0; i < 400; i++) {
        emit(from_bits(next_random()), i % 25 == 0);
    }
    /* Random significands with moderate exponents, where %g switches between its two forms. */
    for (int i = 0; i < 200; i++) {
        uint64_t significand = next_random() & 0x000fffffffffffffULL;
        uint64_t exponent = 1023 - 30 + next_random() % 90;
        uint64_t sign = (next_random() & 1) << 63;
        emit(from_bits(sign | exponent << 52 | significand), i % 25 == 0);
    }
    return 0;
}
