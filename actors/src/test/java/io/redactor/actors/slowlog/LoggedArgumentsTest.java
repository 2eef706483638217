package io.redactor.actors.slowlog;

import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LoggedArgumentsTest {
    private static final CommandTable TABLE = new CommandTable(CommandFamilies.all());
    /** Redactor has no MIGRATE yet; its arguments are redacted as Redis does once it has. */
    private static final CommandSpec MIGRATE = CommandSpec.command("migrate", -6).runsAtClient(call -> null).build();

    private static List<String> logged(String... args) {
        CommandSpec spec = args[0].equals("MIGRATE") ? MIGRATE : TABLE.lookup(args[0]);
        if (!spec.subcommands().isEmpty()) {
            spec = spec.subcommand(args[1].toLowerCase(java.util.Locale.ROOT));
        }
        byte[][] bytes = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            bytes[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        return LoggedArguments.of(spec, bytes).stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void atMost32ArgumentsTheLastCountingTheRest() {
        List<String> args = new ArrayList<>(List.of("SADD", "s"));
        for (int i = 0; i < 30; i++) {
            args.add("m" + i);
        }
        assertEquals(32, logged(args.toArray(String[]::new)).size());
        assertEquals("m29", logged(args.toArray(String[]::new)).getLast(), "32 arguments are kept whole");
        args.add("m30");
        List<String> cut = logged(args.toArray(String[]::new));
        assertEquals(32, cut.size());
        assertEquals("... (2 more arguments)", cut.getLast());
    }

    @Test
    void stringsCutAfter128Bytes() {
        assertEquals("x".repeat(128), logged("SET", "k", "x".repeat(128)).get(2));
        assertEquals("x".repeat(128) + "... (2 more bytes)", logged("SET", "k", "x".repeat(130)).get(2));
    }

    @Test
    void secretsRedacted() {
        assertEquals(List.of("AUTH", "(redacted)"), logged("AUTH", "pw"));
        assertEquals(List.of("AUTH", "(redacted)", "(redacted)"), logged("AUTH", "user", "pw"));
        assertEquals(List.of("AUTH", "a", "b", "c"), logged("AUTH", "a", "b", "c"), "a syntax error hides nothing");
        assertEquals(List.of("HELLO", "3", "SETNAME", "n", "AUTH", "(redacted)", "(redacted)"),
                logged("HELLO", "3", "SETNAME", "n", "AUTH", "u", "p"));
        assertEquals(List.of("ACL", "SETUSER", "(redacted)", "(redacted)"), logged("ACL", "SETUSER", "u", ">pw"));
        assertEquals(List.of("CONFIG", "SET", "maxmemory", "1", "requirepass", "(redacted)"),
                logged("CONFIG", "SET", "maxmemory", "1", "requirepass", "pw"));
        assertEquals(List.of("MIGRATE", "h", "1", "", "0", "5", "COPY", "AUTH2", "(redacted)", "(redacted)", "KEYS",
                "a"), logged("MIGRATE", "h", "1", "", "0", "5", "COPY", "AUTH2", "u", "p", "KEYS", "a"));
    }
}
