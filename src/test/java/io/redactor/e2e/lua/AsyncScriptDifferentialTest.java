package io.redactor.e2e.lua;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * The atomic scripting corpora played with EVALASYNC, EVALSHAASYNC and FCALLASYNC in place of EVAL, EVALSHA and
 * FCALL on Redactor, against a real Redis 7.0 running the atomic commands: a client cannot tell them apart by their
 * replies.
 */
class AsyncScriptDifferentialTest {
    private static final Map<String, String> ASYNC_TWINS = Map.of(
            "eval", "EVALASYNC", "evalsha", "EVALSHAASYNC", "fcall", "FCALLASYNC");

    /**
     * The async twin of an EVAL, EVALSHA or FCALL line. Lines with too few arguments stay as they are: their error
     * names the command sent ("wrong number of arguments for 'evalasync' command"), as Redis's would.
     */
    private static byte[][] async(byte[][] argv) {
        String twin = ASYNC_TWINS.get(new String(argv[0], StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
        if (twin == null || argv.length < 3) {
            return argv;
        }
        byte[][] rewritten = argv.clone();
        rewritten[0] = twin.getBytes(StandardCharsets.UTF_8);
        return rewritten;
    }

    @Test
    void scriptsAnswerAsEvalDoesInRedis() {
        CorpusRunner.of("/differential/scripts.txt").withOurCommands(AsyncScriptDifferentialTest::async)
                .assertMatchesRedis(460);
    }

    @Test
    void functionsAnswerAsFcallDoesInRedis() {
        CorpusRunner.of("/differential/functions.txt").withOurCommands(AsyncScriptDifferentialTest::async)
                .assertMatchesRedis(70);
    }
}
