package io.redactor.e2e.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded fuzzing of the REST API's JSON bodies (POST /v1/commands, /v1/eval, /v1/scripts/{sha}/eval): valid bodies
 * mutated byte by byte, random JSON of every kind (escapes, lone surrogates, numbers of a thousand digits, nesting
 * thousands deep), bytes in other encodings or none, and bodies past the size limit. Every answer comes within its
 * time and is a success or a 4xx problem document, never a 5xx; the server still answers afterwards. A failure names
 * the seed and the request.
 */
class RestJsonFuzzTest {
    private static final long SEED = 7_381L;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] PATHS = {"/v1/commands", "/v1/commands?encoding=base64", "/v1/eval",
        "/v1/eval?encoding=base64", "/v1/scripts/e0e1f9fabfc9d4800c877a703b823ac0578ff8db/eval", "/v1/commands?db=1"};
    private static final String[] VALID = {"[\"PING\"]", "[\"SET\",\"fz:k\",\"v\"]", "[\"GET\",\"fz:k\"]",
        "[\"ECHO\",\"h\\u00e9\\n\"]", "[\"INCRBY\",\"fz:n\",5]", "[[\"PING\"],[\"ECHO\",\"x\"],[\"GET\",\"fz:k\"]]",
        "[\"HSET\",\"fz:h\",\"f\",1.5]", "{\"script\":\"return 1\",\"keys\":[],\"args\":[]}",
        "{\"script\":\"return KEYS[1]\",\"keys\":[\"fz:a\"],\"args\":[\"1\"],\"readOnly\":true}",
        "{\"keys\":[\"fz:a\"],\"args\":[\"1\",2],\"async\":false}", "[\"UElORw==\"]", "[[\"RUNITw==\",\"eA==\"]]"};
    private static final String[] STRINGS = {"PING", "ECHO", "GET", "SET", "DEL", "fz:k", "", "\\u0000", "\\ud800",
        "\\udc00x", "\\ud83d\\ude00", "\\u00e9", "\\\"", "\\\\", "\\n", "caf\u00e9", "\\/", "\\x", "\\u12", "==",
        "UEl=", "script", "keys", "args", "async", "readOnly", "return 1"};
    private static final String PUNCTUATION = "[]{}\",:\\ 0aE-\u0000";
    private static final String[] NUMBERS = {"0", "-0", "1", "-1", "1.5", "1e309", "-1e-400", "9223372036854775808",
        "1" + "0".repeat(1_500), "0." + "1".repeat(1_200), "NaN", "Infinity", "01", "1.", ".5", "+1", "0x10"};

    private static TestRedactor server;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.http.port", -1, "redactor.http.max-body-size", "256k",
                "redactor.http.max-commands", 50));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void everyBodyIsAnsweredWithoutAServerErrorOrAHang() throws Exception {
        Random random = new Random(SEED);
        int problems = 0;
        int successes = 0;
        for (int i = 0; i < 1_500; i++) {
            String path = PATHS[random.nextInt(PATHS.length)];
            byte[] body = body(random);
            int status = post(path, body, "seed " + SEED + " iteration " + i);
            if (status >= 400) {
                problems++;
            } else {
                successes++;
            }
        }
        assertTrue(problems > 700 && successes > 30, "problems " + problems + ", successes " + successes);
        assertEquals(200, post("/v1/commands", bytes("[\"PING\"]"), "after the fuzzing"));
    }

    @Test
    void deepHugeAndStrangelyEncodedBodiesAreRefusedCleanly() throws Exception {
        List<byte[]> bodies = new ArrayList<>();
        bodies.add(bytes("[".repeat(100_000)));
        bodies.add(bytes("[".repeat(65) + "\"PING\"" + "]".repeat(65)));
        bodies.add(bytes("[[" + "[".repeat(500) + "]".repeat(500) + "]]"));
        bodies.add(bytes("{\"keys\":" + "[".repeat(10_000)));
        bodies.add(bytes("{\"script\":" + "{\"a\":".repeat(20_000)));
        bodies.add(bytes("[\"ECHO\",\"" + "x".repeat(300_000) + "\"]"));
        bodies.add(bytes("[\"ECHO\"," + "1".repeat(5_000) + "]"));
        bodies.add(bytes("{\"keys\":[" + "1".repeat(5_000) + "]}"));
        bodies.add(bytes("{\"args\":[1." + "5".repeat(5_000) + "]}"));
        bodies.add(bytes("[" + "[\"PING\"],".repeat(60) + "[\"PING\"]]"));
        bodies.add(new byte[] {0, 0, 0, '[', 0, 0, 0, '"', 0, 0, 0, 'P', 0, 0, 0, '"', 0, 0, 0, ']'});
        bodies.add(new byte[] {0, 0, 0, '[', 0, 0, 0, '"', 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0, 0, 0,
            '"', 0, 0, 0, ']'});
        bodies.add(new byte[] {'[', 0, 0, 0, '"', 0, 0, 0, (byte) 0xff, (byte) 0xff, 0x11, 0, '"', 0, 0, 0, ']', 0,
            0, 0});
        bodies.add(new byte[] {(byte) 0xfe, (byte) 0xff, 0, '[', 0, '"', (byte) 0xd8, 0, 0, '"', 0, ']'});
        bodies.add(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, '[', '"', 'P', 'I', 'N', 'G', '"', ']'});
        bodies.add(new byte[] {'[', '"', (byte) 0xc3, '"', ']'});
        bodies.add(new byte[] {'[', '"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', ']'});
        bodies.add(new byte[0]);
        for (String path : List.of("/v1/commands", "/v1/eval", "/v1/scripts/abc/eval")) {
            for (int b = 0; b < bodies.size(); b++) {
                post(path, bodies.get(b), "body " + b);
            }
        }
        assertEquals(200, post("/v1/commands", bytes("[\"PING\"]"), "after the bodies"));
        // text mode never alters bytes: a lone surrogate has no UTF-8 form, and is refused rather than made '?'
        assertEquals(400, post("/v1/commands", bytes("[\"ECHO\",\"a\\ud800\"]"), "a lone surrogate"));
        assertEquals(400, post("/v1/eval", bytes("{\"script\":\"return 1\",\"args\":[\"\\udc00\"]}"),
                "a lone surrogate"));
        assertEquals(200, post("/v1/commands", bytes("[\"ECHO\",\"\\ud83d\\ude00\"]"), "a surrogate pair"));
    }

    /** Posts {@code body}: fails unless the answer is a success or a 4xx problem document, and comes in time. */
    private static int post(String path, byte[] body, String where) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path))
                .timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        String shown = where + ": POST " + path + " '" + show(body) + "'";
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (java.net.http.HttpTimeoutException e) {
            fail(shown + " got no answer in 15 s");
            throw e;
        }
        int status = response.statusCode();
        if (status >= 500) {
            fail(shown + " answered " + status + ": " + response.body());
        }
        if (status >= 400) {
            assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""),
                    shown + ": " + response.body());
            JsonNode problem = JSON.readTree(response.body());
            assertEquals(status, problem.path("status").asInt(), shown + ": " + response.body());
            assertTrue(problem.path("code").isTextual() && problem.path("detail").isTextual(),
                    shown + ": " + response.body());
        }
        return status;
    }

    private static byte[] body(Random random) {
        int kind = random.nextInt(10);
        if (kind < 4) {
            return mutate(bytes(VALID[random.nextInt(VALID.length)]), random);
        }
        if (kind < 5) {
            return bytes(VALID[random.nextInt(VALID.length)]);
        }
        if (kind < 9) {
            StringBuilder out = new StringBuilder();
            value(out, random, 0, random.nextInt(4) == 0 ? 80 : 6);
            return bytes(out.toString());
        }
        byte[] garbage = new byte[random.nextInt(40)];
        random.nextBytes(garbage);
        return garbage;
    }

    /** Random JSON, or almost JSON: a missing comma, an extra one, a bare word, now and then. */
    private static void value(StringBuilder out, Random random, int depth, int maxDepth) {
        int kind = depth >= maxDepth ? 3 + random.nextInt(4) : random.nextInt(7);
        switch (kind) {
            case 0, 1 -> {
                out.append('[');
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        out.append(random.nextInt(30) == 0 ? "" : ",");
                    }
                    value(out, random, depth + 1, maxDepth);
                }
                out.append(random.nextInt(40) == 0 ? ",]" : "]");
            }
            case 2 -> {
                out.append('{');
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    out.append('"').append(STRINGS[random.nextInt(STRINGS.length)]).append("\":");
                    value(out, random, depth + 1, maxDepth);
                }
                out.append('}');
            }
            case 3, 4 -> out.append('"').append(STRINGS[random.nextInt(STRINGS.length)]).append('"');
            case 5 -> out.append(NUMBERS[random.nextInt(NUMBERS.length)]);
            default -> out.append(new String[] {"true", "false", "null", "nul", "undefined", "'x'"}[random.nextInt(6)]);
        }
    }

    private static byte[] mutate(byte[] body, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(body);
        byte[] bytes = out.toByteArray();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            int at = random.nextInt(bytes.length + 1);
            switch (random.nextInt(5)) {
                case 0 -> {
                    if (at < bytes.length) {
                        bytes[at] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                case 1 -> {
                    byte[] longer = new byte[bytes.length + 1];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    longer[at] = (byte) PUNCTUATION.charAt(random.nextInt(PUNCTUATION.length()));
                    System.arraycopy(bytes, at, longer, at + 1, bytes.length - at);
                    bytes = longer;
                }
                case 2 -> {
                    if (at < bytes.length) {
                        byte[] shorter = new byte[bytes.length - 1];
                        System.arraycopy(bytes, 0, shorter, 0, at);
                        System.arraycopy(bytes, at + 1, shorter, at, bytes.length - at - 1);
                        bytes = shorter;
                    }
                }
                case 3 -> bytes = java.util.Arrays.copyOf(bytes, at);
                default -> {
                    if (at < bytes.length) {
                        bytes[at] = (byte) random.nextInt(256);
                    }
                }
            }
        }
        return bytes;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String show(byte[] body) {
        StringBuilder out = new StringBuilder();
        int limit = Math.min(body.length, 200);
        for (int i = 0; i < limit; i++) {
            int b = body[i] & 0xff;
            out.append(b >= 0x20 && b < 0x7f && b != '\\' ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return body.length > limit ? out + "...(" + body.length + " bytes)" : out.toString();
    }
}
