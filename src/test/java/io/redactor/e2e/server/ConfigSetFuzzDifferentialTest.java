package io.redactor.e2e.server;

import io.redactor.actors.node.config.ConfigFuzz;
import io.redactor.actors.node.config.ConfigParameter;
import io.redactor.actors.node.config.ConfigParameters;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random CONFIG SET names and values (see {@link ConfigFuzz}) sent to a private Redactor and a private Redis 7.0.15
 * side by side: both accept or both refuse, with the same error text, and a value both took prints the same in
 * CONFIG GET. Seeded: a failure names the seed and the iteration. Parameters that would cut the test's own
 * connection or move the servers (port, bind, timeout, client limits, requirepass, files) are left out.
 */
class ConfigSetFuzzDifferentialTest {
    private static final long SEED = 15L;
    private static final Set<String> LEFT_OUT = Set.of("port", "tls-port", "bind", "requirepass", "timeout",
            "maxclients", "maxmemory-clients", "client-output-buffer-limit", "client-query-buffer-limit",
            "proto-max-bulk-len", "appendonly", "dir", "dbfilename", "appenddirname", "appendfilename",
            "oom-score-adj", "oom-score-adj-values", "watchdog-period", "unixsocket", "aclfile", "logfile",
            "pidfile", "daemonize", "enable-debug-command", "enable-protected-configs", "enable-module-command",
            "save", "key-load-delay", "rdb-key-save-delay", "maxmemory", "min-replicas-to-write");

    private static String text(byte[] reply) {
        return new String(reply, StandardCharsets.ISO_8859_1);
    }

    @Test
    void configSetAnswersAsRedisDoes(@TempDir Path dir) {
        List<ConfigParameter> parameters = ConfigParameters.all().stream()
                .filter(p -> p.names().stream().noneMatch(LEFT_OUT::contains)).toList();
        ConfigFuzz fuzz = new ConfigFuzz(SEED, parameters);
        List<String> mismatches = new ArrayList<>();
        int ok = 0;
        try (TestRedactor server = TestRedactor.start(Map.of());
             RealRedis real = RealRedis.startIn(dir, "--save", "", "--appendonly", "no");
             RawClient ours = server.raw(); RawClient redis = real.raw()) {
            for (int i = 0; i < 2_000 && mismatches.size() < 30; i++) {
                List<byte[]> args = new ArrayList<>(List.of(ConfigFuzz.bytes("CONFIG"), ConfigFuzz.bytes("SET")));
                args.addAll(fuzz.arguments());
                byte[][] command = args.toArray(new byte[0][]);
                String where = "seed " + SEED + " iteration " + i + ": " + ConfigFuzz.show(args);
                String reply = text(ours.call(command));
                String expected = text(redis.call(command));
                if (!reply.equals(expected)) {
                    mismatches.add(where + "\n    Redis:    " + show(expected) + "\n    Redactor: " + show(reply));
                    continue;
                }
                if (!reply.startsWith("+")) {
                    continue;
                }
                ok++;
                for (int a = 2; a + 1 < command.length; a += 2) {
                    byte[][] get = {ConfigFuzz.bytes("CONFIG"), ConfigFuzz.bytes("GET"), command[a]};
                    String ourValue = text(ours.call(get));
                    String redisValue = text(redis.call(get));
                    if (!ourValue.equals(redisValue)) {
                        mismatches.add(where + "\n    then CONFIG GET " + show(text(command[a])) + "\n    Redis:    "
                                + show(redisValue) + "\n    Redactor: " + show(ourValue));
                    }
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " answers differ from Redis's:\n"
                + String.join("\n", mismatches));
        assertTrue(ok > 200, "accepted: " + ok);
    }

    private static String show(String reply) {
        return reply.replace("\r", "\\r").replace("\n", "\\n");
    }
}
