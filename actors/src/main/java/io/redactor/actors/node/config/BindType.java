package io.redactor.actors.node.config;

import java.util.List;

/**
 * {@code bind}: up to 16 addresses separated by whitespace; "" listens on no TCP address. Printed joined by one
 * space. Redactor binds its listeners once at start-up, so the table makes {@code bind} immutable (Redis 7.0
 * rebinds on CONFIG SET, answering "Failed to bind to specified addresses." when it cannot).
 */
public record BindType() implements ConfigType<List<String>> {
    private static final int MAX_ADDRESSES = 16;

    @Override
    public List<String> parse(String text, List<String> current) throws ConfigValueException {
        String trimmed = text.strip();
        List<String> addresses = trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
        if (addresses.size() > MAX_ADDRESSES) {
            throw new ConfigValueException("Too many bind addresses specified.");
        }
        return addresses;
    }

    @Override
    public String render(List<String> addresses) {
        return String.join(" ", addresses);
    }

    @Override
    public String describe() {
        return "up to 16 addresses";
    }
}
