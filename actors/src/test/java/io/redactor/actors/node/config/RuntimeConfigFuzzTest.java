package io.redactor.actors.node.config;

import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of CONFIG SET's parsing, without a server (compared with Redis in ConfigSetFuzzDifferentialTest):
 * random names and values answer OK or an ERR, nothing throws, a refusal changes no parameter, and what CONFIG GET
 * then prints of a value set is a value CONFIG SET takes back unchanged.
 */
class RuntimeConfigFuzzTest {
    private static final long SEED = 6_379L;

    private static Map<String, String> values(RuntimeConfig config) {
        Map<String, String> values = new LinkedHashMap<>();
        for (ConfigParameter parameter : config.parameters()) {
            values.put(parameter.name(), config.get(parameter.name()));
        }
        return values;
    }

    @Test
    void configSetAnswersOkOrAnErrorAndARefusalChangesNothing() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20_000);
        // the protected ones too (dir, ...), as from a local connection with enable-protected-configs local
        ConfigFuzz fuzz = new ConfigFuzz(SEED, config.parameters());
        int ok = 0;
        int refused = 0;
        for (int i = 0; i < 8_000; i++) {
            List<byte[]> args = fuzz.arguments();
            String where = "seed " + SEED + " iteration " + i + ": CONFIG SET " + ConfigFuzz.show(args);
            Map<String, String> before = values(config);
            Reply reply;
            try {
                reply = config.configSet(args, fuzz.random().nextBoolean());
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(where + " threw " + e, e);
            }
            if (reply instanceof ErrorReply error) {
                refused++;
                assertTrue(error.message().startsWith("ERR "), where + ": " + error.message());
                assertTrue(error.message().indexOf('\r') < 0 && error.message().indexOf('\n') < 0,
                        where + ": " + error.message());
                assertEquals(before, values(config), where + " was refused (" + error.message()
                        + ") but changed parameters");
                continue;
            }
            assertSame(SimpleString.OK, reply, where);
            ok++;
            // what CONFIG GET prints is taken back as it is
            for (int a = 0; a + 1 < args.size(); a += 2) {
                String name = new String(args.get(a), java.nio.charset.StandardCharsets.UTF_8);
                String printed = config.get(name);
                Reply again = config.configSet(List.of(ConfigFuzz.bytes(name), ConfigFuzz.bytes(printed)), true);
                assertSame(SimpleString.OK, again, where + ": then CONFIG SET " + name + " '" + printed
                        + "' (as CONFIG GET printed it) answered " + again);
                assertEquals(printed, config.get(name), where + ": set again as printed");
            }
        }
        assertTrue(ok > 800 && refused > 800, "ok " + ok + ", refused " + refused);
    }
}
