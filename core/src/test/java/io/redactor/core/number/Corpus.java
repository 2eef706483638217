package io.redactor.core.number;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads the ground-truth TSV files under {@code core/src/test/resources/number/}. */
final class Corpus {
    private Corpus() {
    }

    /**
     * The non-comment lines of {@code number/<name>}: from the class path when the build puts the
     * resources there, else from the source tree (relative to the working directory or a parent).
     */
    static List<String> lines(String name) {
        String resource = "number/" + name;
        try (InputStream in = Corpus.class.getClassLoader().getResourceAsStream(resource)) {
            if (in != null) {
                return split(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            }
            for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
                Path file = dir.resolve("core/src/test/resources").resolve(resource);
                if (Files.isRegularFile(file)) {
                    return split(Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("test corpus not found: " + resource);
    }

    private static List<String> split(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** Undoes the TSV escapes {@code \\ \t \n \r \xHH}. */
    static byte[] unescape(String field) {
        byte[] out = new byte[field.length()];
        int n = 0;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '\\') {
                out[n++] = (byte) c;
                continue;
            }
            char e = field.charAt(++i);
            switch (e) {
                case '\\' -> out[n++] = '\\';
                case 't' -> out[n++] = '\t';
                case 'n' -> out[n++] = '\n';
                case 'r' -> out[n++] = '\r';
                case 'x' -> {
                    out[n++] = (byte) Integer.parseInt(field.substring(i + 1, i + 3), 16);
                    i += 2;
                }
                default -> throw new IllegalArgumentException("bad escape in " + field);
            }
        }
        return Arrays.copyOf(out, n);
    }

    static String ascii(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A short label for a possibly huge test input. */
    static String label(String s) {
        return s.length() <= 60 ? s : s.substring(0, 40) + "...(" + s.length() + " chars)";
    }
}
