package io.redactor.api.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LaunchOptionsTest {
    @Test
    void defaultsComeFromTheDocumentedApplicationConf() {
        LaunchOptions options = LaunchOptions.parse(new String[0]);
        assertEquals(6379, options.config().getInt("redactor.port"));
        assertEquals("127.0.0.1", options.config().getString("redactor.bind"));
        assertEquals(64, options.config().getInt("redactor.partitions"));
        assertEquals("cluster", options.config().getString("akka.actor.provider"));
        assertEquals(7380, options.config().getInt("redactor.http.port"));
        assertEquals("", options.config().getString("redactor.http.token"));
        assertNull(options.configFile());
    }

    @Test
    void httpFlags() {
        LaunchOptions options = LaunchOptions.parse(new String[] {"--http-port", "0", "--http-token", "t"});
        assertEquals(0, options.config().getInt("redactor.http.port"));
        assertEquals("t", options.config().getString("redactor.http.token"));
    }

    @Test
    void flagsWinOverTheConfigFileWhichWinsOverDefaults(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("redactor.conf");
        Files.writeString(file, "redactor { port = 7000, partitions = 8, redis { maxclients = 50 } }");
        LaunchOptions options = LaunchOptions.parse(new String[] {"--config", file.toString(), "--port", "7001",
                "--bind", "127.0.0.1 ::1"});
        assertEquals(7001, options.config().getInt("redactor.port"));
        assertEquals(8, options.config().getInt("redactor.partitions"));
        assertEquals(50, options.config().getInt("redactor.redis.maxclients"));
        assertEquals("127.0.0.1 ::1", options.config().getString("redactor.bind"));
        assertEquals(file.toAbsolutePath().toString(), options.configFile());
    }

    @Test
    void redisParametersAreTakenAsRedisServerTakesThem() {
        LaunchOptions options = LaunchOptions.parse(new String[] {"--dir", "/tmp", "--appendonly", "yes",
                "--save", "", "--APPENDFSYNC", "always"});
        assertEquals("/tmp", options.config().getString("redactor.redis.dir"));
        assertEquals("yes", options.config().getString("redactor.redis.appendonly"));
        assertEquals("", options.config().getString("redactor.redis.save"));
        assertEquals("always", options.config().getString("redactor.redis.appendfsync"));
        assertEquals("unknown option --appendonlyx", assertThrows(LaunchOptions.UsageException.class,
                () -> LaunchOptions.parse(new String[] {"--appendonlyx", "yes"})).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--port|abc|--port needs an integer between 0 and 65535, got 'abc'",
            "--port|70000|--port needs an integer between 0 and 65535, got '70000'",
            "--port|-1|--port needs an integer between 0 and 65535, got '-1'",
            "--partitions|0|--partitions needs an integer between 1 and 16384, got '0'",
            "--partitions|16385|--partitions needs an integer between 1 and 16384, got '16385'",
            "--partitions|99999999999999999999|--partitions needs an integer between 1 and 16384, got '99999999999999999999'",
            "--config|/nonexistent/file.conf|configuration file not found: /nonexistent/file.conf",
            "--nope|x|unknown option --nope",
            "--http-port|65536|--http-port needs an integer between 0 and 65535, got '65536'",
            "--http-port|-1|--http-port needs an integer between 0 and 65535, got '-1'",
    })
    void badFlagsAreReportedClearly(String flag, String value, String message) {
        LaunchOptions.UsageException e = assertThrows(LaunchOptions.UsageException.class,
                () -> LaunchOptions.parse(new String[] {flag, value}));
        assertEquals(message, e.getMessage());
    }

    @Test
    void aFlagWithoutItsValueAndHelp() {
        assertEquals("missing value for --port",
                assertThrows(LaunchOptions.UsageException.class, () -> LaunchOptions.parse(new String[] {"--port"}))
                        .getMessage());
        assertNull(assertThrows(LaunchOptions.UsageException.class, () -> LaunchOptions.parse(new String[] {"--help"}))
                .getMessage());
    }

    @Test
    void aMalformedConfigFileIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.conf");
        Files.writeString(file, "redactor { port = ");
        assertThrows(com.typesafe.config.ConfigException.class,
                () -> LaunchOptions.parse(new String[] {"--config", file.toString()}));
    }
}
