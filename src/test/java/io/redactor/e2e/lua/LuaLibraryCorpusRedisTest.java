package io.redactor.e2e.lua;

import io.redactor.lua.libs.LibCorpus;
import io.redactor.testing.RealRedis;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Proves the results recorded in the Lua library corpora (lua/src/test/resources/io/redactor/lua/libs/*.corpus)
 * are still what real Redis 7.0 answers: each expression runs there through EVAL. With
 * {@code -Dredactor.lua.record=true} it records instead: every corpus file is rewritten with Redis's answers.
 */
class LuaLibraryCorpusRedisTest {
    private static final boolean RECORD = Boolean.getBoolean("redactor.lua.record");

    @Test
    void cjsonCorpusIsWhatRedisAnswers() throws IOException {
        check("cjson");
    }

    @Test
    void cmsgpackCorpusIsWhatRedisAnswers() throws IOException {
        check("cmsgpack");
    }

    @Test
    void structCorpusIsWhatRedisAnswers() throws IOException {
        check("struct");
    }

    @Test
    void bitCorpusIsWhatRedisAnswers() throws IOException {
        check("bit");
    }

    private static void check(String library) throws IOException {
        List<LibCorpus.Entry> entries = LibCorpus.load(library);
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        try (Jedis jedis = RealRedis.shared().jedis()) {
            for (LibCorpus.Entry entry : entries) {
                Object reply = jedis.eval(LibCorpus.redisScript(entry.expression()));
                expected.add(entry.format(entry.expected()));
                actual.add(entry.format(String.valueOf(reply)));
            }
        }
        if (RECORD) {
            record(library, entries, actual);
        } else {
            assertEquals(String.join("\n", expected), String.join("\n", actual));
        }
    }

    /** Rewrites the corpus file, comments and blank lines kept, each expression with Redis's answer. */
    private static void record(String library, List<LibCorpus.Entry> entries, List<String> answered)
            throws IOException {
        Path file = LibCorpus.sourceFile(library);
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        for (int i = 0; i < entries.size(); i++) {
            lines.set(entries.get(i).line() - 1, answered.get(i));
        }
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
