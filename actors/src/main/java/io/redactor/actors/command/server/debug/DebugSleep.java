package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DEBUG SLEEP seconds: the command takes that long, without holding a thread; only the calling client waits, where
 * Redis stops the whole server. Redis reads the seconds with strtod (a number's prefix, 0 when there is none).
 */
final class DebugSleep implements DebugSubcommand {
    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @Override
    public String name() {
        return "sleep";
    }

    @Override
    public List<String> help() {
        return List.of(
                "SLEEP <seconds>",
                "    Stop the server for <seconds>. Decimals allowed.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        Matcher number = LEADING_NUMBER.matcher(Arguments.text(call.arg(2)));
        long micros = number.find() ? (long) (Double.parseDouble(number.group().trim()) * 1_000_000) : 0;
        if (micros <= 0) {
            return DebugCommand.done(SimpleString.OK);
        }
        return CompletableFuture.supplyAsync(() -> SimpleString.OK,
                CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS));
    }
}
