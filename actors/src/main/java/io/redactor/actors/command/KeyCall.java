package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.ServerContext;

/**
 * A command running at its data. One instance per runner is reused for every command it runs, so handlers
 * must not keep it beyond their call.
 */
public final class KeyCall implements CommandArguments {
    private final ServerContext server;
    private CommandSpec spec;
    private byte[][] args;
    private ClientSession client;
    private Keyspace keyspace;
    private int db;
    private long now;

    public KeyCall(ServerContext server) {
        this.server = server;
    }

    public KeyCall bind(Invocation invocation, Keyspace keyspace, long now) {
        this.spec = invocation.spec();
        this.args = invocation.args();
        this.client = invocation.client();
        this.db = invocation.db();
        this.keyspace = keyspace;
        this.now = now;
        return this;
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

    /** The command's clock, in unix milliseconds. */
    public long now() {
        return now;
    }

    public ServerContext server() {
        return server;
    }
}
