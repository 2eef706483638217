package io.redactor.e2e.rest;

import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The REST API over a real socket with java.net.http, next to RESP clients of the same server. */
@Timeout(60)
class RestEndToEndTest {
    private static TestRedactor server;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.http.port", -1, "redactor.http.event-buffer", 16));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.httpPort() + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** An open event stream, read line by line. */
    private record Events(InputStream body, BufferedReader lines) implements AutoCloseable {
        static Events open(String path) throws Exception {
            return open(uri(path));
        }

        static Events open(URI uri) throws Exception {
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(uri).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, response.statusCode());
            assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElseThrow());
            return new Events(response.body(),
                    new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8)));
        }

        /** The next event's type and data, skipping heartbeats; null when the stream has ended or was cut. */
        String next() throws IOException {
            String type = null;
            StringBuilder data = new StringBuilder();
            for (String line = readLine(); line != null; line = readLine()) {
                if (line.startsWith("event:")) {
                    type = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).trim());
                } else if (line.isEmpty() && type != null) {
                    return type + " " + data;
                }
            }
            return null;
        }

        private String readLine() {
            try {
                return lines.readLine();
            } catch (IOException cut) {
                return null;
            }
        }

        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    @Test
    void anEventStreamReceivesWhatARespClientPublishes() throws Exception {
        try (Events events = Events.open("/v1/channels/e2e:news/events"); Jedis jedis = server.jedis()) {
            assertEquals("subscribed {\"channel\":\"e2e:news\"}", events.next());
            assertEquals(1, jedis.publish("e2e:news", "hello\nworld"));
            assertEquals("message {\"channel\":\"e2e:news\",\"message\":\"hello\\nworld\"}", events.next());
            assertEquals(1L, jedis.pubsubNumSub("e2e:news").get("e2e:news"));
        }
    }

    @Test
    void aPatternStreamNamesThePatternAndTheChannel() throws Exception {
        try (Events events = Events.open("/v1/channels/e2e:p*/events?pattern=true"); Jedis jedis = server.jedis()) {
            assertEquals("subscribed {\"pattern\":\"e2e:p*\"}", events.next());
            jedis.publish("e2e:pears", "ripe");
            assertEquals("message {\"pattern\":\"e2e:p*\",\"channel\":\"e2e:pears\",\"message\":\"ripe\"}",
                    events.next());
        }
    }

    @Test
    void aRespSubscriberReceivesWhatRestPublishes() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        JedisPubSub listener = new JedisPubSub() {
            @Override
            public void onMessage(String channel, String message) {
                received.add(channel + " " + message);
            }
        };
        try (Jedis subscriber = server.jedis()) {
            CompletableFuture<Void> subscribed = CompletableFuture.runAsync(() -> subscriber.subscribe(listener, "e2e:in"));
            try (Jedis jedis = server.jedis()) {
                Eventually.until("the RESP client subscribed", () -> jedis.pubsubNumSub("e2e:in").get("e2e:in") == 1);
            }
            HttpResponse<String> published = post("/v1/channels/e2e:in/messages", "from rest");
            assertEquals(200, published.statusCode());
            assertEquals("{\"receivers\":1}", published.body());
            assertEquals("e2e:in from rest", received.poll(10, TimeUnit.SECONDS));
            listener.unsubscribe();
            subscribed.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aScriptLoadedOverRestRunsOverResp() throws Exception {
        HttpResponse<String> loaded = post("/v1/scripts", "return redis.call('incrby', KEYS[1], ARGV[1])");
        assertEquals(201, loaded.statusCode());
        String sha = loaded.body().substring(8, 48);
        try (Jedis jedis = server.jedis()) {
            jedis.del("e2e:counter");
            assertEquals(5L, jedis.evalsha(sha, List.of("e2e:counter"), List.of("5")));
            assertEquals(7L, jedis.evalsha(sha.getBytes(), List.of("e2e:counter".getBytes()), List.of("2".getBytes())));
        }
        HttpResponse<String> async = post("/v1/scripts/" + sha + "/eval", "{\"keys\":[\"e2e:counter\"],\"args\":[3],\"async\":true}");
        assertEquals("10", async.body());
    }

    @Test
    void anHttpRequestIsAClientWhileItRuns() throws Exception {
        CompletableFuture<HttpResponse<String>> blocked = http.sendAsync(HttpRequest.newBuilder(uri("/v1/commands"))
                .POST(HttpRequest.BodyPublishers.ofString("[\"BLPOP\",\"e2e:queue\",10]")).build(),
                HttpResponse.BodyHandlers.ofString());
        try (Jedis jedis = server.jedis()) {
            Eventually.until("the HTTP request shows as a blocked client", () -> jedis.clientList().contains("cmd=blpop"));
            assertTrue(jedis.clientList().matches("(?s).*addr=127\\.0\\.0\\.1:\\d+ laddr=127\\.0\\.0\\.1:\\d+ fd=-1.*cmd=blpop.*"),
                    jedis.clientList());
            jedis.rpush("e2e:queue", "job");
            HttpResponse<String> response = blocked.get(10, TimeUnit.SECONDS);
            assertEquals(200, response.statusCode());
            assertEquals("[\"e2e:queue\",\"job\"]", response.body());
            Eventually.until("the request's client is gone", () -> !jedis.clientList().contains("cmd=blpop"));
        }
    }

    @Test
    void clientKillEndsAnEventStream() throws Exception {
        try (Events events = Events.open("/v1/channels/e2e:kill/events"); Jedis jedis = server.jedis()) {
            events.next();
            String line = jedis.clientList().lines().filter(client -> client.contains("cmd=subscribe")
                    && client.contains("sub=1")).reduce((earlier, later) -> later).orElseThrow();
            String id = line.substring(3, line.indexOf(' '));
            assertEquals(1, jedis.clientKill(new redis.clients.jedis.params.ClientKillParams().id(id)));
            assertNull(events.next());
            Eventually.until("the subscription is gone", () -> jedis.pubsubNumSub("e2e:kill").get("e2e:kill") == 0);
        }
    }

    @Test
    void aSubscriberThatFallsBehindIsDisconnected() throws Exception {
        try (Events events = Events.open("/v1/channels/e2e:flood/events"); Jedis jedis = server.jedis()) {
            events.next();
            String payload = "x".repeat(4096);
            int published = 0;
            while (jedis.pubsubNumSub("e2e:flood").get("e2e:flood") == 1 && published < 100_000) {
                jedis.publish("e2e:flood", payload);
                published++;
            }
            assertTrue(published < 100_000, "never disconnected");
            assertTrue(jedis.info("stats").matches("(?s).*client_output_buffer_limit_disconnections:[1-9].*"));
        }
    }

    @Test
    void shutdownEndsEventStreams() throws Exception {
        TestRedactor own = TestRedactor.start(Map.of("redactor.http.port", -1));
        try (Events events = Events.open(URI.create("http://127.0.0.1:" + own.httpPort() + "/v1/channels/bye/events"))) {
            assertEquals("subscribed {\"channel\":\"bye\"}", events.next());
            long started = System.nanoTime();
            own.close();
            assertNull(events.next());
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
        }
    }

    @Test
    void keysOverTheServersShortcutAnswerAsTheRouteDoes() throws Exception {
        assertEquals(204, send(HttpRequest.newBuilder(uri("/v1/keys/e2e:hot")).PUT(HttpRequest.BodyPublishers.ofString("é")))
                .statusCode());
        HttpResponse<String> read = send(HttpRequest.newBuilder(uri("/v1/keys/e2e:hot")));
        assertEquals(200, read.statusCode());
        assertEquals("{\"key\":\"e2e:hot\",\"type\":\"string\",\"ttl\":null,\"value\":\"é\"}", read.body());
        HttpResponse<String> missing = send(HttpRequest.newBuilder(uri("/v1/keys/e2e:cold")));
        assertEquals(404, missing.statusCode());
        assertEquals("application/problem+json", missing.headers().firstValue("Content-Type").orElseThrow());
        try (Jedis jedis = server.jedis()) {
            jedis.rpush("e2e:hotlist", "a");
            assertEquals("é", jedis.get("e2e:hot"));
        }
        assertTrue(send(HttpRequest.newBuilder(uri("/v1/keys/e2e:hotlist"))).body().contains("\"value\":[\"a\"]"));
        HttpResponse<String> wrongType = send(HttpRequest.newBuilder(uri("/v1/keys/e2e:hotlist"))
                .PUT(HttpRequest.BodyPublishers.ofString("x")));
        assertEquals(204, wrongType.statusCode(), "SET replaces a key of any type, as in Redis");
    }

    @Test
    void aBlockedRequestIsAnswered503AtItsTimeOnTheRealServer() throws Exception {
        try (TestRedactor own = TestRedactor.start(Map.of("redactor.http.port", -1,
                "redactor.http.request-timeout", "1s"))) {
            long started = System.nanoTime();
            HttpResponse<String> response = send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + own.httpPort() + "/v1/commands"))
                    .POST(HttpRequest.BodyPublishers.ofString("[\"BLPOP\",\"e2e:never\",0]")));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertEquals(503, response.statusCode());
            assertEquals("1", response.headers().firstValue("Retry-After").orElseThrow());
            assertTrue(response.body().contains("\"code\":\"TIMEOUT\""), response.body());
            assertTrue(millis >= 900 && millis < 5_000, millis + " ms");
        }
    }

    /** One HTTP/1.1 response read from {@code in}: its head and its body (as long as its Content-Length says). */
    private static String response(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int length = 0;
        for (String line = headLine(in); !line.isEmpty(); line = headLine(in)) {
            head.append(line).append('\n');
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return head + "\n" + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private static String headLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed after: " + line);
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    /** The head of a PUT whose body is {@code length} bytes long. */
    private static byte[] putHead(int length) {
        return ("PUT /v1/keys/big HTTP/1.1\r\nHost: e2e\r\nContent-Type: text/plain\r\nContent-Length: " + length
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * With a 1 KB limit: a body of 2 KB is read before its 413 and the connection lives on; one byte more is refused at
     * once and its connection closed.
     */
    @Test
    void aBodyUpToTwiceTheLimitIsReadBeforeIts413AndALongerOneIsNot() throws Exception {
        try (TestRedactor own = TestRedactor.start(Map.of("redactor.http.port", -1,
                "redactor.http.max-body-size", 1024))) {
            try (Socket socket = new Socket("127.0.0.1", own.httpPort())) {
                socket.setSoTimeout(10_000);
                OutputStream out = socket.getOutputStream();
                InputStream in = socket.getInputStream();
                // The head, then the body after a pause: the server refuses a body it has not read yet.
                out.write(putHead(2048));
                out.flush();
                Thread.sleep(100);
                out.write(new byte[2048]);
                out.flush();
                String refused = response(in);
                assertTrue(refused.startsWith("HTTP/1.1 413 "), refused);
                assertTrue(refused.contains("\"code\":\"TOOLARGE\""), refused);
                assertFalse(refused.toLowerCase(Locale.ROOT).contains("connection: close"), refused);
                out.write("GET /v1/keys/big HTTP/1.1\r\nHost: e2e\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String next = response(in);
                assertTrue(next.startsWith("HTTP/1.1 404 "), next);
            }
            try (Socket socket = new Socket("127.0.0.1", own.httpPort())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(putHead(2049));
                String refused = response(socket.getInputStream());
                assertTrue(refused.startsWith("HTTP/1.1 413 "), refused);
                assertTrue(refused.toLowerCase(Locale.ROOT).contains("connection: close"), refused);
            }
        }
    }

    @Test
    void httpBeyondLoopbackNeedsAToken() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> TestRedactor.start(Map.of("redactor.http.port", -1, "redactor.bind", "0.0.0.0")));
        assertTrue(String.valueOf(refused.getCause()).contains("redactor.http.token"), refused.toString());
        try (TestRedactor secured = TestRedactor.start(Map.of("redactor.http.port", -1, "redactor.bind", "0.0.0.0",
                "redactor.http.token", "t0ken"))) {
            URI info = URI.create("http://127.0.0.1:" + secured.httpPort() + "/v1/info");
            assertEquals(401, send(HttpRequest.newBuilder(info)).statusCode());
            assertEquals(200, send(HttpRequest.newBuilder(info).header("Authorization", "Bearer t0ken")).statusCode());
            URI key = URI.create("http://127.0.0.1:" + secured.httpPort() + "/v1/keys/k");
            assertEquals(401, send(HttpRequest.newBuilder(key)).statusCode());
            assertEquals(401, send(HttpRequest.newBuilder(key).header("Authorization", "Bearer t0ke")).statusCode());
            assertEquals(404, send(HttpRequest.newBuilder(key).header("Authorization", "Bearer t0ken")).statusCode());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
