package io.redactor.api.rest;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigUtil;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code redactor.http} section: where the REST API listens and its limits (see application.conf).
 *
 * @param port           0 turns the HTTP server off; -1 picks a free port (tests)
 * @param token          the bearer token every request but the health checks must carry; empty for none
 * @param maxBodyBytes   the largest request body; larger ones get 413
 * @param requestTimeout how long a request may take before it is answered 503 (blocking commands included)
 * @param eventBuffer    messages an event-stream subscriber may have waiting before it is disconnected
 * @param maxCommands    commands one request may carry (a pipeline); more are refused with 400
 * @param maxReplyBytes  the largest JSON reply of POST /v1/commands; a command whose reply would be larger gets 400
 * @param tls            HTTPS, with the certificates of the tls-* parameters
 * @param userTokens     bearer tokens of ACL users, by user name
 */
public record HttpSettings(int port, List<String> addresses, String token, long maxBodyBytes,
                           Duration requestTimeout, int eventBuffer, int maxCommands, long maxReplyBytes,
                           boolean tls, Map<String, byte[]> userTokens) {

    public static HttpSettings from(Config config, List<String> addresses) {
        Config http = config.getConfig("redactor.http");
        HttpSettings settings = new HttpSettings(http.getInt("port"), addresses, http.getString("token"),
                http.getMemorySize("max-body-size").toBytes(), http.getDuration("request-timeout"),
                http.getInt("event-buffer"), http.getInt("max-commands"),
                http.getMemorySize("max-reply-size").toBytes(), http.getBoolean("tls"),
                userTokens(http.getConfig("user-tokens")));
        if (settings.port < -1 || settings.port > 65535) {
            throw new IllegalArgumentException("redactor.http.port must be -1 (any), 0 (off) or a port, got "
                    + settings.port);
        }
        return settings;
    }

    private static Map<String, byte[]> userTokens(Config tokens) {
        Map<String, byte[]> byUser = new LinkedHashMap<>();
        for (String user : tokens.root().keySet()) {
            String token = tokens.getString(ConfigUtil.quoteString(user));
            if (token.isEmpty()) {
                throw new IllegalArgumentException("redactor.http.user-tokens." + user + " is empty");
            }
            byUser.put(user, token.getBytes(StandardCharsets.UTF_8));
        }
        return Map.copyOf(byUser);
    }

    public boolean enabled() {
        return port != 0;
    }

    /** The port to bind: 0 (any free one) when configured as -1. */
    public int bindPort() {
        return port < 0 ? 0 : port;
    }

    public boolean hasToken() {
        return !token.isEmpty() || !userTokens.isEmpty();
    }

    /**
     * Refuses to serve without a token on an address other hosts can reach: the API runs any command, FLUSHALL and
     * SHUTDOWN included.
     */
    public void checkExposure() {
        if (!enabled() || hasToken()) {
            return;
        }
        for (String address : addresses) {
            if (!isLoopback(address)) {
                throw new IllegalArgumentException("the HTTP API would listen on " + address
                        + " without a token: set redactor.http.token (or --http-token), bind to loopback only, "
                        + "or turn HTTP off with --http-port 0");
            }
        }
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
