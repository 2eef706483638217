package io.redactor.testing.corpus;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Redactor's async twins of the atomic script commands, for corpora played with EVALASYNC, EVALSHAASYNC and
 * FCALLASYNC in place of EVAL, EVALSHA and FCALL on Redactor ({@link CorpusRunner#withOurCommands}).
 */
public final class AsyncTwins {
    private static final Map<String, String> TWINS = Map.of(
            "eval", "EVALASYNC", "evalsha", "EVALSHAASYNC", "fcall", "FCALLASYNC");

    private AsyncTwins() {
    }

    /**
     * The async twin of an EVAL, EVALSHA or FCALL line. Lines with too few arguments (none for a line reading a
     * pushed message) stay as they are: their error
     * names the command sent ("wrong number of arguments for 'evalasync' command"), as Redis's would.
     */
    public static byte[][] of(byte[][] argv) {
        if (argv.length < 3) {
            return argv;
        }
        String twin = TWINS.get(new String(argv[0], StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
        if (twin == null) {
            return argv;
        }
        byte[][] rewritten = argv.clone();
        rewritten[0] = twin.getBytes(StandardCharsets.UTF_8);
        return rewritten;
    }
}
