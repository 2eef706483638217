package io.redactor.actors.acl;

import io.redactor.core.SplitArgs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import static io.redactor.actors.acl.AccessControl.bytes;
import static io.redactor.actors.acl.AccessControl.text;

/**
 * Applies ACL rules to a user's rules, as ACL SETUSER, the ACL file and the configuration's user directives give
 * them: flags and passwords to the user, {@code (...)} as a new selector, every other rule to its root selector.
 */
final class RuleEditor {
    private final CommandCatalog catalog;
    /** acl-pubsub-default: whether new users (and {@code reset}) start with every channel. */
    private final BooleanSupplier newUsersGetAllChannels;

    RuleEditor(CommandCatalog catalog, BooleanSupplier newUsersGetAllChannels) {
        this.catalog = catalog;
        this.newUsersGetAllChannels = newUsersGetAllChannels;
    }

    /** A user as ACL SETUSER creates it: off, no password, nothing allowed (channels as acl-pubsub-default says). */
    User created() {
        return User.created(catalog, newUsersGetAllChannels.getAsBoolean());
    }

    /** The default user as a server starts with it: everything, without a password. */
    User defaultUserRules() {
        User rules = created();
        for (String rule : List.of("+@all", "~*", "&*", "on", "nopass")) {
            apply(rules, bytes(rule));
        }
        return rules;
    }

    /** One rule of a user (flags, passwords, selectors) or of its root selector. */
    RuleError apply(User user, byte[] op) {
        // Redis compares keywords as C strings: "on\0junk" is "on"
        String lower = AccessControl.upToNul(text(op)).toLowerCase(java.util.Locale.ROOT);
        if (op.length == 0) {
            return null;
        }
        switch (lower) {
            case "on" -> user.flag(User.ON, User.OFF);
            case "off" -> user.flag(User.OFF, User.ON);
            case "skip-sanitize-payload" -> user.flag(User.SKIP_SANITIZE_PAYLOAD, User.SANITIZE_PAYLOAD);
            case "sanitize-payload" -> user.flag(User.SANITIZE_PAYLOAD, User.SKIP_SANITIZE_PAYLOAD);
            case "nopass" -> {
                user.flag(User.NOPASS);
                user.passwords().clear();
            }
            case "resetpass" -> {
                user.clearFlag(User.NOPASS);
                user.passwords().clear();
            }
            case "clearselectors" -> user.selectors().subList(1, user.selectors().size()).clear();
            case "reset" -> {
                for (String rule : List.of("resetpass", "resetkeys", "resetchannels")) {
                    apply(user, bytes(rule));
                }
                if (newUsersGetAllChannels.getAsBoolean()) {
                    apply(user, bytes("allchannels"));
                }
                for (String rule : List.of("off", "sanitize-payload", "clearselectors", "-@all")) {
                    apply(user, bytes(rule));
                }
            }
            default -> {
                return applyOther(user, op);
            }
        }
        return null;
    }

    private RuleError applyOther(User user, byte[] op) {
        byte[] rest = java.util.Arrays.copyOfRange(op, 1, op.length);
        switch (op[0]) {
            case '>', '#' -> {
                if (op[0] == '#' && !Passwords.isHash(rest)) {
                    return RuleError.BAD_HASH;
                }
                String hash = op[0] == '>' ? Passwords.hash(rest) : text(rest);
                if (!user.passwords().contains(hash)) {
                    user.passwords().add(hash);
                }
                user.clearFlag(User.NOPASS);
                return null;
            }
            case '<', '!' -> {
                if (op[0] == '!' && !Passwords.isHash(rest)) {
                    return RuleError.BAD_HASH;
                }
                String hash = op[0] == '<' ? Passwords.hash(rest) : text(rest);
                return user.passwords().remove(hash) ? null : RuleError.NO_SUCH_PASSWORD;
            }
            default -> {
                if (op[0] == '(' && op[op.length - 1] == ')') {
                    return addSelector(user, op);
                }
                return user.root().apply(op);
            }
        }
    }

    private RuleError addSelector(User user, byte[] op) {
        Selector selector = new Selector(catalog, newUsersGetAllChannels.getAsBoolean());
        // Redis splits as sdssplitargs does, up to a NUL: unbalanced quotes give no rules at all, and an empty selector
        int end = 1;
        while (end < op.length - 1 && op[end] != 0) {
            end++;
        }
        byte[][] rules = SplitArgs.split(op, 1, end);
        for (byte[] rule : rules == null ? new byte[0][] : rules) {
            RuleError error = selector.apply(rule);
            if (error != null) {
                return error;
            }
        }
        user.selectors().add(selector);
        return null;
    }

    /** Rules with each selector in one piece; {@code unmatched}: the rule that opened a selector never closed. */
    record MergedRules(List<byte[]> rules, byte[] unmatched) {
    }

    /**
     * Joins the arguments of a selector given over several arguments ({@code "(+get" "~k)"}) into one, as Redis's
     * ACLMergeSelectorArguments: an argument that opens a selector starts it over even when one is open (what was
     * gathered is dropped), and the arguments after the first are joined as C strings (up to a NUL).
     */
    static MergedRules mergeSelectors(List<byte[]> rules) {
        List<byte[]> merged = new ArrayList<>();
        StringBuilder open = null;
        byte[] openedBy = null;
        for (byte[] rule : rules) {
            String text = text(rule);
            if (text.startsWith("(") && !text.endsWith(")")) {
                open = new StringBuilder(text);
                openedBy = rule;
                continue;
            }
            if (open != null) {
                open.append(' ').append(AccessControl.upToNul(text));
                if (text.endsWith(")")) {
                    merged.add(bytes(open.toString()));
                    open = null;
                }
                continue;
            }
            merged.add(rule);
        }
        return new MergedRules(merged, open == null ? null : openedBy);
    }

    static byte[] prefixed(char prefix, byte[] value) {
        byte[] op = new byte[value.length + 1];
        op[0] = (byte) prefix;
        System.arraycopy(value, 0, op, 1, value.length);
        return op;
    }
}
