package io.redactor.e2e.server;

import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A few CONFIG checks over the wire; the configuration registry has its own unit tests. */
class ConfigCommandTest extends SharedServerTest {
    @AfterEach
    void restore() {
        jedis.configSet("maxmemory", "0");
    }

    @Test
    void setThenGetAndInfoAgree() {
        assertEquals("OK", jedis.configSet("maxmemory", "1mb"));
        assertEquals(Map.of("maxmemory", "1048576"), jedis.configGet("maxmemory"));
        assertEquals("1048576", InfoFields.of(jedis.info("memory")).get("maxmemory"));
        assertEquals(Map.of(), jedis.configGet("no-such-parameter"));
    }

    @Test
    void errors() {
        assertEquals("-ERR Unknown option or number of arguments for CONFIG SET - 'no-such-parameter'\r\n",
                raw.call("CONFIG", "SET", "no-such-parameter", "1"));
        assertEquals("-ERR wrong number of arguments for 'config|set' command\r\n",
                raw.call("CONFIG", "SET", "maxmemory"));
        assertEquals("-ERR wrong number of arguments for 'config|get' command\r\n", raw.call("CONFIG", "GET"));
        assertEquals("-ERR wrong number of arguments for 'config|resetstat' command\r\n",
                raw.call("CONFIG", "RESETSTAT", "now"));
        assertEquals("-ERR unknown subcommand 'nope'. Try CONFIG HELP.\r\n", raw.call("CONFIG", "nope"));
        assertEquals("-ERR wrong number of arguments for 'config' command\r\n", raw.call("CONFIG"));
    }

    @Test
    void helpIsRedisHelpForTheSubcommandsThatExist() {
        List<String> ours = HelpText.lines(raw, "CONFIG");
        try (RawClient redis = RealRedis.shared().raw()) {
            HelpText.assertRedisLinesInOrder(HelpText.lines(redis, "CONFIG"), ours);
        }
        assertTrue(ours.containsAll(List.of("GET <pattern>", "SET <directive> <value>", "RESETSTAT", "HELP")),
                ours.toString());
    }
}
