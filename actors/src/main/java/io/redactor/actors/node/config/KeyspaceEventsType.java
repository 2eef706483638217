package io.redactor.actors.node.config;

import static io.redactor.actors.data.KeyspaceEvents.ALL;
import static io.redactor.actors.data.KeyspaceEvents.EVICTED;
import static io.redactor.actors.data.KeyspaceEvents.EXPIRED;
import static io.redactor.actors.data.KeyspaceEvents.GENERIC;
import static io.redactor.actors.data.KeyspaceEvents.HASH;
import static io.redactor.actors.data.KeyspaceEvents.KEYEVENT;
import static io.redactor.actors.data.KeyspaceEvents.KEYSPACE;
import static io.redactor.actors.data.KeyspaceEvents.KEY_MISS;
import static io.redactor.actors.data.KeyspaceEvents.LIST;
import static io.redactor.actors.data.KeyspaceEvents.MODULE;
import static io.redactor.actors.data.KeyspaceEvents.NEW_KEY;
import static io.redactor.actors.data.KeyspaceEvents.SET;
import static io.redactor.actors.data.KeyspaceEvents.STREAM;
import static io.redactor.actors.data.KeyspaceEvents.STRING;
import static io.redactor.actors.data.KeyspaceEvents.ZSET;

/**
 * {@code notify-keyspace-events}: a set of class characters (case-sensitive), held as a bit set.
 * {@code A} stands for {@code g$lshzxetd} (not {@code n} nor {@code m}). Redis prints {@code A} when all of those
 * are set, otherwise each of them in that order followed by {@code n}; then {@code K}, {@code E} and {@code m}.
 * So {@code "KEA"} prints {@code "AKE"}, and {@code "AKEn"} also prints {@code "AKE"} although {@code n} stays on:
 * read {@link RuntimeConfig#notifyKeyspaceEventFlags()} rather than re-parsing the printed text. The flags are
 * {@link io.redactor.actors.data.KeyspaceEvents}'.
 */
public record KeyspaceEventsType() implements ConfigType<Integer> {
    /** The class characters in the order Redis prints them after {@code A}-or-not. */
    private static final String CLASSES = "g$lshzxetdn";
    private static final int[] CLASS_FLAGS = {GENERIC, STRING, LIST, SET, HASH, ZSET, EXPIRED, EVICTED, STREAM,
        MODULE, NEW_KEY};

    /** The flag of one class character, 0 when it is not one. */
    public static int flag(char c) {
        int index = CLASSES.indexOf(c);
        if (index >= 0) {
            return CLASS_FLAGS[index];
        }
        return switch (c) {
            case 'A' -> ALL;
            case 'K' -> KEYSPACE;
            case 'E' -> KEYEVENT;
            case 'm' -> KEY_MISS;
            default -> 0;
        };
    }

    @Override
    public Integer parse(String given, Integer current) throws ConfigValueException {
        // Redis's keyspaceEventsStringToFlags walks a C string: a NUL ends the classes
        String text = Bytes.cString(given);
        int flags = 0;
        for (int i = 0; i < text.length(); i++) {
            int flag = flag(text.charAt(i));
            if (flag == 0) {
                throw new ConfigValueException("Invalid event class character. Use 'Ag$lshzxeKEtmdn'.");
            }
            flags |= flag;
        }
        return flags;
    }

    @Override
    public String render(Integer flags) {
        StringBuilder out = new StringBuilder();
        if ((flags & ALL) == ALL) {
            out.append('A');
        } else {
            for (int i = 0; i < CLASSES.length(); i++) {
                if ((flags & CLASS_FLAGS[i]) != 0) {
                    out.append(CLASSES.charAt(i));
                }
            }
        }
        if ((flags & KEYSPACE) != 0) {
            out.append('K');
        }
        if ((flags & KEYEVENT) != 0) {
            out.append('E');
        }
        if ((flags & KEY_MISS) != 0) {
            out.append('m');
        }
        return out.toString();
    }

    @Override
    public String describe() {
        return "characters among Ag$lshzxeKEtmdn";
    }
}
