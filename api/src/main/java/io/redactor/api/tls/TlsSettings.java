package io.redactor.api.tls;

import java.util.List;
import java.util.function.Function;

/**
 * The Redis parameters that make the server's TLS context, as CONFIG GET prints them.
 *
 * @param authClients {@code yes}, {@code no} or {@code optional}: whether clients must present a certificate
 */
record TlsSettings(String certFile, String keyFile, String keyFilePass, String caCertFile, String caCertDir,
                   String authClients, String protocols, String ciphers, String ciphersuites,
                   boolean preferServerCiphers, boolean sessionCaching, long sessionCacheSize,
                   long sessionCacheTimeout) {

    /** Every parameter a change of which rebuilds the context (tls-auth-clients too: the CA check depends on it). */
    static final List<String> PARAMETERS = List.of("tls-cert-file", "tls-key-file", "tls-key-file-pass",
            "tls-ca-cert-file", "tls-ca-cert-dir", "tls-auth-clients", "tls-protocols", "tls-ciphers",
            "tls-ciphersuites", "tls-prefer-server-ciphers", "tls-session-caching", "tls-session-cache-size",
            "tls-session-cache-timeout");

    static TlsSettings read(Function<String, String> value) {
        return new TlsSettings(value.apply("tls-cert-file"), value.apply("tls-key-file"),
                value.apply("tls-key-file-pass"), value.apply("tls-ca-cert-file"), value.apply("tls-ca-cert-dir"),
                value.apply("tls-auth-clients"), value.apply("tls-protocols"), value.apply("tls-ciphers"),
                value.apply("tls-ciphersuites"), value.apply("tls-prefer-server-ciphers").equals("yes"),
                value.apply("tls-session-caching").equals("yes"),
                Long.parseLong(value.apply("tls-session-cache-size")),
                Long.parseLong(value.apply("tls-session-cache-timeout")));
    }

    boolean clientCertificatesChecked() {
        return !authClients.equals("no");
    }
}
