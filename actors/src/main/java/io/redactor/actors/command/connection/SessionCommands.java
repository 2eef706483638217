package io.redactor.actors.command.connection;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.keys.DatabaseIndex;
import io.redactor.actors.command.transactions.Watching;
import io.redactor.actors.node.RedactorVersion;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;

/** PING, ECHO, SELECT, HELLO, QUIT and RESET: commands about the client's own session. */
final class SessionCommands {
    private static final ErrorReply NO_PROTO = new ErrorReply("NOPROTO unsupported protocol version");
    private static final ErrorReply NOT_AUTHENTICATED = new ErrorReply("NOAUTH HELLO must be called with the client "
            + "already authenticated, otherwise the HELLO AUTH <user> <pass> option can be used to authenticate "
            + "the client and select the RESP protocol version at the same time");

    private static final BulkString PONG = BulkString.of("pong");

    private SessionCommands() {
    }

    /** In RESP2 subscriber mode PING answers ["pong", message], as Redis does. */
    static Reply ping(ClientCall call) {
        if (call.argc() > 2) {
            return Errors.wrongArity(call.name());
        }
        if (call.client().protocol() == 2 && call.client().subscriptions().active()) {
            return ArrayReply.of(PONG, call.argc() == 1 ? BulkString.EMPTY : new BulkString(call.arg(1)));
        }
        return call.argc() == 1 ? SimpleString.PONG : new BulkString(call.arg(1));
    }

    static Reply echo(ClientCall call) {
        return new BulkString(call.arg(1));
    }

    static Reply select(ClientCall call) {
        call.client().setDb(DatabaseIndex.parse(call.arg(1)));
        return SimpleString.OK;
    }

    static Reply hello(ClientCall call) {
        long version = 0;
        int next = 1;
        if (call.argc() >= 2) {
            version = Arguments.parseLong(call.arg(next++),
                    Errors.err("Protocol version is not an integer or out of range"));
            if (version < 2 || version > 3) {
                return NO_PROTO;
            }
        }
        byte[] user = null;
        byte[] password = null;
        String name = null;
        for (int j = next; j < call.argc(); j++) {
            int more = call.argc() - 1 - j;
            byte[] opt = call.arg(j);
            if (Arguments.is(opt, "auth") && more >= 2) {
                user = call.arg(j + 1);
                password = call.arg(j + 2);
                j += 2;
            } else if (Arguments.is(opt, "setname") && more >= 1) {
                name = ClientNames.validate(call.arg(j + 1));
                j++;
            } else {
                return Errors.err("Syntax error in HELLO option '" + Arguments.text(opt) + "'");
            }
        }
        if (user != null && !Authentication.signIn(call, user, password)) {
            return Authentication.WRONG_PASS;
        }
        ClientSession client = call.client();
        if (!client.authenticated()) {
            return NOT_AUTHENTICATED;
        }
        if (name != null) {
            client.setName(name);
        }
        if (version != 0) {
            client.setProtocol((int) version);
        }
        return new MapReply(List.of(
                BulkString.of("server"), BulkString.of("redis"),
                BulkString.of("version"), BulkString.of(RedactorVersion.REDIS_VERSION),
                BulkString.of("proto"), IntegerReply.of(client.protocol()),
                BulkString.of("id"), IntegerReply.of(client.id()),
                BulkString.of("mode"), BulkString.of("standalone"),
                BulkString.of("role"), BulkString.of("master"),
                BulkString.of("modules"), ArrayReply.EMPTY));
    }

    static Reply quit(ClientCall call) {
        call.client().closeAfterReply();
        return SimpleString.OK;
    }

    /** RESET: the connection's state as new, its transaction discarded and its watches dropped, as in Redis. */
    static Reply reset(ClientCall call) {
        ClientSession client = call.client();
        if (client.transaction().active()) {
            client.transaction().end();
        }
        Watching.unwatch(client.transaction(), call.node().partitions());
        client.subscriptions().clear(call.node().server().pubsub());
        client.replies().reset();
        if (client.monitoring()) {
            client.monitoring(false);
            call.node().server().monitors().remove(client);
        }
        if (client.tracking().on()) {
            call.node().server().tracking().disable(client);
        }
        client.setDb(0);
        client.setProtocol(2);
        client.setName("");
        call.node().access().signInAsDefault(client, false);
        return new SimpleString("RESET");
    }
}
