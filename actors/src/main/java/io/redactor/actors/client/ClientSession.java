package io.redactor.actors.client;

import io.redactor.actors.acl.AclUser;
import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.actors.tracking.ClientTracking;
import io.redactor.core.reply.PushReply;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * What the server knows about one client: identity, selected database, protocol, name, and what CLIENT LIST
 * reports. Written by the client's own thread; read by any thread for CLIENT LIST and INFO (fields that
 * others read are volatile).
 */
public final class ClientSession {
    private static final VarHandle LAST_INTERACTION;
    private static final VarHandle LAST_COMMAND;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            LAST_INTERACTION = lookup.findVarHandle(ClientSession.class, "lastInteractionMs", long.class);
            LAST_COMMAND = lookup.findVarHandle(ClientSession.class, "lastCommand", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long id;
    private final ClientEndpoint endpoint;
    private final long createdAtMs;
    private volatile String name = "";
    private volatile int db;
    private volatile int protocol = 2;
    // Written for every command by the client's thread, read rarely by others (CLIENT LIST, idle timeout):
    // release/acquire access instead of volatile fences on the hot path.
    private long lastInteractionMs;
    private String lastCommand = "NULL";
    private volatile boolean closing;
    private ClientSubscriptions subscriptions;
    private final Transaction transaction = new Transaction();
    private volatile BlockedClient blocked;
    /** Null for the server's own sessions, which may run anything (Redis's clients without a user). */
    private volatile AclUser user;
    private volatile boolean authenticated;
    private volatile boolean replaysLog;
    private final ClientTracking tracking = new ClientTracking();
    /** Where messages pushed to the client go (its pipeline); null for sessions that take none. */
    private volatile Subscriber subscriber;
    private volatile boolean monitoring;
    /** Held by the server: its next command waits for CLIENT PAUSE to end, or it waits in WAIT (counted as blocked). */
    private volatile boolean postponed;
    /** Ends the WAIT the client is in with a reply (false if it was not waiting); null when not in one. */
    private volatile java.util.function.Predicate<io.redactor.core.reply.Reply> waitEnder;
    /** CLIENT NO-EVICT: kept for CLIENT LIST; Redactor does not evict clients (no maxmemory-clients). */
    private volatile boolean noEvict;
    private final ReplyControl replies = new ReplyControl();
    private volatile java.util.function.LongSupplier receivedBytes = () -> 0;
    private volatile java.util.function.LongSupplier argumentBytes = () -> 0;

    public ClientSession(long id, ClientEndpoint endpoint, long nowMs) {
        this.id = id;
        this.endpoint = endpoint;
        this.createdAtMs = nowMs;
        this.lastInteractionMs = nowMs;
    }

    public long id() {
        return id;
    }

    /** The ACL user the client runs as; null for the server's own sessions, which ACL rules do not restrict. */
    public AclUser user() {
        return user;
    }

    /** Whether the client has authenticated, or needed not: it connected while the default user had no password. */
    public boolean authenticated() {
        return authenticated;
    }

    /** From now on the client runs as {@code as}. */
    public void signIn(AclUser as, boolean isAuthenticated) {
        user = as;
        authenticated = isAuthenticated;
    }

    public ClientEndpoint endpoint() {
        return endpoint;
    }

    /** The connection name; empty when none was set. */
    public String name() {
        return name;
    }

    public void setName(String value) {
        name = value;
    }

    public int db() {
        return db;
    }

    public void setDb(int value) {
        db = value;
    }

    /** 2 or 3: the RESP version chosen with HELLO. */
    public int protocol() {
        return protocol;
    }

    public void setProtocol(int value) {
        protocol = value;
    }

    public void touched(long nowMs, String commandFullName) {
        LAST_INTERACTION.setRelease(this, nowMs);
        LAST_COMMAND.setRelease(this, commandFullName);
    }

    public long createdAtMs() {
        return createdAtMs;
    }

    public long lastInteractionMs() {
        return (long) LAST_INTERACTION.getAcquire(this);
    }

    public String lastCommand() {
        return (String) LAST_COMMAND.getAcquire(this);
    }

    /** Gives the session its publish/subscribe state, delivering to {@code subscriber}. Once, at start. */
    public void attach(Subscriber subscriber) {
        subscriptions = new ClientSubscriptions(subscriber);
        this.subscriber = subscriber;
    }

    /** Writes an out-of-band message to the client (tracking invalidations), from any thread. */
    public void push(PushReply message) {
        Subscriber to = subscriber;
        if (to != null) {
            to.push(message);
        }
    }

    /** A MONITOR line for this client, in MONITOR mode, from any thread. */
    public void feed(io.redactor.core.reply.Reply line) {
        Subscriber to = subscriber;
        if (to != null) {
            to.feed(line);
        }
    }

    /** In MONITOR mode (Redis's CLIENT_MONITOR): fed every command, no keyspace access, never paused. */
    public boolean monitoring() {
        return monitoring;
    }

    public void monitoring(boolean value) {
        monitoring = value;
    }

    /**
     * Where CLIENT LIST reads what the client's received and unanswered commands hold: their RESP bytes (part of
     * {@code qbuf}) and their arguments' length ({@code argv-mem}). Set once, by the client's pipeline.
     */
    public void input(java.util.function.LongSupplier received, java.util.function.LongSupplier arguments) {
        receivedBytes = received;
        argumentBytes = arguments;
    }

    /** The client waits in WAIT until {@code ender} answers it (CLIENT UNBLOCK, its time, its end); null: no more. */
    public void waiting(java.util.function.Predicate<io.redactor.core.reply.Reply> ender) {
        waitEnder = ender;
    }

    /** Answers the WAIT the client is in with {@code reply}; false when it is in none. */
    public boolean endWait(io.redactor.core.reply.Reply reply) {
        java.util.function.Predicate<io.redactor.core.reply.Reply> ender = waitEnder;
        return ender != null && ender.test(reply);
    }

    /** Whether its next command waits for a CLIENT PAUSE to end, or it waits in WAIT. */
    public boolean postponed() {
        return postponed;
    }

    public void postponed(boolean value) {
        postponed = value;
    }

    public boolean noEvict() {
        return noEvict;
    }

    public void noEvict(boolean value) {
        noEvict = value;
    }

    /** CLIENT REPLY's state; used on the client's own thread only. */
    public ReplyControl replies() {
        return replies;
    }

    /** The client's CLIENT TRACKING state. */
    public ClientTracking tracking() {
        return tracking;
    }

    public ClientSubscriptions subscriptions() {
        return subscriptions;
    }

    public Transaction transaction() {
        return transaction;
    }

    /** The blocking command this client waits on, or null. */
    public BlockedClient blocked() {
        return blocked;
    }

    public void blocked(BlockedClient command) {
        blocked = command;
    }

    /**
     * Closes this client for {@code requester} (CLIENT KILL, ACL DELUSER): at once, or after the reply to the
     * command running when the requester is this client itself.
     */
    public void kill(ClientSession requester) {
        if (requester == this) {
            closeAfterReply();
        } else {
            endpoint.close();
        }
    }

    /**
     * Redis's mustObeyClient: this session applies the append-only file, whose commands hold outcomes to apply as
     * they are (an XADD's trim without its work limit).
     */
    public boolean replaysLog() {
        return replaysLog;
    }

    public void markReplaysLog() {
        replaysLog = true;
    }

    /** Marks the client to be closed once its pending replies are written (QUIT, protocol errors). */
    public void closeAfterReply() {
        closing = true;
    }

    public boolean isClosing() {
        return closing;
    }

    /** Subscribed to a channel or a pattern, in RESP2 or RESP3 (Redis's CLIENT_PUBSUB flag). */
    public boolean isSubscriber() {
        return subscriptions != null && subscriptions.active();
    }

    /**
     * Redis's client type, as CLIENT LIST/KILL TYPE and client-output-buffer-limit name it: "pubsub" while
     * subscribed, else "normal" (Redactor has no replicas).
     */
    public String type() {
        return isSubscriber() ? "pubsub" : "normal";
    }

    /**
     * CLIENT LIST's flags, in Redis's order: O monitor, P subscriber, x in MULTI, b blocked, t tracking, R tracking redirection
     * broken, B tracking by broadcast, d a watched key changed, e no-evict.
     */
    private String flags() {
        StringBuilder flags = new StringBuilder(4);
        if (monitoring) {
            flags.append('O');
        }
        if (isSubscriber()) {
            flags.append('P');
        }
        if (transaction.active()) {
            flags.append('x');
        }
        if (blocked != null || postponed) {
            flags.append('b');
        }
        tracking.appendFlags(flags);
        if (transaction.token().isDirty()) {
            flags.append('d');
        }
        if (noEvict) {
            flags.append('e');
        }
        return flags.isEmpty() ? "N" : flags.toString();
    }

    /** One line of CLIENT LIST / the text of CLIENT INFO, fields as in Redis 7.0. */
    public String describe(long nowMs) {
        long queryBuffer = endpoint.queryBufferBytes() + receivedBytes.getAsLong();
        long queryFree = endpoint.queryBufferFree();
        long argvMem = argumentBytes.getAsLong();
        long multiMem = transaction.active() ? transaction.heldBytes() : 0;
        long replyBuffer = endpoint.replyBufferBytes();
        long output = endpoint.outputBufferBytes();
        return "id=" + id
                + " addr=" + endpoint.remoteAddress()
                + " laddr=" + endpoint.localAddress()
                + " fd=" + endpoint.fd()
                + " name=" + name
                + " age=" + (nowMs - createdAtMs) / 1000
                + " idle=" + (nowMs - lastInteractionMs()) / 1000
                + " flags=" + flags()
                + " db=" + db
                + " sub=" + (subscriptions == null ? 0 : subscriptions.channelCount())
                + " psub=" + (subscriptions == null ? 0 : subscriptions.patternCount())
                + " ssub=" + (subscriptions == null ? 0 : subscriptions.shardChannelCount())
                + " multi=" + (transaction.active() ? transaction.queuedCount() : -1)
                + " qbuf=" + queryBuffer
                + " qbuf-free=" + queryFree
                + " argv-mem=" + argvMem
                + " multi-mem=" + multiMem
                + " rbs=0 rbp=0"
                + " obl=" + replyBuffer
                + " oll=" + endpoint.outputBlocks()
                + " omem=" + output
                + " tot-mem=" + (queryBuffer + queryFree + argvMem + multiMem + replyBuffer + output)
                + " events=" + (output > 0 ? "rw" : "r")
                + " cmd=" + lastCommand.toLowerCase(Locale.ROOT)
                + " user=" + (user == null ? "default" : user.nameText())
                + " redir=" + (tracking.on() ? tracking.redirect() : -1) + " resp=" + protocol;
    }
}
