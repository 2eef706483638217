package io.redactor.actors.node.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The type of a configuration parameter: how CONFIG SET (and start-up configuration) text is parsed and
 * validated, and how CONFIG GET prints the value. Texts are byte strings (one char per byte). Parsed values are
 * immutable; each type documents its value class.
 *
 * @param <T> the parsed value
 */
public sealed interface ConfigType<T>
        permits ConfigType.Bool, ConfigType.Numeric, ConfigType.Clamped, ConfigType.MemoryOrPercent,
        ConfigType.OneOf, ConfigType.Restricted, ConfigType.Text, ConfigType.Octal, ShutdownFlagsType, SaveType,
        OutputBufferLimitsType, KeyspaceEventsType, OomScoreAdjType, PercentilesType, BindType, ReplicaOfType,
        DirectoryType {

    /**
     * Parses a new value.
     *
     * @param text    the text given to CONFIG SET
     * @param current the value it replaces (a few types update only part of it); null when the default is parsed
     * @throws ConfigValueException with Redis's reason when the text is not acceptable
     */
    T parse(String text, T current) throws ConfigValueException;

    /** The value as CONFIG GET prints it. */
    String render(T value);

    /** A short description of the accepted values, for documentation. */
    String describe();

    /** {@code yes} or {@code no}, case-insensitive. */
    record Bool() implements ConfigType<Boolean> {
        @Override
        public Boolean parse(String text, Boolean current) throws ConfigValueException {
            // Redis's yesnotoi compares with strcasecmp: "no\0x" is no
            return switch (Bytes.lowerAscii(Bytes.cString(text))) {
                case "yes" -> true;
                case "no" -> false;
                default -> throw new ConfigValueException("argument must be 'yes' or 'no'");
            };
        }

        @Override
        public String render(Boolean value) {
            return value ? "yes" : "no";
        }

        @Override
        public String describe() {
            return "yes|no";
        }
    }

    /**
     * An integer in {@code [min, max]}. Plain integers follow Redis's strict syntax (no '+', no leading zeros);
     * memory amounts accept units ({@code 1k} = 1000, {@code 1kb} = 1024, ..., see {@link Numbers#memory}).
     * {@code unsigned} amounts range over 0..2^64-1 and are held as a long's bits.
     */
    record Numeric(long min, long max, boolean memory, boolean unsigned) implements ConfigType<Long> {
        public static Numeric integer(long min, long max) {
            return new Numeric(min, max, false, false);
        }

        public static Numeric memory(long min, long max) {
            return new Numeric(min, max, true, false);
        }

        /** A memory amount from 0 to 2^64-1, like {@code maxmemory}. */
        public static Numeric unsignedMemory() {
            return new Numeric(0, Numbers.ULLONG_MAX, true, true);
        }

        @Override
        public Long parse(String text, Long current) throws ConfigValueException {
            Long value = memory ? Numbers.memory(text) : Numbers.strictLong(text);
            if (value == null) {
                throw new ConfigValueException(memory ? "argument must be a memory value"
                        : "argument couldn't be parsed into an integer");
            }
            boolean inRange = unsigned
                    ? Long.compareUnsigned(value, min) >= 0 && Long.compareUnsigned(value, max) <= 0
                    : (!memory || value >= 0) && value >= min && value <= max;
            if (!inRange) {
                throw new ConfigValueException("argument must be between " + Numbers.render(min, unsigned)
                        + " and " + Numbers.render(max, unsigned) + " inclusive");
            }
            return value;
        }

        @Override
        public String render(Long value) {
            return Numbers.render(value, unsigned);
        }

        @Override
        public String describe() {
            return (memory ? "memory " : "integer ") + Numbers.render(min, unsigned) + ".."
                    + Numbers.render(max, unsigned);
        }
    }

    /** A numeric parameter whose accepted value is then forced into {@code [low, high]}, as Redis does for hz. */
    record Clamped(Numeric numeric, long low, long high) implements ConfigType<Long> {
        @Override
        public Long parse(String text, Long current) throws ConfigValueException {
            return Math.max(low, Math.min(high, numeric.parse(text, current)));
        }

        @Override
        public String render(Long value) {
            return numeric.render(value);
        }

        @Override
        public String describe() {
            return numeric.describe() + ", used as " + low + ".." + high;
        }
    }

    /**
     * A memory amount (0..2^63-1) or a percentage {@code N%} (0..100). The value is bytes when positive and a
     * percentage when negative ({@code -10} is {@code 10%}); {@code 0%} is 0.
     */
    record MemoryOrPercent() implements ConfigType<Long> {
        private static final String INVALID = "argument must be a memory or percent value";

        @Override
        public Long parse(String text, Long current) throws ConfigValueException {
            if (text.endsWith("%")) {
                Long percent = Numbers.strictLong(text.substring(0, text.length() - 1));
                if (percent == null || percent < 0) {
                    throw new ConfigValueException(INVALID);
                }
                if (percent > 100) {
                    throw new ConfigValueException("percentage argument must be less or equal to 100");
                }
                return -percent;
            }
            Long bytes = Numbers.memory(text);
            if (bytes == null) {
                throw new ConfigValueException(INVALID);
            }
            if (bytes < 0) {
                throw new ConfigValueException("argument must be between 0 and " + Long.MAX_VALUE + " inclusive");
            }
            return bytes;
        }

        @Override
        public String render(Long value) {
            return value < 0 ? -value + "%" : Long.toString(value);
        }

        @Override
        public String describe() {
            return "memory or percentage (N%)";
        }
    }

    /**
     * One of a fixed list of lower-case names, given in any case; the value is the lower-case name, or for a
     * synonym the name it stands for ({@code oom-score-adj relative} prints {@code yes}).
     */
    record OneOf(List<String> values, Map<String, String> synonyms) implements ConfigType<String> {
        public OneOf {
            values = List.copyOf(values);
            synonyms = Map.copyOf(synonyms);
        }

        public static OneOf of(String... values) {
            return new OneOf(List.of(values), Map.of());
        }

        /** The same list where {@code synonym} (already listed) is printed as {@code printedAs}. */
        public OneOf withSynonym(String synonym, String printedAs) {
            Map<String, String> more = new HashMap<>(synonyms);
            more.put(synonym, printedAs);
            return new OneOf(values, more);
        }

        @Override
        public String parse(String text, String current) throws ConfigValueException {
            // compared as Redis's configEnumGetValue does, with strcasecmp: up to a NUL
            String lower = Bytes.lowerAscii(Bytes.cString(text));
            if (!values.contains(lower)) {
                throw new ConfigValueException(
                        "argument(s) must be one of the following: " + String.join(", ", values));
            }
            return synonyms.getOrDefault(lower, lower);
        }

        @Override
        public String render(String value) {
            return value;
        }

        @Override
        public String describe() {
            return String.join("|", values);
        }
    }

    /**
     * Another type's values, less those Redactor cannot act on, which are refused with {@code reason} (for
     * instance TLS settings, refused with the text Redis gives when it cannot apply them).
     */
    record Restricted<T>(ConfigType<T> type, Predicate<T> allowed, String reason, String restriction)
            implements ConfigType<T> {
        @Override
        public T parse(String text, T current) throws ConfigValueException {
            T value = type.parse(text, current);
            if (!allowed.test(value)) {
                throw new ConfigValueException(reason);
            }
            return value;
        }

        @Override
        public String render(T value) {
            return type.render(value);
        }

        @Override
        public String describe() {
            return type.describe() + ", " + restriction;
        }
    }

    /**
     * Free text, optionally checked. The value is the text itself, up to a NUL as Redis keeps its string
     * parameters (C strings), or, {@code keepsNul}, whole as Redis keeps its two SDS ones (masterauth, requirepass).
     */
    record Text(String description, TextCheck check, boolean keepsNul) implements ConfigType<String> {
        Text(String description, TextCheck check) {
            this(description, check, false);
        }

        /** Finds what is wrong with a text. */
        @FunctionalInterface
        public interface TextCheck {
            /** Redis's reason for refusing {@code value}, or null when it is acceptable. */
            String problem(String value);
        }

        public static Text any() {
            return new Text("string", value -> null);
        }

        /** Any bytes, NULs included. */
        public static Text binary() {
            return new Text("string", value -> null, true);
        }

        /** A host name for cluster announcements: letters, digits, '-' and '.' only (or empty). */
        public static Text hostname() {
            return new Text("hostname", value -> value.chars().allMatch(Text::hostnameChar) ? null
                    : "Hostnames may only contain alphanumeric characters, hyphens or dots");
        }

        /** A plain file or directory name, no path: {@code kind} is "filename" or "dirname". */
        public static Text baseName(String parameter, String kind) {
            return new Text(kind, value -> value.indexOf('/') < 0 && value.indexOf('\\') < 0 ? null
                    : parameter + " can't be a path, just a " + kind);
        }

        public static Text procTitleTemplate() {
            return new Text("process title template", value -> ProcTitleTemplate.valid(value) ? null
                    : "template format is invalid or contains unknown variables");
        }

        private static boolean hostnameChar(int c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
        }

        @Override
        public String parse(String text, String current) throws ConfigValueException {
            String value = keepsNul ? text : Bytes.cString(text);
            String problem = check.problem(value);
            if (problem != null) {
                throw new ConfigValueException(problem);
            }
            return value;
        }

        @Override
        public String render(String value) {
            return value;
        }

        @Override
        public String describe() {
            return description;
        }
    }

    /** Unix permission bits written in octal, like {@code unixsocketperm 700}; printed in octal. */
    record Octal(long max) implements ConfigType<Long> {
        @Override
        public Long parse(String text, Long current) throws ConfigValueException {
            if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '7')) {
                throw new ConfigValueException("argument couldn't be parsed as an octal number");
            }
            String digits = text.replaceFirst("^0+(?=.)", "");
            long value = digits.length() > 21 ? Long.MAX_VALUE : Long.parseLong(digits, 8);
            if (value > max) {
                throw new ConfigValueException(
                        "argument must be between 0 and " + Long.toOctalString(max) + " inclusive");
            }
            return value;
        }

        @Override
        public String render(Long value) {
            return Long.toOctalString(value);
        }

        @Override
        public String describe() {
            return "octal 0.." + Long.toOctalString(max);
        }
    }
}
