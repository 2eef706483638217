package io.redactor.lua.functions;

import static io.redactor.lua.functions.Libraries.ENGINE;
import static io.redactor.lua.functions.Libraries.bytes;
import static io.redactor.lua.functions.Libraries.fcall;
import static io.redactor.lua.functions.Libraries.list;
import static io.redactor.lua.functions.Libraries.load;
import static io.redactor.lua.functions.Libraries.loadError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.redactor.lua.ScriptContext;

/** FUNCTION LOAD REPLACE, DELETE, FLUSH, LIST and STATS on the registry, with Redis 7.0.15's rules. */
class FunctionRegistryTest {
    private final FunctionRegistry registry = new FunctionRegistry(ENGINE);

    private static String names(List<FunctionLibrary> libraries) {
        return String.join(" ", libraries.stream().map(FunctionLibrary::name).toList());
    }

    private static String reply(String library) {
        return "#!lua name=" + library + "\nredis.register_function('" + library + "_f', function() return '" + library
                + "' end)";
    }

    @Test
    void loadAddsALibraryAndItsFunctions() {
        assertEquals("mylib", load(registry, "#!lua name=mylib\nredis.register_function('one', function() return 1 end)\n"
                + "redis.register_function{function_name='two', callback=function() return 2 end, description='second'}"));
        FunctionLibrary library = registry.library("mylib");
        assertEquals("mylib", library.name());
        assertEquals("LUA", library.engine());
        assertEquals(List.of("one", "two"), library.functions().stream().map(RegisteredFunction::name).toList());
        assertArrayEquals(bytes("#!lua name=mylib\nredis.register_function('one', function() return 1 end)\n"
                + "redis.register_function{function_name='two', callback=function() return 2 end, description='second'}"),
                library.code());
        assertEquals("mylib", registry.function("TWO").libraryName());
        assertEquals(1, registry.libraryCount());
        assertEquals(2, registry.functionCount());
    }

    @Test
    void libraryNamesAreCaseSensitiveFunctionNamesAreNot() {
        load(registry, "#!lua name=a\nredis.register_function('MyFunc', function() return 'a' end)");
        load(registry, "#!lua name=A\nredis.register_function('other', function() return 'A' end)");
        assertEquals("a A", names(registry.libraries()));
        assertEquals("ERR Function MYFUNC already exists",
                loadError(registry, "#!lua name=b\nredis.register_function('MYFUNC', function() end)"));
        assertEquals("a", fcall(registry, "myfunc", list(), list()).tojstring());
        assertEquals("ERR Library not found", assertThrows(FunctionError.class, () -> registry.delete("B")).getMessage());
        registry.delete(bytes("A"));
        assertEquals("a", names(registry.libraries()));
    }

    @Test
    void oneLibraryMayRegisterTheSameNameInTwoCasesAndDeletingItWorks() {
        load(registry, "#!lua name=c2\nredis.register_function('same', function() return 's1' end)\n"
                + "redis.register_function('SAME', function() return 's2' end)");
        assertEquals("s1", fcall(registry, "SAME", list(), list()).tojstring(), "the first registered wins");
        assertEquals(2, registry.functionCount(), "FUNCTION STATS counts both, as Redis does");
        registry.delete("c2"); // Redis 7.0.15 crashes here
        assertEquals(0, registry.functionCount());
        assertNull(registry.function("same"));
    }

    @Test
    void replaceSwapsALibraryAndAFailedLoadChangesNothing() {
        load(registry, "#!lua name=lib\nredis.register_function('f', function() return 'old' end)");
        load(registry, reply("other"));
        assertEquals("ERR Library 'lib' already exists",
                loadError(registry, "#!lua name=lib\nredis.register_function('g', function() return 'new' end)"));
        assertEquals("lib", registry.load(bytes("#!lua name=lib\nredis.register_function('g', function() return 'new' end)"),
                true, ScriptContext.NONE, 500));
        assertNull(registry.function("f"), "the old library's functions are gone");
        assertEquals("new", fcall(registry, "g", list(), list()).tojstring());
        assertEquals("other lib", names(registry.libraries()), "a replaced library moves to the end");

        FunctionLibrary before = registry.library("lib");
        for (String failing : List.of("#!lua name=lib\nreturn 1", "#!lua name=lib\nlocal x = = 1",
                "#!lua name=lib\nredis.register_function('other_f', function() end)",
                "#!lua name=lib\nredis.register_function('x', function() end) local y = nil + 1")) {
            assertThrows(FunctionError.class,
                    () -> registry.load(bytes(failing), true, ScriptContext.NONE, 500), failing);
            assertSame(before, registry.library("lib"), failing);
            assertEquals("new", fcall(registry, "g", list(), list()).tojstring());
        }
        assertNull(registry.function("x"));
        assertEquals(2, registry.functionCount());
    }

    @Test
    void replaceMayReuseTheOldLibrarysFunctionNames() {
        load(registry, "#!lua name=lib\nredis.register_function('f', function() return 'old' end)");
        registry.load(bytes("#!lua name=lib\nredis.register_function('F', function() return 'new' end)"), true,
                ScriptContext.NONE, 500);
        assertEquals("new", fcall(registry, "f", list(), list()).tojstring());
    }

    @Test
    void flushEmptiesEverything() {
        load(registry, reply("a"));
        load(registry, reply("b"));
        registry.flush();
        assertEquals(0, registry.libraryCount());
        assertEquals(0, registry.functionCount());
        assertEquals(List.of(), registry.libraries());
        assertNull(registry.function("a_f"));
    }

    @Test
    void listFiltersByAGlobPatternIgnoringCase() {
        for (String name : List.of("slow", "Shop", "fast", "s1")) {
            load(registry, reply(name));
        }
        assertEquals("slow Shop s1", names(registry.libraries(bytes("s*"))));
        assertEquals("slow Shop s1", names(registry.libraries(bytes("S*"))));
        assertEquals("slow", names(registry.libraries(bytes("s[k-m]ow"))));
        assertEquals("slow Shop fast s1", names(registry.libraries(bytes("*"))));
        assertEquals("", names(registry.libraries(bytes(""))));
        assertEquals("s1", names(registry.libraries(bytes("?1"))));
    }

    @Test
    void readersNeverSeeAHalfDoneWrite() throws Exception {
        load(registry, "#!lua name=lib\nredis.register_function('a', function() return 1 end)\n"
                + "redis.register_function('b', function() return 1 end)");
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService executor = Executors.newFixedThreadPool(3);
        try {
            List<Future<Integer>> readers = new java.util.ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(executor.submit(() -> {
                    int seen = 0;
                    while (!stop.get()) {
                        FunctionLibrary lib = registry.library("lib");
                        RegisteredFunction a = registry.function("a");
                        RegisteredFunction b = registry.function("b");
                        assertTrue(lib != null && lib.functions().size() == 2);
                        assertTrue(a != null && b != null);
                        assertEquals(2, registry.functionCount());
                        seen++;
                    }
                    return seen;
                }));
            }
            for (int i = 0; i < 200; i++) {
                registry.load(bytes("#!lua name=lib\nredis.register_function('a', function() return " + i + " end)\n"
                        + "redis.register_function('b', function() return 1 end)"), true, ScriptContext.NONE, 500);
            }
            stop.set(true);
            for (Future<Integer> r : readers) {
                assertTrue(r.get(10, TimeUnit.SECONDS) > 0);
            }
            assertEquals(199, fcall(registry, "a", list(), list()).toint());
        } finally {
            stop.set(true);
            executor.shutdownNow();
        }
    }
}
