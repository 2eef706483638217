package io.redactor.e2e.sets;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Set command tests on the shared Redactor, each starting from an empty server with the default
 * set-max-intset-entries (tests that change it get it restored).
 */
abstract class SetsTestBase extends CommandTestBase {

    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @AfterEach
    void restoreIntsetLimit() {
        jedis.configSet("set-max-intset-entries", "512");
    }

    /** An aggregate reply of bulk strings: {@code type} is '*' (array) or '~' (RESP3 set). */
    protected static String aggregate(char type, List<String> members) {
        StringBuilder out = new StringBuilder().append(type).append(members.size()).append("\r\n");
        members.forEach(member -> out.append(bulk(member)));
        return out.toString();
    }

    protected static TreeSet<String> sorted(Collection<String> members) {
        return new TreeSet<>(members);
    }

    protected static Set<String> setOf(String... members) {
        return new TreeSet<>(List.of(members));
    }

    protected void assertEncoding(String expected, String key) {
        assertEquals(expected, jedis.objectEncoding(key), "encoding of " + key);
    }
}
