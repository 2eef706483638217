package io.redactor.actors.acl;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyExtraction;

import java.nio.charset.StandardCharsets;

/**
 * An ACL user as connections hold it: its name and its current rules. ACL SETUSER replaces the rules at once for
 * every connection authenticated as the user, as Redis's users change in place.
 */
public final class AclUser {
    private final byte[] name;
    private volatile User rules;

    AclUser(byte[] name, User rules) {
        this.name = name;
        this.rules = rules;
    }

    public byte[] name() {
        return name;
    }

    /** The name as CLIENT LIST and ACL LOG show it (bytes kept one to one). */
    public String nameText() {
        return new String(name, StandardCharsets.ISO_8859_1);
    }

    /** Whether the user is {@code on}: it may log in. */
    public boolean enabled() {
        return rules.enabled();
    }

    User rules() {
        return rules;
    }

    void replace(User newRules) {
        rules = newRules;
    }

    /** Null when the user may run {@code args} as {@code spec}, else why not. */
    public Denial check(CommandSpec spec, byte[][] args) {
        return rules.check(spec, args);
    }

    /**
     * Whether one selector lets the user run the command and read any key (all keys, or a {@code *} pattern that
     * grants reading): what SORT's BY and GET need.
     */
    public boolean mayReadAnyKey(CommandSpec spec, byte[][] args) {
        for (Selector selector : rules.selectors()) {
            if (selector.readsEverything() && selector.check(spec, args, KeyExtraction.find(spec, args)) == null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the user may use {@code channel} (a pattern when {@code pattern}), as any selector allows. */
    public boolean mayUseChannel(byte[] channel, boolean pattern) {
        for (Selector selector : rules.selectors()) {
            if (selector.mayUseChannel(channel, pattern)) {
                return true;
            }
        }
        return false;
    }
}
