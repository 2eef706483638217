package io.redactor.actors.scripts;

import com.typesafe.config.ConfigFactory;
import io.redactor.actors.node.HeapGuard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The settings of the memory guards: {@code redactor.scripts.max-memory} (Redis's memory amounts, 0 for none, at
 * least 1mb) and {@code redactor.memory.heap-limit} (a percentage from 10% to 99%, or off), with hostile values.
 */
class MemorySettingsTest {

    private static long maxMemory(String hocon) {
        return ScriptSettings.maxMemory(ConfigFactory.parseString("max-memory = " + hocon));
    }

    @Test
    void maxMemoryTakesRedisMemoryAmounts() {
        assertEquals(256L << 20, maxMemory("256mb"));
        assertEquals(256L << 20, maxMemory("256MB"));
        assertEquals(1L << 30, maxMemory("1gb"));
        assertEquals(2_000_000_000L, maxMemory("2g"));
        assertEquals(1L << 20, maxMemory("1048576"));
        assertEquals(0, maxMemory("0"));
        assertEquals(5_000_000L, maxMemory("\"5m\""));
    }

    @Test
    void theShippedDefaultIsTheDocumentedOne() {
        var defaults = ConfigFactory.parseResources("redactor.conf").getConfig("redactor");
        assertEquals(ScriptSettings.DEFAULT_MEMORY, ScriptSettings.maxMemory(defaults.getConfig("scripts")));
        assertEquals(0.9, HeapGuard.parseLimit(defaults.getString("memory.heap-limit")), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "-1mb", "1", "1023kb", "1000k", "\"\"", "\" 256mb\"", "\"256mb \"", "256 mb",
            "256mib", "256M B", "1.5gb", "0x100000", "1e9", "\"+256mb\"", "99999999999999999999gb",
            "18446744073709551615", "9223372036854775808", "\"256mb\\u0000\"", "\"２５６mb\"", "abc", "[1]", "{a=1}",
            "null", "true", "\"256mbmb\"", "mb", "\"gb\"", "kb"})
    void maxMemoryRefusesAnythingElseWithTheRule(String hostile) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> maxMemory(hostile));
        assertTrue(e.getMessage().startsWith("redactor.scripts.max-memory must be 0 (no limit) or a memory amount of "
                + "at least 1mb"), e.getMessage());
        assertTrue(e.getMessage().length() < 400, "an error message that long: " + e.getMessage().length());
    }

    @Test
    void aHugeHostileValueIsNotEchoedWhole() {
        String huge = "\"" + "9".repeat(100_000) + "mb\"";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> maxMemory(huge));
        assertTrue(e.getMessage().length() < 400, "an error message that long: " + e.getMessage().length());
    }

    @Test
    void theRecordRefusesBudgetsUnderOneMegabyte() {
        assertThrows(IllegalArgumentException.class,
                () -> new ScriptSettings(1, 0, Duration.ZERO, 1, 0, 0, 1024));
        assertEquals(0, new ScriptSettings(1, 0, Duration.ZERO, 1, 0, 0, 0).maxMemory());
    }

    @Test
    void heapLimitIsAPercentageOrOff() {
        assertEquals(0.9, HeapGuard.parseLimit("90%"), 1e-9);
        assertEquals(0.1, HeapGuard.parseLimit("10%"), 1e-9);
        assertEquals(0.99, HeapGuard.parseLimit("99%"), 1e-9);
        assertEquals(0.875, HeapGuard.parseLimit("87.5%"), 1e-9);
        assertEquals(1.0, HeapGuard.parseLimit("off"), 1e-9);
        assertEquals(1.0, HeapGuard.parseLimit("OFF"), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "%", "9%", "100%", "0%", "-90%", "90", "0.9", "90 %", "90%%", "1e2%", "NaN%",
            "Infinity%", "90.1234%", "099%", "９０%", "90%\u0000", "on", "no", "false"})
    void heapLimitRefusesAnythingElse(String hostile) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HeapGuard.parseLimit(hostile));
        assertTrue(e.getMessage().startsWith("redactor.memory.heap-limit must be a percentage"), e.getMessage());
    }

    @Test
    void heapLimitRefusesNullAndHugeTextsWithoutEchoingThem() {
        assertThrows(IllegalArgumentException.class, () -> HeapGuard.parseLimit(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HeapGuard.parseLimit("9".repeat(100_000) + "%"));
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void aGuardThatIsOffAdmitsEverythingAndNeverRefuses() {
        HeapGuard off = HeapGuard.start(1.0);
        assertTrue(off.admits(Long.MAX_VALUE / 2));
        assertTrue(off.admitsAfterCollection(Long.MAX_VALUE / 2));
        assertEquals(false, off.refusing());
    }
}
