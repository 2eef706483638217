package io.redactor.actors.acl;

import java.util.List;

import static io.redactor.actors.acl.AccessControl.text;

/** A user's rules as ACL LIST, ACL GETUSER and ACL SAVE write them, categories fitted as Redis fits them. */
final class AclDescription {
    private final CommandCatalog catalog;

    AclDescription(CommandCatalog catalog) {
        this.catalog = catalog;
    }

    /** The user as ACL LIST shows it: {@code user <name> <flags> <password hashes> <selectors>}. */
    String describe(AclUser user) {
        User rules = user.rules();
        StringBuilder line = new StringBuilder("user ").append(user.nameText()).append(' ');
        for (String flag : rules.flags()) {
            line.append(flag).append(' ');
        }
        for (String hash : rules.passwords()) {
            line.append('#').append(hash).append(' ');
        }
        line.append(describe(rules.root()));
        for (Selector selector : rules.selectors().subList(1, rules.selectors().size())) {
            line.append(" (").append(describe(selector)).append(')');
        }
        return line.toString();
    }

    private String describe(Selector selector) {
        StringBuilder text = new StringBuilder();
        if (selector.allKeys()) {
            text.append("~* ");
        } else {
            selector.keys().forEach(k -> text.append(k.describe()).append(' '));
        }
        if (selector.allChannels()) {
            text.append("&* ");
        } else {
            text.append("resetchannels ");
            selector.channels().forEach(c -> text.append('&').append(text(c)).append(' '));
        }
        return text.append(CommandRulesDescription.of(selector, catalog)).toString();
    }

    /** ACL GETUSER's fields of one selector: commands, keys, channels. */
    List<String> selectorFields(AclUser user, int index) {
        Selector selector = user.rules().selectors().get(index);
        String keys = selector.allKeys() ? "~*"
                : String.join(" ", selector.keys().stream().map(KeyPattern::describe).toList());
        String channels = selector.allChannels() ? "&*"
                : String.join(" ", selector.channels().stream().map(c -> "&" + text(c)).toList());
        return List.of(CommandRulesDescription.of(selector, catalog), keys, channels);
    }
}
