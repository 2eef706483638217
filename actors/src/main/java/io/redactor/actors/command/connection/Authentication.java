package io.redactor.actors.command.connection;

import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;

/** AUTH, and the authentication of HELLO ... AUTH and RESET: which ACL user a connection runs as. */
final class Authentication {
    static final ErrorReply WRONG_PASS =
            new ErrorReply("WRONGPASS invalid username-password pair or user is disabled.");
    private static final byte[] DEFAULT_USER = AccessControl.DEFAULT_USER.getBytes(StandardCharsets.US_ASCII);

    private Authentication() {
    }

    /** AUTH password (the default user) or AUTH username password. */
    static Reply auth(ClientCall call) {
        if (call.argc() > 3) {
            return Errors.SYNTAX;
        }
        AccessControl access = call.node().access();
        if (call.argc() == 2) {
            if (access.defaultUserHasNoPassword()) {
                return Errors.err("AUTH <password> called without any password configured for the default user. "
                        + "Are you sure your configuration is correct?");
            }
            return signIn(call, DEFAULT_USER, call.arg(1)) ? SimpleString.OK : WRONG_PASS;
        }
        return signIn(call, call.arg(1), call.arg(2)) ? SimpleString.OK : WRONG_PASS;
    }

    /** Runs the connection as that user if the password is right; a failure is logged in ACL LOG. */
    static boolean signIn(ClientCall call, byte[] username, byte[] password) {
        AccessControl access = call.node().access();
        AclUser user = access.authenticate(username, password);
        if (user == null) {
            access.logFailedAuthentication(call.client(), call.arg(0), username);
            return false;
        }
        call.client().signIn(user, true);
        return true;
    }
}
