package io.redactor.api.rest;

import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.headers.Authorization;
import akka.http.javadsl.model.headers.HttpCredentials;
import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.AclUser;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Who a REST request runs as: the ACL user of its HTTP Basic credentials (the user's password), of its bearer token
 * ({@code redactor.http.token} is the default user's; {@code redactor.http.user-tokens} names a user per token), or,
 * without credentials, the default user when neither a token nor a password is required.
 */
final class HttpAuthentication {
    private final byte[] token;
    private final Map<String, byte[]> userTokens;
    private final boolean requiresCredentials;

    /** The outcome: the user, or why not (for the 401's detail). */
    record Outcome(AclUser user, String refusal) {
    }

    HttpAuthentication(HttpSettings settings) {
        this.token = settings.token().getBytes(StandardCharsets.UTF_8);
        this.userTokens = settings.userTokens();
        this.requiresCredentials = settings.hasToken();
    }

    /** Whether a request without credentials may be served at all (before the node is up, its users unknown). */
    boolean requiresCredentials() {
        return requiresCredentials;
    }

    Outcome authenticate(HttpRequest request, AccessControl access, Supplier<String> client) {
        Optional<Authorization> header = request.getHeader(Authorization.class);
        if (header.isEmpty()) {
            if (requiresCredentials() || access.authenticationRequired()) {
                return refused("this server needs 'Authorization: Bearer <token>' or HTTP Basic credentials of an "
                        + "ACL user");
            }
            return new Outcome(access.defaultUser(), null);
        }
        HttpCredentials credentials = header.get().credentials();
        if (credentials.scheme().equalsIgnoreCase("Basic")) {
            return basic(credentials, access, client);
        }
        if (credentials.scheme().equalsIgnoreCase("Bearer")) {
            return bearer(credentials.token().getBytes(StandardCharsets.UTF_8), access);
        }
        return refused("unsupported authorization scheme '" + credentials.scheme() + "': use Bearer or Basic");
    }

    private Outcome basic(HttpCredentials credentials, AccessControl access, Supplier<String> client) {
        if (!(credentials instanceof akka.http.javadsl.model.headers.BasicHttpCredentials basic)) {
            return refused("malformed Basic credentials");
        }
        AclUser user = access.authenticate(basic.username().getBytes(StandardCharsets.UTF_8),
                basic.password().getBytes(StandardCharsets.UTF_8), client);
        return user == null ? refused("invalid username-password pair or user is disabled") : new Outcome(user, null);
    }

    private Outcome bearer(byte[] presented, AccessControl access) {
        if (token.length > 0 && MessageDigest.isEqual(token, presented)) {
            return new Outcome(access.defaultUser(), null);
        }
        String owner = null;
        for (Map.Entry<String, byte[]> entry : userTokens.entrySet()) {
            // every token compared, in constant time each, so that timing tells nothing about which one nearly matched
            if (MessageDigest.isEqual(entry.getValue(), presented)) {
                owner = entry.getKey();
            }
        }
        if (owner == null) {
            return refused("the bearer token is wrong");
        }
        AclUser user = access.user(owner.getBytes(StandardCharsets.UTF_8));
        return user == null || !user.enabled() ? refused("the token's user '" + owner
                + "' does not exist or is disabled") : new Outcome(user, null);
    }

    private static Outcome refused(String why) {
        return new Outcome(null, why);
    }
}
