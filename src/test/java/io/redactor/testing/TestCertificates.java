package io.redactor.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A certificate authority, a server certificate for 127.0.0.1/localhost and a client certificate, all signed by the
 * CA, made with the openssl command in a temporary directory (as Redis's utils/gen-test-certs.sh does for its TLS
 * tests), plus the same client identity as a PKCS#12 file for Java clients.
 */
public record TestCertificates(Path dir) {
    public static final String PASSWORD = "changeit";

    public static TestCertificates generate() {
        try {
            Path dir = Files.createTempDirectory("redactor-tls");
            dir.toFile().deleteOnExit();
            TestCertificates certificates = new TestCertificates(dir);
            certificates.make();
            return certificates;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void make() throws IOException {
        openssl("genrsa", "-out", "ca.key", "2048");
        openssl("req", "-x509", "-new", "-nodes", "-sha256", "-key", "ca.key", "-days", "2", "-subj",
                "/O=Redactor test/CN=Certificate Authority", "-out", "ca.crt");
        signed("server", "/O=Redactor test/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1");
        signed("client", "/O=Redactor test/CN=client", "extendedKeyUsage=clientAuth");
        signed("other", "/O=Redactor test/CN=other", "subjectAltName=DNS:localhost,IP:127.0.0.1");
        openssl("pkcs12", "-export", "-in", "client.crt", "-inkey", "client.key", "-out", "client.p12",
                "-passout", "pass:" + PASSWORD);
        // A key encrypted with a password, for tls-key-file-pass.
        openssl("pkcs8", "-topk8", "-in", "server.key", "-out", "server-encrypted.key", "-passout", "pass:" + PASSWORD,
                "-v2", "aes-256-cbc");
        // A second CA that signed nothing the tests present, to check that trust follows tls-ca-cert-*.
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "stranger-ca.key", "-days", "2", "-subj",
                "/CN=Stranger CA", "-out", "stranger-ca.crt");
    }

    private void signed(String name, String subject, String extension) throws IOException {
        openssl("genrsa", "-out", name + ".key", "2048");
        openssl("req", "-new", "-sha256", "-key", name + ".key", "-subj", subject, "-out", name + ".csr");
        Files.writeString(dir.resolve(name + ".ext"), extension + "\n", StandardCharsets.US_ASCII);
        openssl("x509", "-req", "-sha256", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", name + ".ext", "-out", name + ".crt");
    }

    private void openssl(String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>();
        command.add("openssl");
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("openssl " + String.join(" ", args) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public String path(String file) {
        return dir.resolve(file).toString();
    }

    /** A Java client's TLS: trusts the test CA, and presents the client certificate when {@code withCertificate}. */
    public SSLContext clientContext(boolean withCertificate) {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            try (InputStream in = Files.newInputStream(dir.resolve("ca.crt"))) {
                Certificate ca = CertificateFactory.getInstance("X.509").generateCertificate(in);
                trusted.setCertificateEntry("ca", ca);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            KeyManagerFactory keys = null;
            if (withCertificate) {
                KeyStore identity = KeyStore.getInstance("PKCS12");
                try (InputStream in = Files.newInputStream(dir.resolve("client.p12"))) {
                    identity.load(in, PASSWORD.toCharArray());
                }
                keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(identity, PASSWORD.toCharArray());
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
