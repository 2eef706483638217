package io.redactor.actors.tracking;

import io.redactor.core.reply.PushReply;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One client's CLIENT TRACKING state (Redis's CLIENT_TRACKING* flags, redirection and prefixes). Changed by the
 * client's own commands (CLIENT TRACKING and CACHING, which run with nothing of the client's in flight) and read by
 * the partitions that run its commands or change keys it read, hence volatile fields.
 */
public final class ClientTracking {
    private volatile boolean on;
    private volatile boolean bcast;
    private volatile boolean optin;
    private volatile boolean optout;
    private volatile boolean noloop;
    private volatile boolean brokenRedirect;
    /** CLIENT CACHING was given for the next command (or transaction). */
    private volatile boolean caching;
    /** The client id invalidations go to; 0 for the client itself. */
    private volatile long redirect;
    /** BCAST prefixes, in Redis's order (byte order, a prefix before its extensions). */
    private volatile List<byte[]> prefixes = List.of();
    /** Invalidations of its own writes made by an async script's calls, written after the script's reply. */
    private final Queue<PushReply> afterReply = new ConcurrentLinkedQueue<>();

    public boolean on() {
        return on;
    }

    public boolean bcast() {
        return bcast;
    }

    public boolean optin() {
        return optin;
    }

    public boolean optout() {
        return optout;
    }

    public boolean noloop() {
        return noloop;
    }

    public boolean brokenRedirect() {
        return brokenRedirect;
    }

    public boolean caching() {
        return caching;
    }

    public long redirect() {
        return redirect;
    }

    public List<byte[]> prefixes() {
        return prefixes;
    }

    /** Whether the keys of the read-only command running now are remembered (Redis's trackingRememberKeys). */
    public boolean remembersReads() {
        return on && !bcast && !(optin && !caching) && !(optout && caching);
    }

    /** CLIENT CACHING YES (OPTIN) or NO (OPTOUT): for the next command or transaction only. */
    public void cacheNext() {
        caching = true;
    }

    /** After a command of the client (Redis's resetClient), unless it was CLIENT itself or the client is in MULTI. */
    public void commandDone() {
        if (caching) {
            caching = false;
        }
    }

    void enable(long redirectTo, boolean broadcast, boolean in, boolean out, boolean noLoop) {
        redirect = redirectTo;
        bcast = broadcast;
        optin = in;
        optout = out;
        noloop = noLoop;
        brokenRedirect = false;
        on = true;
    }

    void disable() {
        on = false;
        bcast = false;
        optin = false;
        optout = false;
        noloop = false;
        brokenRedirect = false;
        caching = false;
        prefixes = List.of();
    }

    void prefixes(List<byte[]> value) {
        prefixes = value;
    }

    void redirectBroken() {
        brokenRedirect = true;
    }

    void queueAfterReply(List<PushReply> messages) {
        afterReply.addAll(messages);
    }

    /** The next message to write after the reply being written, or null. */
    public PushReply pollAfterReply() {
        return afterReply.poll();
    }

    /** CLIENT LIST's letters for tracking: t tracking, R broken redirection, B broadcasting. */
    public void appendFlags(StringBuilder flags) {
        if (on) {
            flags.append('t');
        }
        if (brokenRedirect) {
            flags.append('R');
        }
        if (bcast) {
            flags.append('B');
        }
    }
}
