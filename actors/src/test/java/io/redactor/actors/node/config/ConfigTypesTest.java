package io.redactor.actors.node.config;

import io.redactor.actors.data.KeyspaceEvents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.redactor.actors.node.config.ConfigType.Bool;
import io.redactor.actors.node.config.ConfigType.Clamped;
import io.redactor.actors.node.config.ConfigType.MemoryOrPercent;
import io.redactor.actors.node.config.ConfigType.Numeric;
import io.redactor.actors.node.config.ConfigType.Octal;
import io.redactor.actors.node.config.ConfigType.OneOf;
import io.redactor.actors.node.config.ConfigType.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parsing and printing of every type. Expected texts and messages are what Redis 7.0.15 answered to
 * {@code CONFIG SET} / {@code CONFIG GET} (or to start-up options for immutable parameters), unless a comment
 * says Redactor deliberately differs.
 */
class ConfigTypesTest {
    private static final String NOT_INTEGER = "argument couldn't be parsed into an integer";
    private static final String NOT_MEMORY = "argument must be a memory value";
    private static final String NOT_MEMORY_OR_PERCENT = "argument must be a memory or percent value";

    /** Parses from the type's default (as the table gives it) and prints. */
    private static <T> String set(ConfigType<T> type, String defaultText, String text) throws ConfigValueException {
        T current = type.parse(defaultText, null);
        return type.render(type.parse(text, current));
    }

    private static <T> void ok(ConfigType<T> type, String defaultText, String text, String printed) {
        try {
            assertEquals(printed, set(type, defaultText, text), "'" + text + "'");
        } catch (ConfigValueException e) {
            throw new AssertionError("'" + text + "' refused: " + e.getMessage(), e);
        }
    }

    private static <T> void bad(ConfigType<T> type, String defaultText, String text, String message) {
        ConfigValueException e = assertThrows(ConfigValueException.class, () -> set(type, defaultText, text),
                "'" + text + "'");
        assertEquals(message, e.getMessage(), "'" + text + "'");
    }

    @Test
    void bool() {
        Bool type = new Bool();
        ok(type, "no", "YES", "yes");
        ok(type, "no", "Yes", "yes");
        ok(type, "yes", "nO", "no");
        for (String text : new String[] {"1", "0", "true", "", " yes", "yes ", "y", "on"}) {
            bad(type, "no", text, "argument must be 'yes' or 'no'");
        }
    }

    @Test
    void integer() {
        Numeric type = Numeric.integer(0, Integer.MAX_VALUE);
        ok(type, "10", "0", "0");
        ok(type, "10", "2147483647", "2147483647");
        String range = "argument must be between 0 and 2147483647 inclusive";
        bad(type, "10", "-1", range);
        bad(type, "10", "9999999999", range);
        bad(type, "10", "9223372036854775807", range);
        bad(type, "10", "-9223372036854775808", range);
        for (String text : new String[] {"9223372036854775808", "-9223372036854775809", "010", "+5", " 5", "5 ",
            "0x10", "1e3", "-0", "", "5k", "1.0", "00", "-00", "99999999999999999999999999999", "\u00e9"}) {
            bad(type, "10", text, NOT_INTEGER);
        }
    }

    @Test
    void integerRangesPrintBothBounds() {
        bad(Numeric.integer(-1, Long.MAX_VALUE), "10000", "-2",
                "argument must be between -1 and 9223372036854775807 inclusive");
        bad(Numeric.integer(1, 0xFFFF_FFFFL), "10000", "0", "argument must be between 1 and 4294967295 inclusive");
        bad(Numeric.integer(Integer.MIN_VALUE, Integer.MAX_VALUE), "-2", "-9223372036854775808",
                "argument must be between -2147483648 and 2147483647 inclusive");
        ok(Numeric.integer(Integer.MIN_VALUE, Integer.MAX_VALUE), "-2", "-5", "-5");
        ok(Numeric.integer(0, Long.MAX_VALUE), "0", "9223372036854775807", "9223372036854775807");
    }

    @Test
    void hzIsClampedAfterValidation() {
        Clamped hz = new Clamped(Numeric.integer(0, Integer.MAX_VALUE), 1, 500);
        ok(hz, "10", "0", "1");
        ok(hz, "10", "1", "1");
        ok(hz, "10", "500", "500");
        ok(hz, "10", "501", "500");
        ok(hz, "10", "100000", "500");
        bad(hz, "10", "-1", "argument must be between 0 and 2147483647 inclusive");
        bad(hz, "10", "x", NOT_INTEGER);
    }

    @Test
    void memoryUnitsAsRedisReadsThem() {
        Numeric maxmemory = Numeric.unsignedMemory();
        String[][] accepted = {
            {"1GB", "1073741824"}, {"1g", "1000000000"}, {"1G", "1000000000"}, {"1gb", "1073741824"},
            {"1Gb", "1073741824"}, {"1kb", "1024"}, {"1k", "1000"}, {"1KB", "1024"}, {"1K", "1000"},
            {"1kB", "1024"}, {"1m", "1000000"}, {"1mb", "1048576"}, {"1b", "1"}, {"1B", "1"}, {"1", "1"},
            {"01k", "1000"}, {"010", "10"}, {"", "0"}, {"k", "0"}, {"kb", "0"},
            {"18446744073709551615", "18446744073709551615"},
            {"18446744073709551616", "18446744073709551615"}, // strtoull saturates
            {"18014398509481984k", "18014398509481984000"},
            {"17179869184g", "17179869184000000000"},
            {"18446744073709551615b", "18446744073709551615"},
            // Redis 7.0.15 wraps the product around to 18446744072635809792; Redactor saturates
            {"99999999999999999999999gb", "18446744073709551615"},
            {"17179869185gb", "18446744073709551615"},
        };
        for (String[] c : accepted) {
            ok(maxmemory, "0", c[0], c[1]);
        }
        for (String text : new String[] {"1.5mb", "1.5", "-1", "-0", "+1", " 1", "1 ", "0x10", "1e3", "1tb", "1t",
            "1bb", "1kbb", "-1k", "1 kb", "1k1", "\u00e9", "1\u00e9"}) {
            bad(maxmemory, "0", text, NOT_MEMORY);
        }
    }

    @Test
    void signedMemoryRange() throws ConfigValueException {
        Numeric protoMaxBulkLen = Numeric.memory(1024 * 1024, Long.MAX_VALUE);
        String range = "argument must be between 1048576 and 9223372036854775807 inclusive";
        bad(protoMaxBulkLen, "512mb", "0", range);
        bad(protoMaxBulkLen, "512mb", "99999999999999999999", range);
        bad(protoMaxBulkLen, "512mb", "18446744073709551615", range);
        bad(protoMaxBulkLen, "512mb", "9223372036854775808", range);
        bad(protoMaxBulkLen, "512mb", "99999999999999999999999gb", range);
        ok(protoMaxBulkLen, "512mb", "2gb", "2147483648");
        ok(protoMaxBulkLen, "512mb", "9223372036854775807", "9223372036854775807");
        bad(protoMaxBulkLen, "512mb", "-9223372036854775808", NOT_MEMORY);
        assertEquals("536870912", set(protoMaxBulkLen, "512mb", "512mb"));
    }

    @Test
    void memoryOrPercent() throws ConfigValueException {
        MemoryOrPercent type = new MemoryOrPercent();
        ok(type, "0", "10%", "10%");
        ok(type, "0", "0%", "0");
        ok(type, "0", "100%", "100%");
        ok(type, "0", "1%", "1%");
        ok(type, "0", "", "0");
        ok(type, "0", "1kb", "1024");
        ok(type, "0", "1KB", "1024");
        ok(type, "0", "0", "0");
        ok(type, "0", "1g", "1000000000");
        ok(type, "0", "9223372036854775807", "9223372036854775807");
        bad(type, "0", "101%", "percentage argument must be less or equal to 100");
        bad(type, "0", "9223372036854775807%", "percentage argument must be less or equal to 100");
        for (String text : new String[] {"-1%", "1.5%", "%", "10%%", "-5", "10 %", "010%", "+5%", "01%",
            "99999999999999999999%"}) {
            bad(type, "0", text, NOT_MEMORY_OR_PERCENT);
        }
        // Redis 7.0.15 reads these through a signed cast (as "percentage ... 100" and as "1%"); Redactor refuses
        bad(type, "0", "9223372036854775808", "argument must be between 0 and 9223372036854775807 inclusive");
        bad(type, "0", "18446744073709551615", "argument must be between 0 and 9223372036854775807 inclusive");
        assertEquals(-10L, type.parse("10%", 0L));
    }

    @Test
    void oneOf() {
        OneOf policy = OneOf.of("volatile-lru", "volatile-lfu", "volatile-random", "volatile-ttl", "allkeys-lru",
                "allkeys-lfu", "allkeys-random", "noeviction");
        ok(policy, "noeviction", "ALLKEYS-LRU", "allkeys-lru");
        ok(policy, "noeviction", "Volatile-Lfu", "volatile-lfu");
        String message = "argument(s) must be one of the following: volatile-lru, volatile-lfu, volatile-random, "
                + "volatile-ttl, allkeys-lru, allkeys-lfu, allkeys-random, noeviction";
        bad(policy, "noeviction", "allkeys-lru ", message);
        bad(policy, "noeviction", "", message);
        bad(policy, "noeviction", "lru", message);
        bad(OneOf.of("everysec", "always", "no"), "everysec", "x",
                "argument(s) must be one of the following: everysec, always, no");
    }

    @Test
    void shutdownFlags() {
        ShutdownFlagsType type = new ShutdownFlagsType();
        ok(type, "default", "nosave now", "nosave now");
        ok(type, "default", "now nosave", "nosave now");
        ok(type, "default", "NOW FORCE", "now force");
        ok(type, "default", "default now", "now");
        ok(type, "default", "now default", "now");
        ok(type, "default", "force", "force");
        ok(type, "default", "now now", "now");
        ok(type, "now", "default", "default");
        ok(type, "default", "save", "save");
        bad(type, "default", "save nosave", "shutdown options SAVE and NOSAVE can't be used simultaneously");
        String message = "argument(s) must be one of the following: default, save, nosave, now, force";
        bad(type, "default", "save  now", message);
        bad(type, "default", "", message);
        bad(type, "default", " now", message);
        bad(type, "default", "later", message);
    }

    @Test
    void save() {
        SaveType type = new SaveType();
        ok(type, "", "3600 1 300 100 60 10000", "3600 1 300 100 60 10000");
        ok(type, "3600 1", "", "");
        ok(type, "", "100 5", "100 5");
        ok(type, "", "+5 05", "5 5");
        ok(type, "", "100 5 100 5", "100 5 100 5");
        ok(type, "", "1 0", "1 0");
        ok(type, "", "1 -0", "1 0");
        ok(type, "", "1 \t2", "1 2");
        ok(type, "", "1  2 3", "1 0 2 3"); // an empty part between two spaces is 0
        ok(type, "", "1 ", "1 0");
        ok(type, "", "99999999999999999999 1", "9223372036854775807 1");
        ok(type, "", "9223372036854775807 2147483647", "9223372036854775807 2147483647");
        for (String text : new String[] {"100", "100 5 200", "x 1", "1 x", "-1 5", "0 0", "0 1", "5  6", " 5 6",
            "1k 2", "1.5 2", "0x10 1", "1 -1", "\"\"", "''", "5 6 \"\"", "abc", "5 6 ", "1 2  3"}) {
            bad(type, "", text, "Invalid save parameters");
        }
        // Redis 7.0.15 wraps this count to -2147483648; Redactor refuses it
        bad(type, "", "9223372036854775807 2147483648", "Invalid save parameters");
    }

    @Test
    void clientOutputBufferLimit() {
        OutputBufferLimitsType type = new OutputBufferLimitsType();
        String redisDefault = "normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60";
        String tableDefault = "normal 0 0 0 slave 256mb 64mb 60 pubsub 32mb 8mb 60";
        ok(type, tableDefault, "normal 0 0 0", redisDefault);
        ok(type, tableDefault, "normal 1 2 3", "normal 1 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "NORMAL 1kb 2mb 3",
                "normal 1024 2097152 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "slave 1gb 2gb 10",
                "normal 0 0 0 slave 1073741824 2147483648 10 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "replica 1 2 3", "normal 0 0 0 slave 1 2 3 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "Pubsub 1 1 1", "normal 0 0 0 slave 268435456 67108864 60 pubsub 1 1 1");
        ok(type, tableDefault, "normal 1 2 3 pubsub 4 5 6", "normal 1 2 3 slave 268435456 67108864 60 pubsub 4 5 6");
        ok(type, tableDefault, "normal 1 2 3 normal 4 5 6",
                "normal 4 5 6 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "slave 1 1 1 replica 2 2 2", "normal 0 0 0 slave 2 2 2 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "", redisDefault);
        ok(type, tableDefault, "normal 1 2 +3", "normal 1 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 1 2 03", "normal 1 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 1 2 -0", "normal 1 2 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 1 2 \t3", "normal 1 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 2 1 3", "normal 2 1 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 1 2 2147483647",
                "normal 1 2 2147483647 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 1 2 ", "normal 1 2 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal  1 2", "normal 0 1 2 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 18446744073709551615 2 3",
                "normal 18446744073709551615 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        ok(type, tableDefault, "normal 99999999999999999999 2 3",
                "normal 18446744073709551615 2 3 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        String count = "Wrong number of arguments in buffer limit configuration.";
        bad(type, tableDefault, "normal 1 2", count);
        bad(type, tableDefault, "normal 1 2 3 ", count);
        bad(type, tableDefault, " normal 1 2 3", count);
        bad(type, tableDefault, "normal 1 2 3 foo", count);
        bad(type, tableDefault, "normal 1 2 3 normal 1 2 3 x", count);
        String clientClass = "Invalid client class specified in buffer limit configuration.";
        bad(type, tableDefault, "foo 1 2 3", clientClass);
        bad(type, tableDefault, "master 1 2 3", clientClass);
        bad(type, tableDefault, "normal 5 5 5 foo 1 2 3", clientClass);
        String numbers = "Error in hard, soft or soft_seconds setting in buffer limit configuration.";
        for (String text : new String[] {"normal -1 2 3", "normal 1 2 -3", "normal 1 2 3k", "normal 1.5 2 3",
            "normal 1 2 99999999999999999999", "normal 1 2 9223372036854775807", "normal x 2 3", "normal 1 2 x",
            "normal 1 2 2147483648"}) {
            bad(type, tableDefault, text, numbers);
        }
    }

    @Test
    void notifyKeyspaceEvents() {
        KeyspaceEventsType type = new KeyspaceEventsType();
        String[][] printed = {
            {"", ""}, {"K", "K"}, {"E", "E"}, {"KE", "KE"}, {"A", "A"}, {"KA", "AK"}, {"KEA", "AKE"}, {"Kg", "gK"},
            {"Kg$lshzxetmd", "AKm"}, {"KEg$lshzxetmdn", "AKEm"}, {"Kn", "nK"}, {"n", "n"}, {"KEn", "nKE"},
            {"AKEn", "AKE"}, {"gA", "A"}, {"xA", "A"}, {"zzzK", "zK"}, {"Ke", "eK"}, {"Ktm", "tKm"},
            {"KEtm", "tKEm"}, {"KEm", "KEm"}, {"Kd", "dK"}, {"KEd", "dKE"}, {"Kx", "xK"}, {"Kxe", "xeK"},
            {"KEz$", "$zKE"}, {"KE$lshzxedtmn", "$lshzxetdnKEm"},
        };
        for (String[] c : printed) {
            ok(type, "", c[0], c[1]);
        }
        for (String text : new String[] {"K A", "ke", "kA", "a", "KE\u00e9"}) {
            bad(type, "", text, "Invalid event class character. Use 'Ag$lshzxeKEtmdn'.");
        }
    }

    @Test
    void notifyKeyspaceEventsKeepsNewKeyFlagUnderA() throws ConfigValueException {
        int flags = new KeyspaceEventsType().parse("AKEn", 0);
        assertEquals(KeyspaceEvents.ALL | KeyspaceEvents.NEW_KEY | KeyspaceEvents.KEYSPACE
                | KeyspaceEvents.KEYEVENT, flags);
    }

    @Test
    void oomScoreAdjValues() {
        OomScoreAdjType type = new OomScoreAdjType();
        ok(type, "0 200 800", "1 2 3", "1 2 3");
        ok(type, "0 200 800", "-1000 1000 0", "-1000 1000 0");
        ok(type, "0 200 800", "-2000 0 2000", "-2000 0 2000");
        ok(type, "0 200 800", "+1 02 3", "1 2 3");
        ok(type, "0 200 800", "1  2", "1 0 2");
        ok(type, "0 200 800", "1 2 ", "1 2 0");
        String count = "wrong number of arguments";
        bad(type, "0 200 800", "1 2", count);
        bad(type, "0 200 800", "1 2 3 4", count);
        bad(type, "0 200 800", "1  2 3", count);
        bad(type, "0 200 800", "", count);
        bad(type, "0 200 800", " 1 2 3", count);
        String range = "Invalid oom-score-adj-values, elements must be between -2000 and 2000.";
        for (String text : new String[] {"a b c", "1.5 2 3", "-2001 0 0", "0 0 2001", "1x 2 3", "99999999999 0 0"}) {
            bad(type, "0 200 800", text, range);
        }
    }

    @Test
    void latencyTrackingPercentiles() {
        PercentilesType type = new PercentilesType();
        String[][] printed = {
            {"50 99 99.9", "50 99 99.9"}, {"", ""}, {"50", "50"}, {"0 100", "0 100"},
            {"50.5 99.99999", "50.5 99.99999"}, {"1e1", "10"}, {"99 50", "99 50"}, {"50 50", "50 50"},
            {"0.0001", "0.0001"}, {"1.0", "1"}, {"+5", "5"}, {"0x10", "16"}, {"5.", "5"}, {".5", "0.5"},
            {"33.333333333333", "33.333333"}, {"0.0000001", "0"}, {"0.0000005", "0"}, {"0.0000004", "0"},
            {"99.9999999", "100"}, {"12345e-3", "12.345"}, {"-0", "-0"}, {"0X1p3", "8"},
            {"50.1234565", "50.123457"}, {"50.12345650001", "50.123457"}, {"1e-310", "0"}, {"4.9e-324", "0"},
            {"0e5", "0"}, {"+.5e+1", "5"}, {"1.5e1", "15"}, {"0.00000050000000001", "0.000001"},
            {"0x1.8p1", "3"},
            {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"},
        };
        for (String[] c : printed) {
            ok(type, "50 99 99.9", c[0], c[1]);
        }
        String invalid = "Invalid latency-tracking-info-percentiles parameters";
        for (String text : new String[] {"abc", "50  99", " 50", "50 ", "nan", "0.1e1x", "1,5", "1e-400", "1e400",
            "1e", "0x", "\t5", "5\t", "1d", "1f"}) {
            bad(type, "50 99 99.9", text, invalid);
        }
        String range = "latency-tracking-info-percentiles parameters should sit between [0.0,100.0]";
        for (String text : new String[] {"101", "-1", "inf", "INF", "-inf", "infinity", "100.0000001"}) {
            bad(type, "50 99 99.9", text, range);
        }
    }

    @Test
    void texts() {
        ok(Text.any(), "", "anything at all \u00ff\r\n", "anything at all \u00ff\r\n");
        Text hostname = Text.hostname();
        ok(hostname, "", "a.b-c", "a.b-c");
        ok(hostname, "", "", "");
        ok(hostname, "", "ABC.123", "ABC.123");
        String message = "Hostnames may only contain alphanumeric characters, hyphens or dots";
        bad(hostname, "", "a_b", message);
        bad(hostname, "", "a b", message);
        bad(Text.baseName("dbfilename", "filename"), "dump.rdb", "a/b", "dbfilename can't be a path, just a filename");
        bad(Text.baseName("appenddirname", "dirname"), "appendonlydir", "a/b",
                "appenddirname can't be a path, just a dirname");
        ok(Text.baseName("dbfilename", "filename"), "dump.rdb", "x.rdb", "x.rdb");
    }

    @Test
    void procTitleTemplate() {
        Text type = Text.procTitleTemplate();
        String initial = "{title} {listen-addr} {server-mode}";
        for (String text : new String[] {"{title} x", "x {title}", "abc", "{listen-addr}", "{title}{listen-addr}",
            "{config-file}", "{port}", "{tls-port}", "{title}}", "{{title}", "x{title}", "{title}x",
            "{server-mode} x", "x {server-mode}", "{unixsocket} x", "x{unixsocket}", "{port}{unixsocket}",
            "{title}{port}", "a ", " a", "{title}   x", "{config-file}{config-file}", "{server-mode}{port}", "}",
            "}}", "{{", "a\tb", "a\t", initial}) {
            ok(type, initial, text, text);
        }
        for (String text : new String[] {"{title}", "{foo}", "", " {title}", "{title} ", "{server-mode}",
            "{unixsocket}", "{title}{", "{title}{title}", "{title}{server-mode}", "{title}{unixsocket}", " ", "{",
            "{}", "{TITLE}"}) {
            bad(type, initial, text, "template format is invalid or contains unknown variables");
        }
    }

    @Test
    void unixsocketpermIsOctal() {
        Octal type = new Octal(0777);
        ok(type, "0", "700", "700");
        ok(type, "0", "0", "0");
        ok(type, "0", "0777", "777");
        bad(type, "0", "999", "argument couldn't be parsed as an octal number");
        bad(type, "0", "8", "argument couldn't be parsed as an octal number");
        bad(type, "0", "", "argument couldn't be parsed as an octal number");
        bad(type, "0", "1777", "argument must be between 0 and 777 inclusive");
        bad(type, "0", "17777", "argument must be between 0 and 777 inclusive");
        bad(type, "0", "7".repeat(40), "argument must be between 0 and 777 inclusive");
    }

    @Test
    void replicaof() {
        ReplicaOfType type = new ReplicaOfType();
        ok(type, "", "127.0.0.1 6391", "127.0.0.1 6391");
        ok(type, "", "no one", "");
        ok(type, "127.0.0.1 6391", "NO ONE", "");
        ok(type, "", "", "");
        bad(type, "", "x", "wrong number of arguments");
        bad(type, "", "x y", "Invalid master port");
        bad(type, "", "x 99999", "Invalid master port");
    }

    @Test
    void bind() {
        BindType type = new BindType();
        ok(type, "127.0.0.1", "* -::*", "* -::*");
        ok(type, "127.0.0.1", "", "");
        ok(type, "127.0.0.1", "127.0.0.1  ::1", "127.0.0.1 ::1");
        ok(type, "127.0.0.1", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
        bad(type, "127.0.0.1", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", "Too many bind addresses specified.");
    }

    @Test
    void directory(@TempDir Path temp) throws IOException, ConfigValueException {
        DirectoryType type = new DirectoryType();
        Path sub = Files.createDirectory(temp.resolve("sub"));
        Path file = Files.createFile(temp.resolve("file"));
        String real = temp.toRealPath().toString();
        assertEquals(real, type.parse(temp.toString(), "/"));
        assertEquals(real + "/sub", type.parse("sub", real));
        assertEquals(real, type.parse("sub/..", real));
        assertEquals(real + "/sub", type.parse(sub + "/", "/"));
        assertEquals("/", type.parse("/tmp/..", real));
        assertEquals(Path.of(System.getProperty("user.dir")).toRealPath().toString(), type.parse(".", null));
        ConfigValueException notADirectory = assertThrows(ConfigValueException.class,
                () -> type.parse(file.toString(), real));
        assertEquals("Not a directory", notADirectory.getMessage());
        for (String missing : new String[] {"", "/nonexistent-redactor-dir", "no-such-sub"}) {
            ConfigValueException e = assertThrows(ConfigValueException.class, () -> type.parse(missing, real));
            assertEquals("No such file or directory", e.getMessage());
        }
    }

    @Test
    void descriptionsAreShort() {
        assertEquals("integer 0..10", Numeric.integer(0, 10).describe());
        assertEquals("memory 0..18446744073709551615", Numeric.unsignedMemory().describe());
        assertEquals("yes|no", new Bool().describe());
    }
}
