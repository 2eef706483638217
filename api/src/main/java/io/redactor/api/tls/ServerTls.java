package io.redactor.api.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import io.redactor.actors.node.config.ConfigParameters;
import io.redactor.actors.node.config.RuntimeConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The server's TLS: the context of the Redis protocol's TLS listener (on the chosen engine) and of HTTPS (the
 * JDK's engine, which Akka HTTP drives), both built from Redis's tls-* parameters and rebuilt when CONFIG SET
 * changes one. A change that does not load is refused with Redis's text and leaves the running contexts as they
 * were; connections already open keep the context they started with.
 */
public final class ServerTls {
    private static final Logger log = LoggerFactory.getLogger(ServerTls.class);

    private final RuntimeConfig config;
    private final SslProvider provider;
    private final boolean resp;
    private final boolean https;
    private volatile Contexts contexts;

    /** Each null when not used. */
    private record Contexts(SslContext resp, SslContext https) {
    }

    private ServerTls(RuntimeConfig config, SslProvider provider, boolean resp, boolean https) {
        this.config = config;
        this.provider = provider;
        this.resp = resp;
        this.https = https;
    }

    /**
     * The TLS engine named in {@code redactor.tls.engine}: {@code openssl} (BoringSSL through netty-tcnative),
     * {@code jdk}, or {@code auto} (OpenSSL where its native library loads, else the JDK's).
     */
    public static SslProvider engine(String name) {
        return switch (name) {
            case "openssl" -> {
                OpenSsl.ensureAvailability();
                yield SslProvider.OPENSSL_REFCNT;
            }
            case "jdk" -> SslProvider.JDK;
            case "auto" -> OpenSsl.isAvailable() ? SslProvider.OPENSSL_REFCNT : SslProvider.JDK;
            default -> throw new IllegalArgumentException("redactor.tls.engine must be auto, openssl or jdk, got '"
                    + name + "'");
        };
    }

    /**
     * Builds the contexts the server uses, for the Redis protocol's TLS listener ({@code resp}) and for HTTPS
     * ({@code https}), from {@code config}, and follows its TLS parameters from now on.
     */
    public static ServerTls start(RuntimeConfig config, SslProvider provider, boolean resp, boolean https)
            throws TlsConfigurationException {
        ServerTls tls = new ServerTls(config, provider, resp, https);
        tls.contexts = tls.build(TlsSettings.read(config::get));
        config.guard(TlsSettings.PARAMETERS, tls::reload);
        log.info("TLS on {}", !resp || provider == SslProvider.JDK ? "the JDK's engine" : OpenSsl.versionString());
        return tls;
    }

    /** A handler for a new connection of the Redis protocol's TLS listener. */
    public SslHandler newHandler(ByteBufAllocator allocator) {
        return new SslHandler(configure(contexts.resp().newEngine(allocator)));
    }

    /** An engine for a new HTTPS connection. */
    public SSLEngine newHttpsEngine() {
        return configure(contexts.https().newEngine(ByteBufAllocator.DEFAULT));
    }

    /** What Redis reads per connection: whether the client must (or may) show a certificate, whose ciphers win. */
    private SSLEngine configure(SSLEngine engine) {
        switch (config.get("tls-auth-clients")) {
            case "yes" -> engine.setNeedClientAuth(true);
            case "optional" -> engine.setWantClientAuth(true);
            default -> engine.setNeedClientAuth(false);
        }
        if (config.get("tls-prefer-server-ciphers").equals("yes")) {
            SSLParameters parameters = engine.getSSLParameters();
            parameters.setUseCipherSuitesOrder(true);
            engine.setSSLParameters(parameters);
        }
        return engine;
    }

    private String reload(java.util.function.Function<String, String> proposed) {
        Contexts next;
        try {
            next = build(TlsSettings.read(proposed));
        } catch (TlsConfigurationException e) {
            log.warn("TLS configuration not applied: {}", e.getMessage());
            return ConfigParameters.TLS_NOT_APPLIED;
        }
        Contexts previous = contexts;
        contexts = next;
        // Connections keep their engines, which hold the old context for as long as they need it.
        ReferenceCountUtil.release(previous.resp());
        return null;
    }

    private Contexts build(TlsSettings settings) throws TlsConfigurationException {
        SslContext forResp = resp ? TlsContextFactory.build(settings, provider) : null;
        SslContext forHttps = null;
        if (https) {
            forHttps = forResp != null && provider == SslProvider.JDK ? forResp
                    : TlsContextFactory.build(settings, SslProvider.JDK);
        }
        return new Contexts(forResp, forHttps);
    }
}
