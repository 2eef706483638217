package io.redactor.actors.node.config;

/**
 * {@code notify-keyspace-events}: a set of class characters (case-sensitive), held as a bit set.
 * {@code A} stands for {@code g$lshzxetd} (not {@code n} nor {@code m}). Redis prints {@code A} when all of those
 * are set, otherwise each of them in that order followed by {@code n}; then {@code K}, {@code E} and {@code m}.
 * So {@code "KEA"} prints {@code "AKE"}, and {@code "AKEn"} also prints {@code "AKE"} although {@code n} stays on:
 * read {@link RuntimeConfig#notifyKeyspaceEventFlags()} rather than re-parsing the printed text.
 */
public record KeyspaceEventsType() implements ConfigType<Integer> {
    public static final int KEYSPACE = 1;
    public static final int KEYEVENT = 1 << 1;
    public static final int GENERIC = 1 << 2;
    public static final int STRING = 1 << 3;
    public static final int LIST = 1 << 4;
    public static final int SET = 1 << 5;
    public static final int HASH = 1 << 6;
    public static final int ZSET = 1 << 7;
    public static final int EXPIRED = 1 << 8;
    public static final int EVICTED = 1 << 9;
    public static final int STREAM = 1 << 10;
    public static final int KEY_MISS = 1 << 11;
    public static final int MODULE = 1 << 12;
    public static final int NEW_KEY = 1 << 13;
    /** What {@code A} stands for. */
    public static final int ALL = GENERIC | STRING | LIST | SET | HASH | ZSET | EXPIRED | EVICTED | STREAM | MODULE;

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
    public Integer parse(String text, Integer current) throws ConfigValueException {
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
