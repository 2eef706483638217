package io.redactor.actors.client;

import io.redactor.actors.effects.EffectLog;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.persistence.aof.AppendLog;
import io.redactor.persistence.aof.CommandBuffer;
import io.redactor.persistence.aof.FsyncPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Replies wait for the disk under appendfsync always, in order, and are flushed to the client once released. */
class DurableOutputTest {
    @TempDir
    Path dir;

    /** What reached the client: replies as their text, "flush" for each flush. */
    private final BlockingQueue<String> client = new LinkedBlockingQueue<>();

    private final ClientPipeline.Output recording = new ClientPipeline.Output() {
        @Override
        public void write(Reply reply) {
            client.add(reply instanceof SimpleString s ? s.text() : ((ErrorReply) reply).message());
        }

        @Override
        public void push(PushReply message) {
            client.add("push");
        }

        @Override
        public void flush() {
            client.add("flush");
        }

        @Override
        public void setReading(boolean reading) {
        }

        @Override
        public void closeAfterFlush() {
            client.add("close");
        }
    };

    private AppendLog log(FsyncPolicy policy) throws IOException {
        FileChannel channel = FileChannel.open(dir.resolve("log.aof"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        return new AppendLog(channel, 0, policy, false, "test-writer");
    }

    private static void append(AppendLog log) {
        CommandBuffer command = new CommandBuffer().command("SET", "k".getBytes(StandardCharsets.US_ASCII),
                "v".getBytes(StandardCharsets.US_ASCII));
        log.append(0, 0, command.array(), 0, command.size());
    }

    @Test
    void aReplyAfterAWriteWaitsForTheFlushThenReachesTheClientFlushed() throws Exception {
        EffectLog effects = new EffectLog();
        AppendLog log = log(FsyncPolicy.ALWAYS);
        effects.attach(log);
        // released on another thread, as a pipeline's event loop would run it
        DurableOutput output = new DurableOutput(recording, effects, task -> Thread.ofPlatform().start(task));
        for (int i = 0; i < 200 && !effects.mustWait(); i++) {
            append(log);
        }
        assertTrue(effects.mustWait(), "the writer flushed everything at once: nothing to wait for");
        output.write(SimpleString.of("first"));
        output.write(SimpleString.of("second"));
        // no flush asked of this output: the front end flushed before the replies were written (a RESP read)
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!seen.contains("flush") && System.nanoTime() < deadline) {
            String next = client.poll(100, TimeUnit.MILLISECONDS);
            if (next != null) {
                seen.add(next);
            }
        }
        assertEquals("first", seen.get(0));
        assertEquals("second", seen.get(1));
        assertTrue(seen.contains("flush"), "released replies are flushed: " + seen);
        assertTrue(!effects.mustWait() || log.durableLsn() > 0);
        log.close();
    }

    @Test
    void withoutTheLogOrUnderEverysecNothingWaits() throws Exception {
        EffectLog effects = new EffectLog();
        DurableOutput output = new DurableOutput(recording, effects, Runnable::run);
        output.write(SimpleString.of("off"));
        assertEquals("off", client.poll());
        AppendLog log = log(FsyncPolicy.EVERYSEC);
        effects.attach(log);
        append(log);
        output.write(SimpleString.of("everysec"));
        assertEquals("everysec", client.poll());
        log.close();
    }
}
