package io.redactor.testing;

import io.redactor.persistence.aof.AofCommandReader;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What a server's append-only files say it did. */
public final class AppendOnlyLog {
    private AppendOnlyLog() {
    }

    /**
     * The commands of the last incremental file in {@code aofDir}, as text with their names in upper case, without
     * the SELECTs.
     */
    public static List<String> lastIncrement(Path aofDir) throws Exception {
        Path incr;
        try (Stream<Path> files = Files.list(aofDir)) {
            incr = files.filter(f -> f.getFileName().toString().endsWith(".incr.aof")).sorted().reduce((a, b) -> b)
                    .orElseThrow();
        }
        byte[] content = Files.readAllBytes(incr);
        AofCommandReader reader = new AofCommandReader(new ByteArrayInputStream(content), 0, content.length);
        List<String> commands = new ArrayList<>();
        AofCommandReader.Entry entry;
        while ((entry = reader.next()) != null) {
            for (byte[][] command : entry.commands()) {
                StringBuilder line = new StringBuilder(new String(command[0], StandardCharsets.UTF_8).toUpperCase());
                for (int i = 1; i < command.length; i++) {
                    line.append(' ').append(new String(command[i], StandardCharsets.UTF_8));
                }
                if (!line.toString().startsWith("SELECT")) {
                    commands.add(line.toString());
                }
            }
        }
        return commands;
    }
}
