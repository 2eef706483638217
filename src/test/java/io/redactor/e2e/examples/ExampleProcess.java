package io.redactor.e2e.examples;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Runs a script of examples/ (a run command or a driver) as a subprocess and collects its output. */
final class ExampleProcess {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir"), "examples");
    private static final long TIMEOUT_SECONDS = 120;

    record Result(int exitCode, String output) {
        /** The output, after checking that the command succeeded (the output is the failure message). */
        String succeeded() {
            assertEquals(0, exitCode, output);
            return output;
        }
    }

    private ExampleProcess() {
    }

    /** examples/{relativePath} with the arguments given (Objects through toString), stderr merged into stdout. */
    static Result run(String relativePath, Object... args) {
        Path file = EXAMPLES.resolve(relativePath);
        if (!Files.isExecutable(file)) {
            fail(file + " is missing or not executable");
        }
        List<String> command = new ArrayList<>();
        command.add(file.toString());
        for (Object arg : args) {
            command.add(arg.toString());
        }
        Path output = null;
        try {
            output = Files.createTempFile("redactor-example", ".out");
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly().waitFor();
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (!finished) {
                fail(command + " did not finish in " + TIMEOUT_SECONDS + " s; its output:\n" + text);
            }
            return new Result(process.exitValue(), text);
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            if (output != null) {
                output.toFile().delete();
            }
        }
    }

    /** The text of examples/{relativePath}. */
    static String read(String relativePath) {
        try {
            return Files.readString(EXAMPLES.resolve(relativePath));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
