package io.redactor.testing.corpus;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The differences a seeded randomized differential test found between Redis's replies and Redactor's: the test plays
 * on while they are {@linkplain #few() few}, then fails listing them all.
 */
public final class Differences {
    /** Past this many, more commands would only repeat what the list already shows. */
    private static final int ENOUGH = 20;
    private final List<String> found = new ArrayList<>();

    public void add(String difference) {
        found.add(difference);
    }

    /** Whether the test should go on playing: fewer than {@link #ENOUGH} differences so far. */
    public boolean few() {
        return found.size() < ENOUGH;
    }

    /** Fails listing every difference, if there is one. */
    public void assertNone() {
        if (!found.isEmpty()) {
            fail(found.size() + " differences:\n" + String.join("\n", found));
        }
    }
}
