package io.redactor.actors.acl;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyExtraction;

import java.util.ArrayList;
import java.util.List;

/**
 * One state of an ACL user: its flags, password hashes and selectors (the root one first). A user being edited
 * is a copy; a published one is never changed (see {@link AclUser}).
 */
final class User {
    static final String ON = "on";
    static final String OFF = "off";
    static final String NOPASS = "nopass";
    static final String SKIP_SANITIZE_PAYLOAD = "skip-sanitize-payload";
    static final String SANITIZE_PAYLOAD = "sanitize-payload";
    /** The flags in the order ACL LIST and ACL GETUSER show them. */
    static final List<String> FLAG_ORDER = List.of(ON, OFF, NOPASS, SKIP_SANITIZE_PAYLOAD, SANITIZE_PAYLOAD);

    private final List<String> flags;
    private final List<String> passwords;
    private final List<Selector> selectors;

    private User(List<String> flags, List<String> passwords, List<Selector> selectors) {
        this.flags = flags;
        this.passwords = passwords;
        this.selectors = selectors;
    }

    /** A new user: off, no password, no command, no key, channels as acl-pubsub-default says. */
    static User created(CommandCatalog catalog, boolean allChannels) {
        List<Selector> selectors = new ArrayList<>();
        selectors.add(new Selector(catalog, allChannels));
        return new User(new ArrayList<>(List.of(OFF)), new ArrayList<>(), selectors);
    }

    User copy() {
        List<Selector> copies = new ArrayList<>();
        selectors.forEach(s -> copies.add(s.copy()));
        return new User(new ArrayList<>(flags), new ArrayList<>(passwords), copies);
    }

    boolean has(String flag) {
        return flags.contains(flag);
    }

    /** Sets {@code flag} and clears {@code opposite}. */
    void flag(String flag, String opposite) {
        flags.remove(opposite);
        flag(flag);
    }

    void flag(String flag) {
        if (!flags.contains(flag)) {
            flags.add(flag);
        }
    }

    void clearFlag(String flag) {
        flags.remove(flag);
    }

    List<String> flags() {
        return FLAG_ORDER.stream().filter(flags::contains).toList();
    }

    List<String> passwords() {
        return passwords;
    }

    Selector root() {
        return selectors.getFirst();
    }

    List<Selector> selectors() {
        return selectors;
    }

    boolean enabled() {
        return !flags.contains(OFF);
    }

    boolean acceptsPassword(byte[] password) {
        if (flags.contains(NOPASS)) {
            return true;
        }
        String hash = Passwords.hash(password);
        boolean match = false;
        for (String candidate : passwords) {
            match |= Passwords.sameHash(hash, candidate);
        }
        return match;
    }

    /** Null when some selector allows the command whole, else the most relevant denial of all. */
    Denial check(CommandSpec spec, byte[][] args) {
        List<KeyExtraction.FoundKey> keys = null;
        boolean keysFound = false;
        Denial relevant = null;
        for (Selector selector : selectors) {
            if (!keysFound && !selector.allKeys() && !spec.keySpecs().isEmpty()) {
                keys = KeyExtraction.find(spec, args);
                keysFound = true;
            }
            Denial denial = selector.check(spec, args, keys);
            if (denial == null) {
                return null;
            }
            if (relevant == null || denial.moreRelevantThan(relevant)) {
                relevant = denial;
            }
        }
        return relevant;
    }
}
