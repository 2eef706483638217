package io.redactor.actors.node.config;

import java.util.ArrayList;
import java.util.List;

/**
 * One Redis 7.0 configuration parameter as Redactor knows it.
 *
 * @param name         canonical name, lower case, as CONFIG GET prints it
 * @param aliases      other names CONFIG GET and CONFIG SET accept (old names such as {@code slave-read-only})
 * @param type         parsing, validation and printing
 * @param defaultValue the start-up value, as text that {@code type} parses
 * @param mutability   whether CONFIG SET may change it
 * @param honoured     true when setting it changes what Redactor does; false when Redactor only stores and
 *                     reports it, for compatibility with clients and tools that set it
 * @param hidden       true for Redis's debugging parameters that CONFIG GET returns only when asked by exact name
 * @param redisDefault Redis 7.0.15's default as CONFIG GET prints it, when Redactor's differs; null otherwise
 * @param note         what Redactor does with it, or why it differs from Redis; may be empty
 */
public record ConfigParameter(String name, List<String> aliases, ConfigType<?> type, String defaultValue,
                              Mutability mutability, boolean honoured, boolean hidden, String redisDefault,
                              String note) {

    /** Whether and how CONFIG SET may change a parameter. */
    public enum Mutability {
        MUTABLE,
        /** "can't set immutable config": start-up configuration only. */
        IMMUTABLE,
        /** "can't set protected config" unless {@code enable-protected-configs} allows it. */
        PROTECTED
    }

    public ConfigParameter {
        aliases = List.copyOf(aliases);
    }

    /** The canonical name followed by the aliases. */
    public List<String> names() {
        List<String> names = new ArrayList<>(aliases.size() + 1);
        names.add(name);
        names.addAll(aliases);
        return names;
    }

    /** Parses {@code text} (a byte string) into a new value replacing {@code current}. */
    @SuppressWarnings("unchecked")
    Object parse(String text, Object current) throws ConfigValueException {
        return ((ConfigType<Object>) type).parse(text, current);
    }

    /** Prints a value of this parameter as CONFIG GET does. */
    @SuppressWarnings("unchecked")
    String render(Object value) {
        return ((ConfigType<Object>) type).render(value);
    }
}
