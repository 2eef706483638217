package io.redactor.api.tls;

import io.netty.handler.ssl.CipherSuiteConverter;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Builds a server {@link SslContext} from Redis's TLS parameters, with Redis's checks (tlsConfigure in tls.c):
 * a certificate and a key are required, and a CA when client certificates are checked. Client authentication and
 * the server's cipher preference are set per connection ({@link ServerTls}), as Redis reads tls-auth-clients at
 * each accept.
 */
final class TlsContextFactory {
    private static final Pattern LIST_SEPARATORS = Pattern.compile("[:, ]+");
    /** TLSv1.3 suites name no key exchange: TLS_AES_128_GCM_SHA256, TLS_CHACHA20_POLY1305_SHA256, ... */
    private static final Pattern TLS13_SUITE = Pattern.compile("TLS_(AES|CHACHA20)_.*");

    private TlsContextFactory() {
    }

    static SslContext build(TlsSettings settings, SslProvider provider) throws TlsConfigurationException {
        if (settings.certFile().isEmpty()) {
            throw new TlsConfigurationException("No tls-cert-file configured!");
        }
        if (settings.keyFile().isEmpty()) {
            throw new TlsConfigurationException("No tls-key-file configured!");
        }
        if (settings.clientCertificatesChecked() && settings.caCertFile().isEmpty() && settings.caCertDir().isEmpty()) {
            throw new TlsConfigurationException("Either tls-ca-cert-file or tls-ca-cert-dir must be specified when "
                    + "tls-cluster, tls-replication or tls-auth-clients are enabled!");
        }
        SslContextBuilder builder;
        try {
            builder = SslContextBuilder.forServer(new File(settings.certFile()), new File(settings.keyFile()),
                    settings.keyFilePass().isEmpty() ? null : settings.keyFilePass());
        } catch (IllegalArgumentException e) {
            throw new TlsConfigurationException("Failed to load certificate or private key: " + settings.certFile()
                    + ", " + settings.keyFile(), e);
        }
        builder.sslProvider(provider).protocols(protocols(settings.protocols()));
        List<X509Certificate> authorities = authorities(settings);
        if (!authorities.isEmpty()) {
            builder.trustManager(authorities);
        }
        if (settings.sessionCaching()) {
            builder.sessionCacheSize(settings.sessionCacheSize()).sessionTimeout(settings.sessionCacheTimeout());
        }
        List<String> ciphers = ciphers(settings, provider);
        if (ciphers != null) {
            builder.ciphers(ciphers);
        }
        SslContext context;
        try {
            context = builder.build();
        } catch (IOException | IllegalArgumentException e) {
            throw new TlsConfigurationException("Failed to configure TLS", e);
        }
        if (!settings.sessionCaching() && context.sessionContext() instanceof OpenSslSessionContext sessions) {
            sessions.setSessionCacheEnabled(false);
        }
        return context;
    }

    /** Redis's tls-protocols: space separated, any case; empty for TLSv1.2 and TLSv1.3. */
    static List<String> protocols(String text) throws TlsConfigurationException {
        if (text.isEmpty()) {
            return List.of("TLSv1.2", "TLSv1.3");
        }
        Set<String> protocols = new LinkedHashSet<>();
        for (String token : text.split(" ", -1)) {
            protocols.add(switch (token.toLowerCase(Locale.ROOT)) {
                case "tlsv1" -> "TLSv1";
                case "tlsv1.1" -> "TLSv1.1";
                case "tlsv1.2" -> "TLSv1.2";
                case "tlsv1.3" -> "TLSv1.3";
                default -> throw new TlsConfigurationException("Invalid tls-protocols specified. "
                        + "Use a combination of 'TLSv1', 'TLSv1.1', 'TLSv1.2' and 'TLSv1.3'.");
            });
        }
        return List.copyOf(protocols);
    }

    /**
     * tls-ciphers (TLSv1.2 and below) and tls-ciphersuites (TLSv1.3) as one list of Java names, each half the
     * provider's default when its parameter is empty; null when both are.
     */
    private static List<String> ciphers(TlsSettings settings, SslProvider provider) throws TlsConfigurationException {
        if (settings.ciphers().isEmpty() && settings.ciphersuites().isEmpty()) {
            return null;
        }
        List<String> defaults = defaultCiphers(provider);
        List<String> ciphers = new ArrayList<>();
        ciphers.addAll(settings.ciphers().isEmpty()
                ? defaults.stream().filter(name -> !TLS13_SUITE.matcher(name).matches()).toList()
                : cipherNames("tls-ciphers", settings.ciphers()));
        ciphers.addAll(settings.ciphersuites().isEmpty()
                ? defaults.stream().filter(name -> TLS13_SUITE.matcher(name).matches()).toList()
                : cipherNames("tls-ciphersuites", settings.ciphersuites()));
        return ciphers;
    }

    /** Names in OpenSSL's spelling (ECDHE-RSA-AES128-GCM-SHA256) or the IANA/Java one (TLS_ECDHE_RSA_...). */
    private static List<String> cipherNames(String parameter, String text) throws TlsConfigurationException {
        List<String> names = new ArrayList<>();
        for (String token : LIST_SEPARATORS.split(text.trim())) {
            String name = token.startsWith("TLS_") || token.startsWith("SSL_") ? token
                    : CipherSuiteConverter.toJava(token, "TLS");
            if (name == null) {
                throw new TlsConfigurationException("Failed to configure " + parameter + ": unknown cipher '" + token
                        + "' (give cipher names separated by ':', not OpenSSL cipher expressions)");
            }
            names.add(name);
        }
        return names;
    }

    private static List<String> defaultCiphers(SslProvider provider) throws TlsConfigurationException {
        try {
            SslContext probe = SslContextBuilder.forClient().sslProvider(provider).build();
            List<String> ciphers = probe.cipherSuites();
            ReferenceCountUtil.release(probe);
            return ciphers;
        } catch (IOException e) {
            throw new TlsConfigurationException("Failed to list the default ciphers", e);
        }
    }

    /** The certificates of tls-ca-cert-file and of every certificate file in tls-ca-cert-dir. */
    private static List<X509Certificate> authorities(TlsSettings settings) throws TlsConfigurationException {
        List<X509Certificate> authorities = new ArrayList<>();
        if (!settings.caCertFile().isEmpty()) {
            authorities.addAll(certificates(Path.of(settings.caCertFile()), true));
        }
        if (!settings.caCertDir().isEmpty()) {
            Path dir = Path.of(settings.caCertDir());
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, Files::isRegularFile)) {
                for (Path file : files) {
                    authorities.addAll(certificates(file, false));
                }
            } catch (IOException e) {
                throw new TlsConfigurationException("Failed to configure CA certificate(s) file/directory", e);
            }
        }
        return authorities;
    }

    /** A directory may hold other files (CRLs, hash links to the same certificates): those are skipped. */
    private static List<X509Certificate> certificates(Path file, boolean required) throws TlsConfigurationException {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> found = new ArrayList<>();
            CertificateFactory.getInstance("X.509").generateCertificates(in)
                    .forEach(certificate -> found.add((X509Certificate) certificate));
            if (found.isEmpty() && required) {
                throw new TlsConfigurationException("Failed to configure CA certificate(s) file/directory: no "
                        + "certificate in " + file);
            }
            return found;
        } catch (IOException | CertificateException e) {
            if (!required) {
                return List.of();
            }
            throw new TlsConfigurationException("Failed to configure CA certificate(s) file/directory: " + file, e);
        }
    }
}
