package io.redactor.api.rest;

import com.typesafe.config.ConfigFactory;
import io.redactor.api.server.RedactorConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpSettingsTest {
    private static HttpSettings settings(int port, String token, String... addresses) {
        return new HttpSettings(port, List.of(addresses), token, 1024, Duration.ofSeconds(1), 10, 3, 1 << 20, false, java.util.Map.of());
    }

    @Test
    void defaultsComeFromApplicationConf() {
        HttpSettings defaults = HttpSettings.from(RedactorConfig.load(), List.of("127.0.0.1"));
        assertEquals(7380, defaults.port());
        assertEquals(16L << 20, defaults.maxBodyBytes());
        assertEquals(Duration.ofSeconds(30), defaults.requestTimeout());
        assertEquals(10_000, defaults.eventBuffer());
        assertEquals(10_000, defaults.maxCommands());
        assertTrue(defaults.enabled());
    }

    @ParameterizedTest
    @ValueSource(ints = {-2, 65536, Integer.MIN_VALUE})
    void portsOutOfRangeAreRefused(int port) {
        assertThrows(IllegalArgumentException.class, () -> HttpSettings.from(
                RedactorConfig.load(ConfigFactory.parseMap(Map.of("redactor.http.port", port))), List.of()));
    }

    @Test
    void zeroIsOffAndMinusOneIsAnyFreePort() {
        assertEquals(false, settings(0, "", "0.0.0.0").enabled());
        assertEquals(0, settings(-1, "").bindPort());
        assertEquals(7380, settings(7380, "").bindPort());
    }

    @Test
    void onlyLoopbackMayGoWithoutAToken() {
        assertDoesNotThrow(() -> settings(7380, "", "127.0.0.1", "::1", "localhost").checkExposure());
        assertDoesNotThrow(() -> settings(7380, "secret", "0.0.0.0").checkExposure());
        assertDoesNotThrow(() -> settings(0, "", "0.0.0.0").checkExposure());
        for (String address : List.of("0.0.0.0", "::", "192.0.2.7", "no-such-host.invalid")) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> settings(7380, "", "127.0.0.1", address).checkExposure());
            assertTrue(refused.getMessage().contains("redactor.http.token"), refused.getMessage());
        }
    }
}
