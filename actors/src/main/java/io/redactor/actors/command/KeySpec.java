package io.redactor.actors.command;

import java.util.List;

/**
 * A Redis 7 key specification, reported by COMMAND INFO and used by clients to find keys: where the search
 * for keys begins and how keys are found from there, with the access flags (RW, ACCESS, UPDATE, ...).
 */
public record KeySpec(String notes, List<String> flags, BeginSearch beginSearch, FindKeys findKeys) {

    public sealed interface BeginSearch {
    }

    public record Index(int pos) implements BeginSearch {
    }

    public record Keyword(String keyword, int startFrom) implements BeginSearch {
    }

    public sealed interface FindKeys {
    }

    /**
     * Keys no specification can find (SORT's BY and GET patterns name keys derived from values; its STORE may be
     * anywhere): COMMAND INFO shows "unknown" for both the search and the finding.
     */
    public record Unknown() implements BeginSearch, FindKeys {
    }

    public record Range(int lastKey, int keyStep, int limit) implements FindKeys {
    }

    public record KeyNum(int keyNumIndex, int firstKey, int keyStep) implements FindKeys {
    }

    /** The common case: keys from {@code pos} on, {@code lastKey} relative to it (-1: to the end). */
    public static KeySpec range(int pos, int lastKey, int keyStep, String... flags) {
        return new KeySpec(null, List.of(flags), new Index(pos), new Range(lastKey, keyStep, 0));
    }

    public KeySpec withNotes(String text) {
        return new KeySpec(text, flags, beginSearch, findKeys);
    }
}
