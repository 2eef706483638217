package io.redactor.actors.node.config;

import java.util.List;
import java.util.StringJoiner;

/**
 * {@code shutdown-on-sigint} / {@code shutdown-on-sigterm}: space-separated flags among {@code save},
 * {@code nosave}, {@code now}, {@code force}, or {@code default} (no flag). The value is a bit set; Redis prints
 * the flags in that order, or {@code default} when there is none.
 */
public record ShutdownFlagsType() implements ConfigType<Integer> {
    public static final int SAVE = 1;
    public static final int NOSAVE = 2;
    public static final int NOW = 4;
    public static final int FORCE = 8;
    private static final List<String> NAMES = List.of("default", "save", "nosave", "now", "force");

    @Override
    public Integer parse(String text, Integer current) throws ConfigValueException {
        int flags = 0;
        for (String word : Bytes.splitOnSpaces(text)) {
            int index = NAMES.indexOf(Bytes.lowerAscii(word));
            if (index < 0) {
                throw invalid();
            }
            flags |= index == 0 ? 0 : 1 << (index - 1);
        }
        if (text.isEmpty()) {
            throw invalid();
        }
        if ((flags & SAVE) != 0 && (flags & NOSAVE) != 0) {
            throw new ConfigValueException("shutdown options SAVE and NOSAVE can't be used simultaneously");
        }
        return flags;
    }

    @Override
    public String render(Integer flags) {
        if (flags == 0) {
            return NAMES.get(0);
        }
        StringJoiner out = new StringJoiner(" ");
        for (int i = 1; i < NAMES.size(); i++) {
            if ((flags & (1 << (i - 1))) != 0) {
                out.add(NAMES.get(i));
            }
        }
        return out.toString();
    }

    @Override
    public String describe() {
        return "default, or flags among save|nosave|now|force";
    }

    private static ConfigValueException invalid() {
        return new ConfigValueException("argument(s) must be one of the following: " + String.join(", ", NAMES));
    }
}
