package io.redactor.actors.node.config;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * {@code oom-score-adj-values}: three integers -2000..2000 separated by single spaces (read like C's strtol,
 * so {@code +1} and {@code 02} are fine and an empty part is 0).
 */
public record OomScoreAdjType() implements ConfigType<List<Integer>> {
    @Override
    public List<Integer> parse(String text, List<Integer> current) throws ConfigValueException {
        String[] parts = Bytes.splitOnSpaces(text);
        if (parts.length != 3) {
            throw new ConfigValueException("wrong number of arguments");
        }
        List<Integer> values = new ArrayList<>();
        for (String part : parts) {
            Long value = Numbers.cLong(part);
            if (value == null || value < -2000 || value > 2000) {
                throw new ConfigValueException(
                        "Invalid oom-score-adj-values, elements must be between -2000 and 2000.");
            }
            values.add(value.intValue());
        }
        return List.copyOf(values);
    }

    @Override
    public String render(List<Integer> values) {
        StringJoiner out = new StringJoiner(" ");
        values.forEach(value -> out.add(value.toString()));
        return out.toString();
    }

    @Override
    public String describe() {
        return "three integers -2000..2000";
    }
}
