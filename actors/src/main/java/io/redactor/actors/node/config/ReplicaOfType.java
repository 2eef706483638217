package io.redactor.actors.node.config;

/**
 * {@code replicaof} (alias {@code slaveof}): "host port", or "" / "no one" for a primary. Printed as "host port"
 * or "". Immutable through CONFIG SET, as in Redis (the REPLICAOF command changes replication).
 */
public record ReplicaOfType() implements ConfigType<String> {
    @Override
    public String parse(String text, String current) throws ConfigValueException {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || Bytes.lowerAscii(trimmed).matches("no\\s+one")) {
            return "";
        }
        String[] words = trimmed.split("\\s+");
        if (words.length != 2) {
            throw new ConfigValueException("wrong number of arguments");
        }
        Long port = Numbers.strictLong(words[1]);
        if (port == null || port < 0 || port > 65535) {
            throw new ConfigValueException("Invalid master port");
        }
        return words[0] + " " + port;
    }

    @Override
    public String render(String value) {
        return value;
    }

    @Override
    public String describe() {
        return "\"host port\", or \"\"";
    }
}
