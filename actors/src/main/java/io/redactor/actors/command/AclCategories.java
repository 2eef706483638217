package io.redactor.actors.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A command's ACL categories as COMMAND INFO lists them: the explicit ones plus those its flags imply
 * (write, read, admin and dangerous, pubsub, fast or slow, blocking), in Redis's category order.
 */
public final class AclCategories {
    static final List<String> ORDER = List.of("keyspace", "read", "write", "set", "sortedset", "list", "hash",
            "string", "bitmap", "hyperloglog", "geo", "stream", "pubsub", "admin", "fast", "slow", "blocking",
            "dangerous", "connection", "transaction", "scripting");

    private AclCategories() {
    }

    /** Every category name (without its {@code @}), in Redis's order. */
    public static List<String> names() {
        return ORDER;
    }

    static List<String> derive(Set<CommandFlag> flags, List<String> explicit) {
        List<String> all = new ArrayList<>(explicit);
        for (String category : explicit) {
            if (!ORDER.contains(category)) {
                throw new IllegalArgumentException("unknown ACL category " + category);
            }
        }
        if (flags.contains(CommandFlag.WRITE)) {
            all.add("write");
        }
        if (flags.contains(CommandFlag.READONLY) && !explicit.contains("scripting")) {
            all.add("read");
        }
        if (flags.contains(CommandFlag.ADMIN)) {
            all.add("admin");
            all.add("dangerous");
        }
        if (flags.contains(CommandFlag.PUBSUB)) {
            all.add("pubsub");
        }
        if (flags.contains(CommandFlag.BLOCKING)) {
            all.add("blocking");
        }
        all.add(flags.contains(CommandFlag.FAST) || explicit.contains("fast") ? "fast" : "slow");
        List<String> ordered = new ArrayList<>();
        for (String category : ORDER) {
            if (all.contains(category)) {
                ordered.add("@" + category);
            }
        }
        return List.copyOf(ordered);
    }
}
