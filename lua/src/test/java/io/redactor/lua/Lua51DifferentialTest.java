package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaValue;

/**
 * Every line of lua51-corpus.txt evaluated by the real Lua 5.1 (/usr/bin/lua5.1, spawned here) and by the
 * engine must print the same thing (values through tostring, errors by message without the position).
 */
class Lua51DifferentialTest {
    private static final Path LUA51 = Path.of("/usr/bin/lua5.1");

    @Test
    void engineMatchesLua51OnTheCorpus() throws Exception {
        assumeTrue(Files.isExecutable(LUA51), "skipped: /usr/bin/lua5.1 is not installed (apt-get install lua5.1)");
        String render = resource("lua51-render.lua");
        List<String> lines = new ArrayList<>();
        for (String line : resource("lua51-corpus.txt").split("\n", -1)) {
            if (!line.isEmpty() && !line.startsWith("-- ")) {
                lines.add(line);
            }
        }
        List<String> expected = runLua51(render);
        assertEquals(lines.size(), expected.size(), "lua5.1 printed one line per corpus line");

        LuaEngine engine = new LuaEngine();
        CompiledScript script = engine.compile((render + "\nreturn render(ARGV[1])").getBytes(StandardCharsets.UTF_8));
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String actual;
            try {
                LuaValue v = script.run(ScriptContext.NONE, List.of(), List.of(lines.get(i).getBytes(StandardCharsets.ISO_8859_1)));
                actual = v.tojstring();
            } catch (RuntimeException | StackOverflowError e) {
                actual = "JAVA " + e;
            }
            if (!actual.equals(expected.get(i))) {
                mismatches.add(lines.get(i) + "\n    lua5.1: " + expected.get(i) + "\n    engine: " + actual);
            }
        }
        assertEquals("", String.join("\n", mismatches), mismatches.size() + " of " + lines.size() + " lines differ");
    }

    private static List<String> runLua51(String render) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("lua51-diff");
        try {
            Path renderFile = dir.resolve("render.lua");
            Path driver = dir.resolve("driver.lua");
            Path corpus = dir.resolve("corpus.txt");
            Files.writeString(renderFile, render, StandardCharsets.ISO_8859_1);
            Files.writeString(driver, resource("lua51-driver.lua"), StandardCharsets.ISO_8859_1);
            Files.writeString(corpus, resource("lua51-corpus.txt"), StandardCharsets.ISO_8859_1);
            Process p = new ProcessBuilder(LUA51.toString(), driver.toString(), renderFile.toString(), corpus.toString())
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            p.waitFor(30, TimeUnit.SECONDS);
            assertEquals(0, p.exitValue(), new String(out, StandardCharsets.ISO_8859_1));
            String text = new String(out, StandardCharsets.ISO_8859_1);
            List<String> result = new ArrayList<>(List.of(text.split("\n", -1)));
            result.remove(result.size() - 1);
            return result;
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    static String resource(String name) throws IOException {
        try (InputStream in = Lua51DifferentialTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
