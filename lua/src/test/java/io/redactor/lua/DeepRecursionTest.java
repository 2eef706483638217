package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Unbounded recursion ends in Redis's "stack overflow" error even when it is the first error a JVM sees. It used to
 * escape as NoClassDefFoundError: the error message was concatenated with '+', whose call site the JVM links on
 * first use, and linking with no stack left broke a JDK class for the rest of the JVM's life.
 */
class DeepRecursionTest {

    @Test
    void aFirstStackOverflowIsAScriptErrorAndLeavesTheJvmWorking() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                DeepRecursionProbe.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals("user_script:1: stack overflow\nafter: 0\n", out);
        assertEquals(0, p.exitValue());
    }
}
