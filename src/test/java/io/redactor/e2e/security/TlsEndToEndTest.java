package io.redactor.e2e.security;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestCertificates;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis protocol over TLS and the REST API over HTTPS, with certificates the test makes: redis-cli --tls, Jedis
 * and Lettuce on both engines (BoringSSL and the JDK's), client certificates as tls-auth-clients says, and TLS settings
 * changed with CONFIG SET (refused, as Redis refuses them, when they do not load).
 */
class TlsEndToEndTest {
    private static final String TLS_NOT_APPLIED = "Unable to update TLS configuration. Check server logs.";
    private static TestCertificates certificates;
    private static final Map<String, Server> servers = new HashMap<>();

    private record Server(TestRedactor redactor, int tlsPort) {
    }

    @BeforeAll
    static void makeCertificates() {
        certificates = TestCertificates.generate();
    }

    @AfterAll
    static void stop() {
        servers.values().forEach(server -> server.redactor().close());
    }

    private static Server server(String engine) {
        return servers.computeIfAbsent(engine, name -> {
            try {
                int tlsPort = RealRedis.freePort();
                Map<String, Object> settings = new HashMap<>();
                settings.put("redactor.tls.engine", name);
                settings.put("redactor.http.port", -1);
                settings.put("redactor.http.tls", "on");
                settings.put("redactor.redis.tls-port", tlsPort);
                settings.put("redactor.redis.tls-cert-file", certificates.path("server.crt"));
                settings.put("redactor.redis.tls-key-file", certificates.path("server.key"));
                settings.put("redactor.redis.tls-ca-cert-file", certificates.path("ca.crt"));
                return new Server(TestRedactor.start(settings), tlsPort);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void redisCliWorksOverTlsWithItsCertificate(String engine) throws Exception {
        Server server = server(engine);
        assertEquals("OK", redisCli(server, "--cert", certificates.path("client.crt"), "--key",
                certificates.path("client.key"), "SET", "tls:cli:" + engine, "over tls"));
        assertEquals("over tls", redisCli(server, "--cert", certificates.path("client.crt"), "--key",
                certificates.path("client.key"), "GET", "tls:cli:" + engine));
        try (Jedis plain = server.redactor().jedis()) {
            assertEquals("over tls", plain.get("tls:cli:" + engine), "the plain port serves the same data");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void jedisPipelinesAndLargeValuesOverTls(String engine) {
        Server server = server(engine);
        String large = "x".repeat(3 * 1024 * 1024 + 17);
        try (Jedis jedis = tlsJedis(server, true)) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < 2000; i++) {
                pipeline.set("tls:p:" + engine + ":" + i, "v" + i);
            }
            pipeline.set("tls:large:" + engine, large);
            pipeline.sync();
            assertEquals("v1999", jedis.get("tls:p:" + engine + ":1999"));
            assertEquals(large, jedis.get("tls:large:" + engine));
            assertEquals(2000, jedis.keys("tls:p:" + engine + ":*").size());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"openssl", "jdk"})
    void lettuceWorksOverTls(String engine) {
        Server server = server(engine);
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.tlsPort())
                .withSsl(true).withVerifyPeer(true).build());
        client.setOptions(ClientOptions.builder().sslOptions(SslOptions.builder().jdkSslProvider()
                .trustManager(new java.io.File(certificates.path("ca.crt")))
                .keyManager(new java.io.File(certificates.path("client.crt")),
                        new java.io.File(certificates.path("client.key")), null)
                .build()).build());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisCommands<String, String> redis = connection.sync();
            assertEquals("OK", redis.set("tls:lettuce:" + engine, "secure"));
            assertEquals("secure", redis.get("tls:lettuce:" + engine));
            assertEquals(1L, redis.incr("tls:lettuce:counter:" + engine));
        } finally {
            client.shutdown();
        }
    }

    @Test
    void clientsMustShowACertificateWhileTlsAuthClientsIsYes() {
        Server server = server("openssl");
        assertThrows(RuntimeException.class, () -> {
            try (Jedis anonymous = tlsJedis(server, false)) {
                anonymous.ping();
            }
        });
        try (Jedis admin = server.redactor().jedis()) {
            admin.configSet("tls-auth-clients", "optional");
            try (Jedis anonymous = tlsJedis(server, false); Jedis identified = tlsJedis(server, true)) {
                assertEquals("PONG", anonymous.ping());
                assertEquals("PONG", identified.ping());
            } finally {
                admin.configSet("tls-auth-clients", "yes");
            }
        }
    }

    @Test
    void aCertificateFromAnotherAuthorityIsRefused() throws Exception {
        Server server = server("openssl");
        // stranger-ca signed nothing: a client certificate is checked against tls-ca-cert-file, not any CA.
        try (Jedis admin = server.redactor().jedis()) {
            assertEquals("OK", admin.configSet("tls-ca-cert-file", certificates.path("stranger-ca.crt")));
            try {
                assertThrows(RuntimeException.class, () -> {
                    try (Jedis identified = tlsJedis(server, true)) {
                        identified.ping();
                    }
                });
            } finally {
                admin.configSet("tls-ca-cert-file", certificates.path("ca.crt"));
            }
            try (Jedis identified = tlsJedis(server, true)) {
                assertEquals("PONG", identified.ping());
            }
        }
    }

    @Test
    void settingsThatDoNotLoadAreRefusedAndChangeNothing() {
        Server server = server("openssl");
        try (Jedis admin = server.redactor().jedis()) {
            List<String[]> refused = List.of(
                    new String[] {"tls-cert-file", certificates.path("missing.crt")},
                    new String[] {"tls-key-file", certificates.path("ca.crt")},
                    new String[] {"tls-protocols", "TLSv1.2 SSLv3"},
                    new String[] {"tls-protocols", "TLSv1.2  TLSv1.3"},
                    new String[] {"tls-ciphers", "NO-SUCH-CIPHER"},
                    new String[] {"tls-ca-cert-file", certificates.path("server.key")});
            for (String[] setting : refused) {
                String before = admin.configGet(setting[0]).get(setting[0]);
                RuntimeException error = assertThrows(RuntimeException.class,
                        () -> admin.configSet(setting[0], setting[1]), setting[1]);
                assertEquals("ERR CONFIG SET failed (possibly related to argument '" + setting[0] + "') - "
                        + TLS_NOT_APPLIED, error.getMessage());
                assertEquals(before, admin.configGet(setting[0]).get(setting[0]));
            }
            // Both files at once, or the key first with its password: Redis applies a multi-parameter set as one.
            assertThrows(RuntimeException.class, () -> admin.configSet("tls-key-file",
                    certificates.path("server-encrypted.key")));
            assertEquals("OK", admin.configSet("tls-key-file", certificates.path("server-encrypted.key"),
                    "tls-key-file-pass", TestCertificates.PASSWORD));
            try (Jedis identified = tlsJedis(server, true)) {
                assertEquals("PONG", identified.ping());
            } finally {
                admin.configSet("tls-key-file", certificates.path("server.key"), "tls-key-file-pass", "");
            }
        }
    }

    @Test
    void newConnectionsSeeANewCertificateAndProtocols() throws Exception {
        Server server = server("openssl");
        try (Jedis admin = server.redactor().jedis()) {
            assertEquals("CN=localhost,O=Redactor test", peerSubject(server, "TLSv1.3"));
            admin.configSet("tls-cert-file", certificates.path("other.crt"), "tls-key-file", certificates.path("other.key"));
            try {
                assertEquals("CN=other,O=Redactor test", peerSubject(server, "TLSv1.3"));
            } finally {
                admin.configSet("tls-cert-file", certificates.path("server.crt"), "tls-key-file",
                        certificates.path("server.key"));
            }
            admin.configSet("tls-protocols", "TLSv1.2");
            try {
                assertThrows(IOException.class, () -> peerSubject(server, "TLSv1.3"));
                assertEquals("CN=localhost,O=Redactor test", peerSubject(server, "TLSv1.2"));
            } finally {
                admin.configSet("tls-protocols", "");
            }
            assertEquals("CN=localhost,O=Redactor test", peerSubject(server, "TLSv1.3"));
        }
    }

    @Test
    void plainTextOnTheTlsPortIsDroppedAndNeverBecomesAClient() throws Exception {
        Server server = server("openssl");
        try (Socket socket = new Socket("127.0.0.1", server.tlsPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("*1\r\n$4\r\nPING\r\n".repeat(100).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readAllBytes();
            assertTrue(reply.length < 64 && !new String(reply, StandardCharsets.ISO_8859_1).contains("PONG"),
                    "no RESP reply on the TLS port without a handshake");
        }
        try (Jedis admin = server.redactor().jedis()) {
            assertTrue(admin.clientList().lines().count() >= 1);
            assertEquals("PONG", admin.ping());
        }
    }

    @Test
    void theRestApiServesHttpsWithTheSameCertificates() throws Exception {
        Server server = server("openssl");
        HttpClient client = HttpClient.newBuilder().sslContext(certificates.clientContext(true)).build();
        HttpResponse<String> live = client.send(HttpRequest.newBuilder(
                URI.create("https://localhost:" + server.redactor().httpPort() + "/health/live")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, live.statusCode());
        HttpClient anonymous = HttpClient.newBuilder().sslContext(certificates.clientContext(false)).build();
        assertThrows(IOException.class, () -> anonymous.send(HttpRequest.newBuilder(
                URI.create("https://localhost:" + server.redactor().httpPort() + "/health/live")).build(),
                HttpResponse.BodyHandlers.ofString()), "tls-auth-clients yes holds for HTTPS too");
    }

    private static Jedis tlsJedis(Server server, boolean withCertificate) {
        SSLContext context = certificates.clientContext(withCertificate);
        Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", server.tlsPort()), DefaultJedisClientConfig.builder()
                .ssl(true).sslSocketFactory(context.getSocketFactory()).socketTimeoutMillis(30_000).build());
        jedis.connect();
        return jedis;
    }

    /** The subject of the certificate the server shows to a client that offers only {@code protocol}. */
    private static String peerSubject(Server server, String protocol) throws IOException {
        SSLContext context = certificates.clientContext(true);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", server.tlsPort())) {
            socket.setSoTimeout(10_000);
            socket.setEnabledProtocols(new String[] {protocol});
            socket.startHandshake();
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] pong = new byte[7];
            assertEquals(7, socket.getInputStream().readNBytes(pong, 0, 7));
            assertEquals("+PONG\r\n", new String(pong, StandardCharsets.US_ASCII));
            X509Certificate peer = (X509Certificate) socket.getSession().getPeerCertificates()[0];
            return peer.getSubjectX500Principal().getName();
        }
    }

    private static String redisCli(Server server, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("redis-cli", "-p", String.valueOf(server.tlsPort()), "--tls",
                "--cacert", certificates.path("ca.crt")));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        return output;
    }
}
