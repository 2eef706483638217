package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.ClientCall;
import io.redactor.core.GlobPattern;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG STRINGMATCH-TEST: Redis's fuzz test of its glob matcher, run against Redactor's: ten million random patterns
 * and strings of up to 31 bytes below 128. Redis runs it on its one thread; here it runs on a thread of its own, so
 * only the caller waits.
 */
final class DebugStringmatchTest implements DebugSubcommand {
    private static final SimpleString PASSED = new SimpleString("Apparently Redis did not crash: test passed");
    private static final int CYCLES = 10_000_000;
    private static final int MAX_LENGTH = 32;

    @Override
    public String name() {
        return "stringmatch-test";
    }

    @Override
    public List<String> help() {
        return List.of(
                "STRINGMATCH-TEST",
                "    Run a fuzz tester against the stringmatchlen() function.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        return CompletableFuture.supplyAsync(() -> {
            fuzz(CYCLES, new SplittableRandom());
            return PASSED;
        }, command -> Thread.ofPlatform().daemon().name("redactor-stringmatch-test").start(command));
    }

    /** Matches {@code cycles} random patterns against random strings; returns how many matched. */
    static long fuzz(int cycles, SplittableRandom random) {
        long matches = 0;
        for (int i = 0; i < cycles; i++) {
            byte[] text = randomBytes(random);
            byte[] pattern = randomBytes(random);
            if (GlobPattern.matches(pattern, text, false)) {
                matches++;
            }
        }
        return matches;
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(MAX_LENGTH)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) random.nextInt(128);
        }
        return bytes;
    }
}
