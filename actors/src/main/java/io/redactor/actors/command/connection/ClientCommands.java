package io.redactor.actors.command.connection;

import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.client.ClientBlocking;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.core.reply.VerbatimString;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** CLIENT ID, SETNAME, GETNAME, INFO, LIST and KILL. */
final class ClientCommands {
    /** Every client is a normal one until pub/sub and replication exist. */
    private static final ErrorReply UNBLOCK_REASON = Errors.err("CLIENT UNBLOCK reason should be TIMEOUT or ERROR");
    private static final ErrorReply UNBLOCKED = new ErrorReply("UNBLOCKED client unblocked via CLIENT UNBLOCK");
    private static final Set<String> CLIENT_TYPES = Set.of("normal", "master", "replica", "slave", "pubsub");
    private static final ErrorReply BAD_CLIENT_ID = Errors.err("client-id should be greater than 0");

    private ClientCommands() {
    }

    static Reply id(ClientCall call) {
        return IntegerReply.of(call.client().id());
    }

    static Reply setname(ClientCall call) {
        call.client().setName(ClientNames.validate(call.arg(2)));
        return SimpleString.OK;
    }

    static Reply getname(ClientCall call) {
        String name = call.client().name();
        return name.isEmpty() ? NullReply.NULL_BULK : BulkString.of(name);
    }

    /** CLIENT UNBLOCK client-id [TIMEOUT|ERROR]: ends another client's blocking command early. */
    static Reply unblock(ClientCall call) {
        if (call.argc() > 4) {
            return Errors.subcommandSyntax(call.arg(1), "CLIENT");
        }
        boolean error = false;
        if (call.argc() == 4) {
            if (Arguments.is(call.arg(3), "error")) {
                error = true;
            } else if (!Arguments.is(call.arg(3), "timeout")) {
                return UNBLOCK_REASON;
            }
        }
        ClientSession target = call.node().clients().byId(Arguments.parseLong(call.arg(2), Errors.NOT_INTEGER));
        BlockedClient blocked = target == null ? null : target.blocked();
        if (blocked == null) {
            // WAIT answers what it would at its timeout (no replica acknowledged), or the error
            return target != null && target.endWait(error ? UNBLOCKED : IntegerReply.ZERO)
                    ? IntegerReply.ONE : IntegerReply.ZERO;
        }
        Reply reply = error ? UNBLOCKED : blocked.request().timeoutReply();
        return ClientBlocking.unblock(blocked, call.node().partitions(),
                call.node().server().commandStats(), reply) ? IntegerReply.ONE : IntegerReply.ZERO;
    }

    static Reply info(ClientCall call) {
        return text(call.client().describe(System.currentTimeMillis()) + "\n");
    }

    static Reply list(ClientCall call) {
        Predicate<ClientSession> filter = client -> true;
        List<ClientSession> byId = null;
        if (call.argc() == 4 && Arguments.is(call.arg(2), "type")) {
            filter = typeFilter(call.arg(3));
        } else if (call.argc() > 3 && Arguments.is(call.arg(2), "id")) {
            byId = new ArrayList<>();
            for (int j = 3; j < call.argc(); j++) {
                ClientSession client = call.node().clients()
                        .byId(Arguments.parseLong(call.arg(j), Errors.err("Invalid client ID")));
                if (client != null) {
                    byId.add(client);
                }
            }
        } else if (call.argc() != 2) {
            return Errors.SYNTAX;
        }
        long now = System.currentTimeMillis();
        StringBuilder out = new StringBuilder();
        for (ClientSession client : byId != null ? byId : call.node().clients().all()) {
            if (filter.test(client)) {
                out.append(client.describe(now)).append('\n');
            }
        }
        return text(out.toString());
    }

    static Reply kill(ClientCall call) {
        ClientSession self = call.client();
        if (call.argc() == 3) {
            String address = Arguments.text(call.arg(2));
            for (ClientSession client : call.node().clients().all()) {
                if (client.endpoint().remoteAddress().equals(address)) {
                    client.kill(self);
                    return SimpleString.OK;
                }
            }
            return Errors.err("No such client");
        }
        Predicate<ClientSession> filter = client -> true;
        boolean skipMe = true;
        for (int i = 2; i < call.argc(); i += 2) {
            if (i + 1 >= call.argc()) {
                return Errors.SYNTAX;
            }
            byte[] option = call.arg(i);
            byte[] value = call.arg(i + 1);
            if (Arguments.is(option, "id")) {
                long id = Arguments.parseLong(value, BAD_CLIENT_ID);
                if (id <= 0) {
                    return BAD_CLIENT_ID;
                }
                filter = filter.and(client -> client.id() == id);
            } else if (Arguments.is(option, "type")) {
                filter = filter.and(typeFilter(value));
            } else if (Arguments.is(option, "addr")) {
                String address = Arguments.text(value);
                filter = filter.and(client -> client.endpoint().remoteAddress().equals(address));
            } else if (Arguments.is(option, "laddr")) {
                String address = Arguments.text(value);
                filter = filter.and(client -> client.endpoint().localAddress().equals(address));
            } else if (Arguments.is(option, "user")) {
                AclUser user = call.node().access().user(value);
                if (user == null) {
                    return Errors.err("No such user '" + Arguments.text(value) + "'");
                }
                filter = filter.and(client -> client.user() == user);
            } else if (Arguments.is(option, "skipme")) {
                if (Arguments.is(value, "yes")) {
                    skipMe = true;
                } else if (Arguments.is(value, "no")) {
                    skipMe = false;
                } else {
                    return Errors.SYNTAX;
                }
            } else {
                return Errors.SYNTAX;
            }
        }
        long count = 0;
        for (ClientSession client : call.node().clients().all()) {
            if (filter.test(client) && !(skipMe && client == self)) {
                client.kill(self);
                count++;
            }
        }
        return IntegerReply.of(count);
    }

    /** The caller itself is closed after its reply, like Redis; others at once. */
    private static Predicate<ClientSession> typeFilter(byte[] type) {
        String name = Arguments.text(type).toLowerCase(java.util.Locale.ROOT);
        if (!CLIENT_TYPES.contains(name)) {
            throw new io.redactor.actors.command.CommandError(
                    Errors.err("Unknown client type '" + Arguments.text(type) + "'"));
        }
        String wanted = name.equals("slave") ? "replica" : name;
        return client -> wanted.equals(client.type());
    }

    private static Reply text(String text) {
        return new VerbatimString("txt", text.getBytes(StandardCharsets.UTF_8));
    }
}
