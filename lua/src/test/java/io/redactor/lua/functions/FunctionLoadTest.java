package io.redactor.lua.functions;

import static io.redactor.lua.functions.Libraries.ENGINE;
import static io.redactor.lua.functions.Libraries.bytes;
import static io.redactor.lua.functions.Libraries.load;
import static io.redactor.lua.functions.Libraries.loadError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptFlag;

/**
 * FUNCTION LOAD: the first line, the load-time environment, redis.register_function and the order of the checks.
 * Every text is what redis-server 7.0.15 replies to the same FUNCTION LOAD.
 */
class FunctionLoadTest {
    private final FunctionRegistry registry = new FunctionRegistry(ENGINE);

    private static final String F = "\nredis.register_function('f', function() return 1 end)";

    @Test
    void theFirstLineNamesTheLibrary() {
        assertEquals("a", load(registry, "#!lua name=a" + F));
        assertEquals("ERR Library name was not given", loadError(registry, "#!lua" + F));
        assertEquals("ERR Library name was not given", loadError(registry, "#!\n"));
        assertEquals("ERR Library name was not given", loadError(registry, "#!  \n"));
        assertEquals("ERR Missing library metadata", loadError(registry, "return 1"));
        assertEquals("ERR Missing library metadata", loadError(registry, ""));
        assertEquals("ERR Invalid library metadata", loadError(registry, "#!lua name=z"));
        assertEquals("ERR Invalid library metadata", loadError(registry, "#!"));
        assertEquals("ERR Invalid library metadata", loadError(registry, "#!lua name=x\0y" + F));
        assertEquals("ERR Invalid library metadata", loadError(registry, "#!lua \"name=h" + F));
        assertEquals("ERR Invalid metadata value, name argument was given multiple times",
                loadError(registry, "#!lua name=a name=b" + F));
        assertEquals("ERR Invalid metadata value given: flags=no-writes",
                loadError(registry, "#!lua flags=no-writes name=c" + F));
    }

    @Test
    void nameAndEngineAreMatchedIgnoringCaseAndQuotesWork() {
        assertEquals("b", load(registry, "#!lua NAME=b\nredis.register_function('f1', function() end)"));
        assertEquals("d", load(registry, "#!LUA name=d\nredis.register_function('f2', function() end)"));
        assertEquals("quoted", load(registry, "#!lua name=\"quoted\"\nredis.register_function('f3', function() end)"));
        assertEquals("AB", load(registry, "#!lua \"name=\\x41B\"\nredis.register_function('f4', function() end)"));
        assertEquals("sq", load(registry, "#!lua 'name=sq'\nredis.register_function('f5', function() end)"));
        assertEquals("tab", load(registry, "#!lua\tname=tab\r\nredis.register_function('f6', function() end)"));
        assertEquals("LUA", registry.library("d").engine());
    }

    @Test
    void libraryNamesAreLettersDigitsAndUnderscores() {
        String bad = "ERR Library names can only contain letters, numbers, or underscores(_) and must be at least one "
                + "character long";
        assertEquals(bad, loadError(registry, "#!lua name=" + F));
        assertEquals(bad, loadError(registry, "#!lua name=a-b" + F));
        assertEquals(bad, loadError(registry, "#!lua \"name=h i\"" + F));
        assertEquals(bad, loadError(registry, "#!lua name=\u00e9" + F));
        assertEquals(bad, loadError(registry, "#!lua name=\\x41" + F));
        assertEquals("ERR Engine 'js' not found", loadError(registry, "#!js name=f" + F));
        assertEquals("ERR Engine '' not found", loadError(registry, "#! name=g" + F));
        assertEquals(bad, loadError(registry, "#!js name=a-b" + F), "the name is checked before the engine");
    }

    @Test
    void atLoadTimeOnlyTheRegistrationApiExists() {
        String prefix = "ERR Error registering functions: ERR user_function:2: Script attempted to access nonexistent "
                + "global variable ";
        assertEquals(prefix + "'string'", loadError(registry, "#!lua name=t\nlocal x = string.len('a')"));
        assertEquals(prefix + "'pairs'", loadError(registry, "#!lua name=t\nfor k in pairs(redis) do end"));
        assertEquals(prefix + "'error'", loadError(registry, "#!lua name=t\nerror('boom')"));
        assertEquals(prefix + "'_G'", loadError(registry, "#!lua name=t\nreturn _G"));
        assertEquals(prefix + "'cjson'", loadError(registry, "#!lua name=t\nlocal x = cjson"));
        for (String missing : List.of("call", "pcall", "setresp", "sha1hex", "error_reply", "status_reply", "set_repl",
                "REPL_ALL", "acl_check_cmd", "foo")) {
            assertEquals(prefix + "'" + missing + "'", loadError(registry, "#!lua name=t\nlocal x = redis." + missing));
        }
        assertEquals("ERR Error registering functions: ERR user_function:2: Second argument to "
                + "luaProtectedTableError must be a string or number", loadError(registry, "#!lua name=t\nlocal x = redis[true]"));
        assertEquals("ERR Error registering functions: ERR user_function:2: Attempt to modify a readonly table",
                loadError(registry, "#!lua name=t\nx = 5"));
        assertEquals("ERR Error registering functions: ERR user_function:2: attempt to perform arithmetic on a nil "
                + "value", loadError(registry, "#!lua name=t\nredis.register_function('t1', function() end) local x = nil + 1"));
    }

    @Test
    void logLevelsVersionAndStringMethodsWorkAtLoadTime() {
        List<String> logged = new ArrayList<>();
        ScriptContext logger = new ScriptContext() {
            @Override
            public org.luaj.vm2.LuaValue call(byte[][] command, io.redactor.lua.ScriptRun run) {
                throw new AssertionError("no commands at load time");
            }

            @Override
            public void log(int level, String message) {
                logged.add(level + " " + message);
            }
        };
        registry.load(bytes("#!lua name=ok\nlocal up = ('abc'):upper()\n"
                + "redis.log(redis.LOG_WARNING, 'loading', up, redis.REDIS_VERSION, redis.REDIS_VERSION_NUM)\n"
                + "local n = redis.LOG_NOTICE + redis.LOG_DEBUG + redis.LOG_VERBOSE\n"
                + "redis.register_function('v', function() return n end)"), false, logger, 500);
        assertEquals(List.of("3 loading ABC 7.0.15 458767"), logged);
    }

    @Test
    void registerFunctionChecksItsArguments() {
        String prefix = "ERR Error registering functions: ERR ";
        String bad = "Library names can only contain letters, numbers, or underscores(_) and must be at least one "
                + "character long";
        assertEquals(prefix + bad, loadError(registry, "#!lua name=n\nredis.register_function('a-b', function() end)"));
        assertEquals(prefix + bad, loadError(registry, "#!lua name=n\nredis.register_function('', function() end)"));
        assertEquals(prefix + "Function already exists in the library", loadError(registry,
                "#!lua name=n\nredis.register_function('ok', function() end) redis.register_function('ok', function() end)"));
        assertEquals(prefix + "second argument to redis.register_function must be a function",
                loadError(registry, "#!lua name=n\nredis.register_function('x', 1)"));
        assertEquals(prefix + "second argument to redis.register_function must be a function",
                loadError(registry, "#!lua name=n\nredis.register_function('x', nil)"));
        assertEquals(prefix + "first argument to redis.register_function must be a string",
                loadError(registry, "#!lua name=n\nredis.register_function(nil, function() end)"));
        assertEquals(prefix + "wrong number of arguments to redis.register_function",
                loadError(registry, "#!lua name=n\nredis.register_function()"));
        assertEquals(prefix + "wrong number of arguments to redis.register_function",
                loadError(registry, "#!lua name=n\nredis.register_function('a', function() end, 3)"));
        assertEquals(prefix + "calling redis.register_function with a single argument is only applicable to Lua table "
                + "(representing named arguments).", loadError(registry, "#!lua name=n\nredis.register_function('t')"));
        assertEquals(prefix + "calling redis.register_function with a single argument is only applicable to Lua table "
                + "(representing named arguments).", loadError(registry, "#!lua name=n\nredis.register_function(5)"));
    }

    @Test
    void registerFunctionNamedArguments() {
        String prefix = "ERR Error registering functions: ERR ";
        String start = "#!lua name=n\nredis.register_function({";
        assertEquals(prefix + "unknown flag given",
                loadError(registry, start + "function_name='t', callback=function() end, flags={'bad'}})"));
        assertEquals(prefix + "unknown flag given",
                loadError(registry, start + "function_name='t', callback=function() end, flags={'no-writes', 5}})"));
        assertEquals(prefix + "flags argument to redis.register_function must be a table representing function flags",
                loadError(registry, start + "function_name='t', callback=function() end, flags='no-writes'})"));
        assertEquals(prefix + "description argument given to redis.register_function must be a string",
                loadError(registry, start + "function_name='t', callback=function() end, description={}})"));
        assertEquals(prefix + "function_name argument given to redis.register_function must be a string",
                loadError(registry, start + "function_name={}, callback=function() end})"));
        assertEquals(prefix + "redis.register_function must get a function name argument",
                loadError(registry, start + "callback=function() end})"));
        assertEquals(prefix + "redis.register_function must get a callback argument",
                loadError(registry, start + "function_name='t'})"));
        assertEquals(prefix + "callback argument given to redis.register_function must be a function",
                loadError(registry, start + "function_name='t', callback=5})"));
        assertEquals(prefix + "unknown argument given to redis.register_function",
                loadError(registry, start + "function_name='t', callback=function() end, foo=1})"));
        assertEquals(prefix + "unknown argument given to redis.register_function",
                loadError(registry, start + "function_name='t', callback=function() end, [1]=1})"));
        assertEquals(prefix + "named argument key given to redis.register_function is not a string",
                loadError(registry, start + "function_name='t', callback=function() end, [true]=1})"));
    }

    @Test
    void namedArgumentsMayUseAnyCaseAndNumbersPassAsStrings() {
        load(registry, "#!lua name=n6\nredis.register_function(1, function() end)");
        load(registry, "#!lua name=n14\nredis.register_function({function_name=15, callback=function() end, "
                + "description=5})");
        load(registry, "#!lua name=n25\nredis.register_function({FUNCTION_NAME='t25', CallBack=function() end, "
                + "FLAGS={'NO-WRITES'}})");
        load(registry, "#!lua name=n27\nredis.register_function({function_name='t27', callback=function() end, "
                + "flags={[1]='no-writes', [3]='allow-oom'}})");
        load(registry, "#!lua name=n33\nredis.register_function({function_name='t33', callback=function() end, "
                + "flags={no=1}})");
        load(registry, "#!lua name=n32\nredis.register_function{function_name='t32', callback=function() end, "
                + "flags={'allow-cross-slot-keys','no-cluster','allow-stale'}, description='desc here'}");
        assertEquals("1", registry.function("1").name());
        assertArrayEquals(bytes("5"), registry.function("15").description());
        assertNull(registry.function("1").description());
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), registry.function("t25").flags());
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), registry.function("t27").flags(), "flags stop at the first nil");
        assertEquals(EnumSet.noneOf(ScriptFlag.class), registry.function("t33").flags());
        assertEquals(List.of(ScriptFlag.ALLOW_STALE, ScriptFlag.NO_CLUSTER, ScriptFlag.ALLOW_CROSS_SLOT_KEYS),
                new ArrayList<>(registry.function("t32").flags()), "in Redis's order");
        assertArrayEquals(bytes("desc here"), registry.function("t32").description());
        assertTrue(registry.function("T32").has(ScriptFlag.NO_CLUSTER));
    }

    @Test
    void theRestOfTheChecksComeInRedisOrder() {
        assertEquals("ERR No functions registered", loadError(registry, "#!lua name=x\n"));
        assertEquals("ERR No functions registered", loadError(registry, "#!lua name=x\nreturn 1"));
        assertTrue(loadError(registry, "#!lua name=x\nlocal x = = 1")
                .startsWith("ERR Error compiling function: user_function:2: unexpected symbol"));
        load(registry, "#!lua name=a" + F);
        assertEquals("ERR Library 'a' already exists", loadError(registry, "#!lua name=a\nlocal x = = 1"),
                "an existing library is found before the code is compiled");
        assertEquals("ERR Function f already exists", loadError(registry, "#!lua name=b" + F));
        assertEquals("ERR Function F already exists",
                loadError(registry, "#!lua name=b\nredis.register_function('F', function() end)"));
    }

    @Test
    void loadingStopsAfterHalfASecond() {
        long start = System.nanoTime();
        assertEquals("ERR Error registering functions: ERR FUNCTION LOAD timeout",
                loadError(registry, "#!lua name=loop\nwhile true do end"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 500 && millis < 5000, millis + " ms");
        assertNull(registry.library("loop"));
    }
}
