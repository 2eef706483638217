package io.redactor.actors.command.connection;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.tracking.ClientTracking;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** CLIENT TRACKING, CACHING, GETREDIR and TRACKINGINFO: client-side caching, as Redis 7.0 has it. */
final class TrackingCommands {
    private static final ErrorReply ONE_REDIRECT = Errors.err("A client can only redirect to a single other client");
    private static final ErrorReply NO_REDIRECT_CLIENT =
            Errors.err("The client ID you want redirect to does not exist");
    private static final ErrorReply PREFIX_WITHOUT_BCAST = Errors.err("PREFIX option requires BCAST mode to be enabled");
    private static final ErrorReply BCAST_SWITCH = Errors.err("You can't switch BCAST mode on/off before disabling "
            + "tracking for this client, and then re-enabling it with a different mode.");
    private static final ErrorReply OPTIN_OPTOUT_WITH_BCAST = Errors.err("OPTIN and OPTOUT are not compatible with BCAST");
    private static final ErrorReply OPTIN_AND_OPTOUT = Errors.err("You can't specify both OPTIN mode and OPTOUT mode");
    private static final ErrorReply OPT_SWITCH = Errors.err("You can't switch OPTIN/OPTOUT mode before disabling "
            + "tracking for this client, and then re-enabling it with a different mode.");
    private static final ErrorReply CACHING_NOT_TRACKING = Errors.err("CLIENT CACHING can be called only when the "
            + "client is in tracking mode with OPTIN or OPTOUT mode enabled");
    private static final ErrorReply CACHING_YES = Errors.err("CLIENT CACHING YES is only valid when tracking is "
            + "enabled in OPTIN mode.");
    private static final ErrorReply CACHING_NO = Errors.err("CLIENT CACHING NO is only valid when tracking is "
            + "enabled in OPTOUT mode.");

    private TrackingCommands() {
    }

    /** CLIENT TRACKING ON|OFF [REDIRECT id] [PREFIX p ...] [BCAST] [OPTIN] [OPTOUT] [NOLOOP]. */
    static Reply tracking(ClientCall call) {
        long redirect = 0;
        boolean bcast = false;
        boolean optin = false;
        boolean optout = false;
        boolean noloop = false;
        List<byte[]> prefixes = new ArrayList<>();
        for (int j = 3; j < call.argc(); j++) {
            boolean more = j < call.argc() - 1;
            byte[] option = call.arg(j);
            if (Arguments.is(option, "redirect") && more) {
                j++;
                if (redirect != 0) {
                    return ONE_REDIRECT;
                }
                redirect = Arguments.parseLong(call.arg(j));
                // the client must exist now, though it may go later (the redirection is then broken)
                if (call.node().clients().byId(redirect) == null) {
                    return NO_REDIRECT_CLIENT;
                }
            } else if (Arguments.is(option, "bcast")) {
                bcast = true;
            } else if (Arguments.is(option, "optin")) {
                optin = true;
            } else if (Arguments.is(option, "optout")) {
                optout = true;
            } else if (Arguments.is(option, "noloop")) {
                noloop = true;
            } else if (Arguments.is(option, "prefix") && more) {
                prefixes.add(call.arg(++j));
            } else {
                return Errors.SYNTAX;
            }
        }
        ClientSession client = call.client();
        if (Arguments.is(call.arg(2), "off")) {
            if (client.tracking().on()) {
                call.node().server().tracking().disable(client);
            }
            return SimpleString.OK;
        }
        if (!Arguments.is(call.arg(2), "on")) {
            return Errors.SYNTAX;
        }
        ClientTracking state = client.tracking();
        if (!bcast && !prefixes.isEmpty()) {
            return PREFIX_WITHOUT_BCAST;
        }
        if (state.on() && state.bcast() != bcast) {
            return BCAST_SWITCH;
        }
        if (bcast && (optin || optout)) {
            return OPTIN_OPTOUT_WITH_BCAST;
        }
        if (optin && optout) {
            return OPTIN_AND_OPTOUT;
        }
        if (optin && state.optout() || optout && state.optin()) {
            return OPT_SWITCH;
        }
        ErrorReply overlap = null;
        if (bcast) {
            PrefixCheck check = checkPrefixes(state.prefixes(), prefixes);
            if (check.refused()) {
                return check.error();
            }
            overlap = check.error();
        }
        call.node().server().tracking().enable(client, redirect, bcast, optin, optout, noloop, prefixes);
        // Redis 7.0 refuses only an overlap found for the first prefix; a later one is answered with the error and
        // then OK, tracking enabled: two replies to one command, reproduced as they are
        return overlap == null ? SimpleString.OK : new ReplySequence(List.of(overlap, SimpleString.OK));
    }

    /** An overlap error for the prefixes, and whether it refuses the command (see the end of {@link #tracking}). */
    private record PrefixCheck(ErrorReply error, boolean refused) {
    }

    /**
     * Redis's checkPrefixCollisionsOrReply: prefixes overlap when one starts with the other, so that one key
     * change would be announced twice.
     */
    private static PrefixCheck checkPrefixes(List<byte[]> existing, List<byte[]> given) {
        for (int i = 0; i < given.size(); i++) {
            byte[] prefix = given.get(i);
            for (byte[] mine : existing) {
                if (overlap(mine, prefix)) {
                    return new PrefixCheck(Errors.err("Prefix '" + cString(prefix) + "' overlaps with an existing "
                            + "prefix '" + cString(mine) + "'. Prefixes for a single client must not overlap."), true);
                }
            }
            for (int j = i + 1; j < given.size(); j++) {
                if (overlap(prefix, given.get(j))) {
                    return new PrefixCheck(Errors.err("Prefix '" + cString(prefix) + "' overlaps with another "
                            + "provided prefix '" + cString(given.get(j)) + "'. Prefixes for a single client must "
                            + "not overlap."), i == 0);
                }
            }
        }
        return new PrefixCheck(null, false);
    }

    private static boolean overlap(byte[] a, byte[] b) {
        int common = Math.min(a.length, b.length);
        return java.util.Arrays.equals(a, 0, common, b, 0, common);
    }

    /** A prefix as Redis's "%s" prints it in an error: up to its first zero byte, line breaks made spaces. */
    private static String cString(byte[] bytes) {
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.ISO_8859_1).replace('\r', ' ').replace('\n', ' ');
    }

    /** CLIENT CACHING YES|NO: whether the next command's keys are tracked, in OPTIN or OPTOUT mode. */
    static Reply caching(ClientCall call) {
        ClientTracking state = call.client().tracking();
        if (!state.on()) {
            return CACHING_NOT_TRACKING;
        }
        if (Arguments.is(call.arg(2), "yes")) {
            if (!state.optin()) {
                return CACHING_YES;
            }
        } else if (Arguments.is(call.arg(2), "no")) {
            if (!state.optout()) {
                return CACHING_NO;
            }
        } else {
            return Errors.SYNTAX;
        }
        state.cacheNext();
        return SimpleString.OK;
    }

    static Reply getredir(ClientCall call) {
        ClientTracking state = call.client().tracking();
        return IntegerReply.of(state.on() ? state.redirect() : -1);
    }

    static Reply trackinginfo(ClientCall call) {
        ClientTracking state = call.client().tracking();
        List<Reply> flags = new ArrayList<>();
        flags.add(BulkString.of(state.on() ? "on" : "off"));
        if (state.bcast()) {
            flags.add(BulkString.of("bcast"));
        }
        if (state.optin()) {
            flags.add(BulkString.of("optin"));
            if (state.caching()) {
                flags.add(BulkString.of("caching-yes"));
            }
        }
        if (state.optout()) {
            flags.add(BulkString.of("optout"));
            if (state.caching()) {
                flags.add(BulkString.of("caching-no"));
            }
        }
        if (state.noloop()) {
            flags.add(BulkString.of("noloop"));
        }
        if (state.brokenRedirect()) {
            flags.add(BulkString.of("broken_redirect"));
        }
        List<Reply> prefixes = new ArrayList<>();
        state.prefixes().forEach(prefix -> prefixes.add(new BulkString(prefix)));
        return new MapReply(List.of(
                BulkString.of("flags"), new SetReply(flags),
                BulkString.of("redirect"), IntegerReply.of(state.on() ? state.redirect() : -1),
                BulkString.of("prefixes"), new ArrayReply(prefixes)));
    }
}
