package io.redactor.e2e.strings;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs the command corpus {@code differential/strings.txt} in order against a real Redis 7.0 and against
 * Redactor, and compares every reply byte for byte.
 *
 * <p>Corpus syntax, one command per line: words separated by blanks; {@code "..."} is one argument in which
 * {@code \xHH}, {@code \r}, {@code \n}, {@code \t}, {@code \0}, {@code \\} and {@code \"} are escapes (they work in
 * bare words too); {@code '...'} is one argument taken literally; a bare word {@code {N*text}} is {@code text}
 * repeated N times. Lines starting with {@code #} and blank lines are skipped.
 */
class StringDifferentialTest {
    private static final String CORPUS = "/differential/strings.txt";
    private static final Pattern REPEAT = Pattern.compile("\\{(\\d+)\\*([^}]*)}");
    /** HELLO's reply carries the connection's id, which differs between the servers. */
    private static final Pattern HELLO_ID = Pattern.compile("(\\$2\r\nid\r\n):\\d+\r\n");

    @Test
    void corpusRepliesMatchRedis() throws IOException {
        assertMatchesRedis(1);
    }

    /** The same corpus sent in pipelined batches, so that commands for many partitions are in flight at once. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() throws IOException {
        assertMatchesRedis(64);
    }

    private static void assertMatchesRedis(int batchSize) throws IOException {
        List<Line> lines = readCorpus();
        assertTrue(lines.size() >= 300, "the corpus should hold at least 300 commands, has " + lines.size());
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient redactor = TestRedactor.shared().raw()) {
            String redisLimit = protoMaxBulkLen(redis);
            String redactorLimit = protoMaxBulkLen(redactor);
            try {
                redis.call("FLUSHALL");
                redactor.call("FLUSHALL");
                for (int from = 0; from < lines.size(); from += batchSize) {
                    List<Line> batch = lines.subList(from, Math.min(lines.size(), from + batchSize));
                    for (Line line : batch) {
                        redis.command(line.command());
                        redactor.command(line.command());
                    }
                    for (Line line : batch) {
                        String expected = comparable(redis.readReply());
                        String actual = comparable(redactor.readReply());
                        if (!expected.equals(actual)) {
                            mismatches.add("line " + line.number() + ": " + line.text() + "\n    redis:    "
                                    + printable(expected) + "\n    redactor: " + printable(actual));
                        }
                    }
                }
            } finally {
                for (RawClient client : List.of(redis, redactor)) {
                    client.call("HELLO", "2");
                    client.call("FLUSHALL");
                }
                redis.call("CONFIG", "SET", "proto-max-bulk-len", redisLimit);
                redactor.call("CONFIG", "SET", "proto-max-bulk-len", redactorLimit);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " replies differ from Redis:\n" + String.join("\n", mismatches));
        }
    }

    @Test
    void incrbyfloatIntegralResultEncoding() {
        try (RawClient redis = RealRedis.shared().raw(); RawClient redactor = TestRedactor.shared().raw()) {
            try {
                for (RawClient client : List.of(redis, redactor)) {
                    client.call("SET", "d:encoding", "1.5");
                    client.call("INCRBYFLOAT", "d:encoding", "0.5");
                }
                assertEquals(redis.call("OBJECT", "ENCODING", "d:encoding"),
                        redactor.call("OBJECT", "ENCODING", "d:encoding"));
                assertEquals(redis.call("OBJECT", "REFCOUNT", "d:encoding"),
                        redactor.call("OBJECT", "REFCOUNT", "d:encoding"));
            } finally {
                redis.call("DEL", "d:encoding");
                redactor.call("DEL", "d:encoding");
            }
        }
    }

    @Test
    void setKeyFlagsDependOnGet() {
        try (RawClient redis = RealRedis.shared().raw(); RawClient redactor = TestRedactor.shared().raw()) {
            for (String[] command : new String[][] {{"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v"},
                    {"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v", "NX", "EX", "10"},
                    {"COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v", "get"}}) {
                assertEquals(redis.call(command), redactor.call(command), String.join(" ", command));
            }
        }
    }

    @Test
    void parserHandlesQuotesEscapesAndRepeats() {
        assertEquals(List.of("SET", "k", "a b", "\0\r\n\u00ff", "x\\x00", "", "ababab", "q\"t"),
                Arrays.stream(parse("SET k \"a b\" \\x00\\r\\n\\xff 'x\\x00' \"\" {3*ab} \"q\\\"t\""))
                        .map(bytes -> new String(bytes, StandardCharsets.ISO_8859_1)).toList());
    }

    /** A command of the corpus with its line number. */
    private record Line(int number, String text, byte[][] command) {
    }

    private static List<Line> readCorpus() throws IOException {
        try (InputStream in = StringDifferentialTest.class.getResourceAsStream(CORPUS)) {
            if (in == null) {
                throw new IllegalStateException(CORPUS + " is missing");
            }
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<Line> lines = new ArrayList<>();
            for (int n = 0; n < texts.size(); n++) {
                String text = texts.get(n).strip();
                if (!text.isEmpty() && !text.startsWith("#")) {
                    lines.add(new Line(n + 1, text, parse(text)));
                }
            }
            return lines;
        }
    }

    private static String protoMaxBulkLen(RawClient client) {
        String reply = client.call("CONFIG", "GET", "proto-max-bulk-len");
        String[] parts = reply.split("\r\n");
        return parts[parts.length - 1];
    }

    private static String comparable(byte[] reply) {
        String text = new String(reply, StandardCharsets.ISO_8859_1);
        return HELLO_ID.matcher(text).replaceFirst("$1:<id>\r\n");
    }

    private static String printable(String reply) {
        StringBuilder out = new StringBuilder();
        for (char ch : (reply.length() > 600 ? reply.substring(0, 600) + "..." : reply).toCharArray()) {
            switch (ch) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                default -> out.append(ch < 32 || ch > 126 ? String.format("\\x%02x", (int) ch) : String.valueOf(ch));
            }
        }
        return out.toString();
    }

    /** Splits a corpus line into arguments (see the class comment for the syntax). */
    static byte[][] parse(String line) {
        List<byte[]> args = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            char ch = line.charAt(i);
            if (ch == ' ' || ch == '\t') {
                i++;
                continue;
            }
            ByteArrayOutputStream arg = new ByteArrayOutputStream();
            if (ch == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated ' in: " + line);
                }
                arg.writeBytes(line.substring(i + 1, end).getBytes(StandardCharsets.ISO_8859_1));
                i = end + 1;
            } else if (ch == '"') {
                i = readEscaped(line, i + 1, arg, true);
            } else {
                int end = i;
                while (end < line.length() && line.charAt(end) != ' ' && line.charAt(end) != '\t') {
                    end++;
                }
                Matcher repeat = REPEAT.matcher(line.substring(i, end));
                if (repeat.matches()) {
                    arg.writeBytes(repeat.group(2).repeat(Integer.parseInt(repeat.group(1)))
                            .getBytes(StandardCharsets.ISO_8859_1));
                    i = end;
                } else {
                    i = readEscaped(line, i, arg, false);
                }
            }
            args.add(arg.toByteArray());
        }
        return args.toArray(byte[][]::new);
    }

    /** Reads a quoted (up to the closing quote) or bare (up to a blank) argument; returns where it ends. */
    private static int readEscaped(String line, int i, ByteArrayOutputStream arg, boolean quoted) {
        while (true) {
            if (i >= line.length()) {
                if (quoted) {
                    throw new IllegalArgumentException("unterminated \" in: " + line);
                }
                return i;
            }
            char ch = line.charAt(i);
            if (quoted ? ch == '"' : ch == ' ' || ch == '\t') {
                return quoted ? i + 1 : i;
            }
            if (ch != '\\' || i + 1 >= line.length()) {
                arg.write(ch);
                i++;
                continue;
            }
            char escaped = line.charAt(i + 1);
            switch (escaped) {
                case 'x' -> {
                    arg.write(Integer.parseInt(line.substring(i + 2, i + 4), 16));
                    i += 4;
                    continue;
                }
                case 'r' -> arg.write('\r');
                case 'n' -> arg.write('\n');
                case 't' -> arg.write('\t');
                case '0' -> arg.write(0);
                default -> arg.write(escaped);
            }
            i += 2;
        }
    }
}
