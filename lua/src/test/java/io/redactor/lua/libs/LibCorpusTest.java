package io.redactor.lua.libs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.jse.JsePlatform;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Runs every corpus expression in LuaJ with the libraries installed and compares the result with what Redis 7.0
 * answered (recorded in the corpus). Error messages compare without the "user_script:1: " position in front.
 * {@code JsePlatform.standardGlobals()} stands in for the engine's sandbox.
 */
class LibCorpusTest {
    @TestFactory
    Stream<DynamicTest> cjson() {
        return corpus("cjson");
    }

    @TestFactory
    Stream<DynamicTest> cmsgpack() {
        return corpus("cmsgpack");
    }

    @TestFactory
    Stream<DynamicTest> struct() {
        return corpus("struct");
    }

    @TestFactory
    Stream<DynamicTest> bit() {
        return corpus("bit");
    }

    private static Stream<DynamicTest> corpus(String library) {
        Globals globals = JsePlatform.standardGlobals();
        RedisLuaLibraries.install(globals);
        List<LibCorpus.Entry> entries = LibCorpus.load(library);
        return entries.stream().map(entry -> DynamicTest.dynamicTest(library + ".corpus:" + entry.line() + " "
                + entry.expression(), () -> {
            assertNotNull(entry.expected(), "not recorded yet: run LuaLibraryCorpusRedisTest with -Dredactor.lua.record=true");
            assertEquals(LibCorpus.withoutPosition(entry.expected()), LibCorpus.withoutPosition(run(globals, entry)));
        }));
    }

    private static String run(Globals globals, LibCorpus.Entry entry) {
        try {
            Varargs results = globals.load(LibCorpus.luajScript(entry.expression()), "user_script").invoke();
            return LibCorpus.render(results);
        } catch (LuaError e) {
            return "uncaught " + e.getMessage();
        }
    }
}
