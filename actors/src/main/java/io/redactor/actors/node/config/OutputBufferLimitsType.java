package io.redactor.actors.node.config;

/**
 * {@code client-output-buffer-limit}: groups of four words "class hard soft seconds", e.g.
 * {@code "normal 0 0 0 pubsub 32mb 8mb 60"}; a class is {@code normal}, {@code replica} (alias {@code slave})
 * or {@code pubsub}, any case. Only the classes given change, the last group of a class wins, and nothing
 * changes when any group is wrong. Limits are memory amounts (unsigned, see {@link Numbers#memory}); seconds
 * are read like C's strtoll and must be 0..2^31-1. Words are separated by single spaces: an empty word between
 * two spaces counts as 0, as in Redis. Printed as {@code normal h s n slave h s n pubsub h s n}.
 */
public record OutputBufferLimitsType() implements ConfigType<OutputBufferLimitsType.Limits> {
    /** The limits of the three classes; hard and soft byte counts are unsigned values held in longs. */
    public record Limits(OutputBufferLimit normal, OutputBufferLimit replica, OutputBufferLimit pubsub) {
    }

    private static final OutputBufferLimit UNLIMITED = new OutputBufferLimit(0, 0, 0);
    private static final Limits NONE = new Limits(UNLIMITED, UNLIMITED, UNLIMITED);

    @Override
    public Limits parse(String text, Limits current) throws ConfigValueException {
        String[] words = Bytes.splitOnSpaces(text);
        if (words.length % 4 != 0) {
            throw new ConfigValueException("Wrong number of arguments in buffer limit configuration.");
        }
        Limits next = current != null ? current : NONE;
        for (int i = 0; i < words.length; i += 4) {
            String clientClass = Bytes.lowerAscii(words[i]);
            if (!clientClass.equals("normal") && !clientClass.equals("replica") && !clientClass.equals("slave")
                    && !clientClass.equals("pubsub")) {
                throw new ConfigValueException("Invalid client class specified in buffer limit configuration.");
            }
            Long hard = Numbers.memory(words[i + 1]);
            Long soft = Numbers.memory(words[i + 2]);
            Long seconds = Numbers.cLong(words[i + 3]);
            if (hard == null || soft == null || seconds == null || seconds < 0 || seconds > Integer.MAX_VALUE) {
                throw new ConfigValueException(
                        "Error in hard, soft or soft_seconds setting in buffer limit configuration.");
            }
            next = with(next, clientClass, new OutputBufferLimit(hard, soft, seconds));
        }
        return next;
    }

    @Override
    public String render(Limits limits) {
        return "normal " + render(limits.normal()) + " slave " + render(limits.replica()) + " pubsub "
                + render(limits.pubsub());
    }

    @Override
    public String describe() {
        return "<normal|replica|pubsub> <hard> <soft> <seconds> ...";
    }

    private static String render(OutputBufferLimit limit) {
        return Long.toUnsignedString(limit.hardBytes()) + " " + Long.toUnsignedString(limit.softBytes()) + " "
                + limit.softSeconds();
    }

    private static Limits with(Limits limits, String clientClass, OutputBufferLimit limit) {
        return switch (clientClass) {
            case "normal" -> new Limits(limit, limits.replica(), limits.pubsub());
            case "pubsub" -> new Limits(limits.normal(), limits.replica(), limit);
            default -> new Limits(limits.normal(), limit, limits.pubsub());
        };
    }
}
