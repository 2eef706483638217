package io.redactor.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real file system that fills up: a tmpfs of a few megabytes mounted for one test (which needs root; tests that
 * use it are skipped where it cannot be mounted), and a filler file that takes its space until {@link #free}.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path root;
    private final Path filler;

    private SmallDisk(Path root) {
        this.root = root;
        this.filler = root.resolve("filler");
    }

    /** Mounts a tmpfs of {@code size} ({@code "2m"}) on {@code at}, made empty; skips the test when it cannot. */
    public static SmallDisk mount(Path at, String size) throws IOException, InterruptedException {
        Files.createDirectories(at);
        String output = run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString());
        Assumptions.assumeTrue(output == null, "cannot mount a tmpfs here: " + output);
        return new SmallDisk(at);
    }

    public Path root() {
        return root;
    }

    /** Fills the disk with a file until only about {@code leave} bytes are free. */
    public void fill(long leave) throws IOException {
        try (FileChannel out = FileChannel.open(filler, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ByteBuffer chunk = ByteBuffer.allocate(4096);
            try {
                while (true) {
                    chunk.clear();
                    out.write(chunk);
                }
            } catch (IOException full) {
                // no space left
            }
            out.truncate(Math.max(0, out.size() / 4096 * 4096 - leave));
        }
    }

    /** Deletes the filler file: the space it took is free again. */
    public void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        String output = run("umount", "-l", root.toString());
        if (output != null) {
            throw new IOException("could not unmount " + root + ": " + output);
        }
    }

    /** Runs a command; null when it succeeded, else what it printed. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        } catch (IOException notInstalled) {
            return notInstalled.getMessage();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return command[0] + " did not finish";
        }
        return process.exitValue() == 0 ? null : output + " (exit " + process.exitValue() + ")";
    }
}
