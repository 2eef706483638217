package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;

/**
 * A command ready to run at its data: its (sub)command table entry, its arguments (argument 0 is the
 * command name, as in Redis), the database the client had selected when it was sent, and the client (for the
 * few commands that act on its session at the data: WATCH, blocking commands); null for internal work;
 * and, when a script sent it, the protocol the script reads replies in (0 otherwise).
 */
public record Invocation(CommandSpec spec, byte[][] args, int db, ClientSession client, int scriptProtocol) {

    public Invocation(CommandSpec spec, byte[][] args, int db, ClientSession client) {
        this(spec, args, db, client, 0);
    }

    /**
     * The same command, called by a script whose replies are in RESP {@code protocol} (redis.setresp); a few
     * commands answer differently there, as in Redis.
     */
    public Invocation inScript(int protocol) {
        return new Invocation(spec, args, db, client, protocol);
    }

    public boolean fromScript() {
        return scriptProtocol != 0;
    }
}
