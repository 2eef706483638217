package io.redactor.actors.command;

import io.redactor.actors.blocking.BlockRequest;
import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.ServerContext;
import io.redactor.core.reply.Reply;

import java.util.Arrays;
import java.util.List;

/**
 * A command running at its data. One instance per runner is reused for every command it runs, so handlers
 * must not keep it beyond their call.
 */
public final class KeyCall implements CommandArguments {
    private final ServerContext server;
    private CommandSpec spec;
    private byte[][] args;
    private ClientSession client;
    private int scriptProtocol;
    private BlockedClient blocker;
    private boolean servingBlocked;
    private Keyspace keyspace;
    private int db;
    private long now;
    private boolean propagated;

    public KeyCall(ServerContext server) {
        this.server = server;
    }

    public KeyCall bind(Invocation invocation, Keyspace keyspace, long now) {
        return bind(invocation, keyspace, now, null);
    }

    /** {@code blocker}: the command may block, as this client; null where it may not (EXEC, scripts). */
    public KeyCall bind(Invocation invocation, Keyspace keyspace, long now, BlockedClient blocker) {
        this.blocker = blocker;
        this.spec = invocation.spec();
        this.args = invocation.args();
        this.client = invocation.client();
        this.scriptProtocol = invocation.scriptProtocol();
        this.db = invocation.db();
        this.keyspace = keyspace;
        this.now = now;
        this.propagated = false;
        this.servingBlocked = false;
        return this;
    }

    /** This call serves a client that was blocked (its command runs now, on the key that became ready). */
    public KeyCall servingBlocked() {
        servingBlocked = true;
        return this;
    }

    /**
     * Whether this call serves a blocked client: Redis 7.0 counts no change for serving BLPOP, BRPOP, BLMOVE and
     * BRPOPLPUSH (the push that woke them counted), though it does for the others.
     */
    public boolean servesBlocked() {
        return servingBlocked;
    }

    @Override
    public CommandSpec spec() {
        return spec;
    }

    @Override
    public byte[][] args() {
        return args;
    }

    /** The client that sent the command; null for work the server does on its own. */
    public ClientSession client() {
        return client;
    }

    /** Whether a script runs this command (Redis's CLIENT_SCRIPT). */
    public boolean fromScript() {
        return scriptProtocol != 0;
    }

    /**
     * The protocol the reply is for, 2 or 3: the client's, a script's own (redis.setresp), 2 for work the server
     * does on its own. Replies whose shape differs between RESP2 and RESP3 (pairs of ZRANGE WITHSCORES) follow it.
     */
    public int protocol() {
        if (scriptProtocol != 0) {
            return scriptProtocol;
        }
        return client == null ? 2 : client.protocol();
    }

    /** The client's selected database. */
    public Db db() {
        return keyspace.db(db);
    }

    public int dbIndex() {
        return db;
    }

    public Db db(int index) {
        return keyspace.db(index);
    }

    public Keyspace keyspace() {
        return keyspace;
    }

    /**
     * Records {@code argv}, in the selected database, as what this command did, in place of its own arguments:
     * for commands whose arguments would not replay the same change (random picks, relative times, blocking
     * forms, floating-point results). One call per command: a second would not land atomically with the first.
     */
    public void propagate(byte[]... argv) {
        propagated = true;
        keyspace.effects().record(db, argv);
    }

    /**
     * Records {@code argvs} as what this command did, in place of its own arguments, all landing together (between
     * MULTI and EXEC when several, as Redis propagates a command's also-propagated commands); none records nothing
     * (Redis's preventCommandPropagation). One call per command.
     */
    public void propagateAll(List<byte[][]> argvs) {
        propagated = true;
        if (argvs.size() == 1) {
            keyspace.effects().record(db, argvs.get(0));
        } else if (!argvs.isEmpty()) {
            keyspace.effects().recordAll(db, argvs);
        }
    }

    /** Whether the command chose its own effects with {@link #propagate}. */
    boolean propagated() {
        return propagated;
    }

    /** Whether effects are logged: commands may skip building their rewritten effects when not. */
    public boolean logging() {
        return keyspace.effects().logging();
    }

    /** The command's clock, in unix milliseconds. */
    public long now() {
        return now;
    }

    public ServerContext server() {
        return server;
    }

    /**
     * Runs a blocking command: served at once from the first of the request's keys that holds a value; else it
     * waits for {@code request} until {@code deadline} (unix ms, 0 for ever) and the reply is null (it comes
     * when a key is served, or at the deadline); but where a command may not block (inside EXEC or a script) it
     * answers {@code notBlocking} at once, as in Redis.
     */
    public Reply serveOrBlock(BlockRequest request, long deadline, Reply notBlocking) {
        for (byte[] key : request.keys()) {
            Reply reply = request.serve().serve(this, key);
            if (reply != null) {
                return reply;
            }
        }
        return block(request, deadline, notBlocking);
    }

    /**
     * The client waits for {@code request} until {@code deadline} (unix ms, 0 for ever) and the reply is null; where
     * a command may not block (inside EXEC or a script) it answers {@code notBlocking} at once.
     */
    public Reply block(BlockRequest request, long deadline, Reply notBlocking) {
        if (blocker == null) {
            return notBlocking;
        }
        int[] partitions = new int[request.keys().size()];
        int count = 0;
        for (byte[] key : request.keys()) {
            keyspace.blockedOf(key).register(db, key, blocker);
            int partition = server.partitions().partitionOf(key);
            boolean known = false;
            for (int i = 0; i < count && !known; i++) {
                known = partitions[i] == partition;
            }
            if (!known) {
                partitions[count++] = partition;
            }
        }
        blocker.block(request, Arrays.copyOf(partitions, count), deadline);
        return null;
    }
}
