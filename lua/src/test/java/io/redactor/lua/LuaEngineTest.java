package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/** The sandbox, the redis table and error texts, compared with what Redis 7.0.15 answers. */
class LuaEngineTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    static LuaValue eval(String body, String... argv) {
        List<byte[]> args = new ArrayList<>();
        for (String a : argv) {
            args.add(a.getBytes(StandardCharsets.UTF_8));
        }
        return ENGINE.compile(body.getBytes(StandardCharsets.UTF_8)).run(ScriptContext.NONE, List.of(), args);
    }

    static String evalString(String body) {
        return eval(body).tojstring();
    }

    static String error(String body) {
        String sha = LuaEngine.sha1hex(body.getBytes(StandardCharsets.UTF_8));
        ScriptError e = assertThrows(ScriptError.class, () -> eval(body));
        return e.redisMessage(sha);
    }

    static String sha(String body) {
        return LuaEngine.sha1hex(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void globalsAreExactlyRedis70s() {
        String names = "local t={} for k in pairs(_G) do t[#t+1]=k end table.sort(t) return table.concat(t, ' ')";
        assertEquals("ARGV KEYS _G _VERSION __redis__err__handler assert collectgarbage coroutine error gcinfo "
                + "getmetatable ipairs load loadstring math next pairs pcall rawequal rawget rawset redis select "
                + "setmetatable string table tonumber tostring type unpack xpcall", evalString(names));
    }

    @Test
    void librariesHaveExactlyRedis70sFunctions() {
        String lister = "local t={} for k,v in pairs(%s) do t[#t+1]=k..':'..type(v) end table.sort(t) return table.concat(t, ' ')";
        assertEquals("byte:function char:function dump:function find:function format:function gfind:function "
                + "gmatch:function gsub:function len:function lower:function match:function rep:function "
                + "reverse:function sub:function upper:function", evalString(lister.formatted("string")));
        assertEquals("concat:function foreach:function foreachi:function getn:function insert:function "
                + "maxn:function remove:function setn:function sort:function", evalString(lister.formatted("table")));
        assertEquals("abs:function acos:function asin:function atan2:function atan:function ceil:function "
                + "cos:function cosh:function deg:function exp:function floor:function fmod:function frexp:function "
                + "huge:number ldexp:function log10:function log:function max:function min:function mod:function "
                + "modf:function pi:number pow:function rad:function random:function randomseed:function "
                + "sin:function sinh:function sqrt:function tan:function tanh:function", evalString(lister.formatted("math")));
        assertEquals("create:function resume:function running:function status:function wrap:function yield:function",
                evalString(lister.formatted("coroutine")));
        assertEquals("LOG_DEBUG:number LOG_NOTICE:number LOG_VERBOSE:number LOG_WARNING:number REDIS_VERSION:string "
                + "REDIS_VERSION_NUM:number REPL_ALL:number REPL_AOF:number REPL_NONE:number REPL_REPLICA:number "
                + "REPL_SLAVE:number acl_check_cmd:function breakpoint:function call:function debug:function "
                + "error_reply:function log:function pcall:function replicate_commands:function set_repl:function "
                + "setresp:function sha1hex:function status_reply:function", evalString(lister.formatted("redis")));
    }

    @Test
    void readingANonexistentGlobalNamesItOnlyWhenTheKeyIsAStringOrNumber() {
        assertEquals("ERR user_script:1: Script attempted to access nonexistent global variable '1.5' script: "
                + sha("return _G[1.5]") + ", on @user_script:1.", error("return _G[1.5]"));
        assertEquals("ERR user_script:1: Second argument to luaProtectedTableError must be a string or number script: "
                + sha("return _G[true]") + ", on @user_script:1.", error("return _G[true]"));
    }

    @Test
    void globalsAndLibrariesAreReadOnlyWithRedisErrors() {
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: " + sha("x = 1") + ", on @user_script:1.",
                error("x = 1"));
        assertEquals("ERR user_script:1: Script attempted to access nonexistent global variable 'x' script: "
                + sha("return x") + ", on @user_script:1.", error("return x"));
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: " + sha("string.foo = 1")
                + ", on @user_script:1.", error("string.foo = 1"));
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: " + sha("_G.x = 1")
                + ", on @user_script:1.", error("_G.x = 1"));
        assertEquals("ERR Attempt to modify a readonly table script: " + sha("rawset(_G,'x',1) return 1")
                + ", on @user_script:1.", error("rawset(_G,'x',1) return 1"));
        assertEquals("ERR Attempt to modify a readonly table script: " + sha("setmetatable(_G, nil)")
                + ", on @user_script:1.", error("setmetatable(_G, nil)"));
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: "
                + sha("getmetatable('').__index = nil return 1") + ", on @user_script:1.",
                error("getmetatable('').__index = nil return 1"));
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: " + sha("redis.call = nil")
                + ", on @user_script:1.", error("redis.call = nil"));
        assertEquals("table", evalString("return type(getmetatable(_G))"));
        assertEquals("true", evalString("return tostring(getmetatable('').__index == string)"));
        assertEquals("nil", evalString("return tostring(rawget(_G, 'x'))"));
    }

    @Test
    void nothingLeaksBetweenRuns() {
        eval("local t = getmetatable('') pcall(function() t.__index = {} end) return 1");
        assertEquals("ABC", evalString("return ('abc'):upper()"));
        assertEquals("table", evalString("return type(getmetatable(''))"));
        assertEquals("b", eval("return ARGV[1]", "b").tojstring());
        assertEquals("0", evalString("return tostring(#ARGV)"));
    }

    @Test
    void errorsCarryRedisPositionAndLine() {
        assertEquals("ERR user_script:1: x script: " + sha("error('x')") + ", on @user_script:1.", error("error('x')"));
        assertEquals("ERR user_script:1: attempt to perform arithmetic on a nil value script: " + sha("local a = nil + 1")
                + ", on @user_script:1.", error("local a = nil + 1"));
        assertEquals("My Error script: " + sha("error({err='My Error'})") + ", on @user_script:1.", error("error({err='My Error'})"));
        assertEquals("ERR x script: " + sha("error('x', 0)") + ", on @user_script:1.", error("error('x', 0)"));
        assertEquals("ERR user_script:1: 12 script: " + sha("error(12)") + ", on @user_script:1.", error("error(12)"));
        String three = "\nlocal a = 1\nerror('line3')";
        assertEquals("ERR user_script:3: line3 script: " + sha(three) + ", on @user_script:3.", error(three));
        String nested = "local function f() error('in f') end\nf()";
        assertEquals("ERR user_script:1: in f script: " + sha(nested) + ", on @user_script:1.", error(nested));
        assertEquals("ERR user_script:1: assertion failed! script: " + sha("assert(false)") + ", on @user_script:1.",
                error("assert(false)"));
        ScriptCompileError compile = assertThrows(ScriptCompileError.class, () -> eval("return 1 +"));
        assertTrue(compile.getMessage().startsWith("ERR Error compiling script (new function): user_script:1: "), compile.getMessage());
    }

    @Test
    void redisCallArgumentErrorsAndPcall() {
        assertEquals("ERR Please specify at least one argument for this redis lib call script: " + sha("return redis.call()")
                + ", on @user_script:1.", error("return redis.call()"));
        assertEquals("ERR Lua redis lib command arguments must be strings or integers script: "
                + sha("return redis.call('get', {})") + ", on @user_script:1.", error("return redis.call('get', {})"));
        // the context answers with an error reply: redis.call raises it, redis.pcall returns it, pcall gives its text
        ScriptContext unknown = (command, run) -> RedisErrorReply.of("ERR Unknown Redis command called from script");
        CompiledScript call = ENGINE.compile("return redis.call('nosuch')".getBytes(StandardCharsets.UTF_8));
        ScriptError e = assertThrows(ScriptError.class, () -> call.run(unknown, List.of(), List.of()));
        assertEquals("ERR Unknown Redis command called from script script: " + call.sha() + ", on @user_script:1.",
                e.redisMessage(call.sha()));
        LuaValue r = ENGINE.compile("return redis.pcall('nosuch')".getBytes(StandardCharsets.UTF_8)).run(unknown, List.of(), List.of());
        assertTrue(r instanceof RedisErrorReply);
        assertEquals("ERR Unknown Redis command called from script", ((RedisErrorReply) r).message());
        LuaValue caught = ENGINE.compile("local ok, e = pcall(redis.call, 'nosuch') return e".getBytes(StandardCharsets.UTF_8))
                .run(unknown, List.of(), List.of());
        assertEquals("ERR Unknown Redis command called from script", caught.tojstring());
        // arguments reach the context as bytes, numbers written with %.17g as Redis does (not Lua's %.14g)
        List<String> seen = new ArrayList<>();
        ScriptContext echo = (command, run) -> {
            for (byte[] c : command) {
                seen.add(new String(c, StandardCharsets.UTF_8));
            }
            return LuaValue.valueOf(command.length);
        };
        assertEquals(4, ENGINE.compile("return redis.call('set', KEYS[1], 1.5, 10)".getBytes(StandardCharsets.UTF_8))
                .run(echo, List.of("k".getBytes()), List.of()).toint());
        assertEquals(List.of("set", "k", "1.5", "10"), seen);
    }

    @Test
    void numbersGoToCommandsWithSeventeenDigits() {
        List<String> seen = new ArrayList<>();
        ScriptContext echo = (command, run) -> {
            for (byte[] c : command) {
                seen.add(new String(c, StandardCharsets.UTF_8));
            }
            return LuaValue.TRUE;
        };
        ENGINE.compile("return redis.call('x', 0.1 + 0.2, 1e15, 2^53, 123456789012345678, 1/0, 0/0, -7, 3.5)"
                .getBytes(StandardCharsets.UTF_8)).run(echo, List.of(), List.of());
        assertEquals(List.of("x", "0.30000000000000004", "1000000000000000", "9007199254740992",
                "1.2345678901234568e+17", "inf", "-nan", "-7", "3.5"), seen);
    }

    @Test
    void errorsOfCommandsCarryTheStatsFlagAsInRedis() {
        ScriptContext wrongType = (command, run) -> RedisErrorReply.of("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertEquals("{\"ignore_error_stats_update\":true,\"err\":\"WRONGTYPE Operation against a key holding the wrong kind of value\"}",
                luaWithLibraries("return cjson.encode(redis.pcall('lpush', 'k', 'v'))", wrongType));
        // errors of the redis library itself have no flag
        assertEquals("{\"err\":\"ERR Please specify at least one argument for this redis lib call\"}",
                luaWithLibraries("return cjson.encode(redis.pcall())", wrongType));
        assertEquals("{\"err\":\"ERR Lua redis lib command arguments must be strings or integers\"}",
                luaWithLibraries("return cjson.encode(redis.pcall('get', {}))", wrongType));
        assertEquals("{\"err\":\"MY x\"}", luaWithLibraries("return cjson.encode(redis.error_reply('MY x'))", wrongType));
    }

    private static String luaWithLibraries(String body, ScriptContext context) {
        LuaEngine engine = new LuaEngine(io.redactor.lua.libs.RedisLuaLibraries.all(), "7.0.15", 0x07000f);
        return engine.compile(body.getBytes(StandardCharsets.UTF_8)).run(context, List.of(), List.of()).tojstring();
    }

    @Test
    void redisHelpersTakeNumbersAsLuaToNumberDoes() {
        // lua_tonumber: numeric strings count, anything else is 0; the C int truncates
        assertEquals("0 0 0", evalString("return select('#', redis.log('1', 'x')) .. ' ' .. select('#', redis.log(3.9, 'x'))"
                + " .. ' ' .. select('#', redis.log(-0.5, 'x'))"));
        assertEquals("ERR First argument must be a number (log level). script: " + sha("return redis.log('a', 'x')")
                + ", on @user_script:1.", error("return redis.log('a', 'x')"));
        assertEquals("ERR RESP version must be 2 or 3. script: " + sha("return redis.setresp('x')") + ", on @user_script:1.",
                error("return redis.setresp('x')"));
        assertEquals("ERR RESP version must be 2 or 3. script: " + sha("return redis.setresp({})") + ", on @user_script:1.",
                error("return redis.setresp({})"));
        assertEquals("0 0", evalString("return select('#', redis.setresp('3')) .. ' ' .. select('#', redis.setresp(2.5))"));
        assertEquals("0 0", evalString("return select('#', redis.set_repl('x')) .. ' ' .. select('#', redis.set_repl(1.5))"));
        assertEquals("ERR redis.set_repl() requires two arguments. script: " + sha("return redis.set_repl()")
                + ", on @user_script:1.", error("return redis.set_repl()"));
        assertEquals("ERR redis.set_repl() requires two arguments. script: " + sha("return redis.set_repl(1, 2)")
                + ", on @user_script:1.", error("return redis.set_repl(1, 2)"));
        assertEquals("ERR Lua redis lib command arguments must be strings or integers script: "
                + sha("return redis.acl_check_cmd({})") + ", on @user_script:1.", error("return redis.acl_check_cmd({})"));
        assertEquals("true", evalString("return tostring(redis.acl_check_cmd('get', 1.5))"));
    }

    @Test
    void redisHelpersAnswerAsRedis70() {
        assertEquals("ERR boom", ((RedisErrorReply) eval("return redis.error_reply('boom')")).message());
        assertEquals("BOOM x", ((RedisErrorReply) eval("return redis.error_reply('-BOOM x')")).message());
        assertEquals("ERR boom", evalString("return redis.error_reply('-boom').err"));
        assertEquals("ERR ", evalString("return redis.error_reply('').err"));
        assertEquals("ERR wrong number or type of arguments", ((RedisErrorReply) eval("return redis.error_reply()")).message());
        assertEquals("OK", evalString("return redis.status_reply('OK').ok"));
        assertEquals("da39a3ee5e6b4b0d3255bfef95601890afd80709", evalString("return redis.sha1hex('')"));
        assertEquals("40bd001563085fc35165329ea1ff5c5ecbdbbeef", evalString("return redis.sha1hex(123)"));
        assertEquals("ERR wrong number of arguments script: " + sha("return redis.sha1hex()") + ", on @user_script:1.",
                error("return redis.sha1hex()"));
        assertEquals("ERR RESP version must be 2 or 3. script: " + sha("return redis.setresp(4)") + ", on @user_script:1.",
                error("return redis.setresp(4)"));
        assertEquals("ERR Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE. script: "
                + sha("return redis.set_repl(99)") + ", on @user_script:1.", error("return redis.set_repl(99)"));
        assertEquals("ERR Invalid debug level. script: " + sha("return redis.log(99, 'hello')") + ", on @user_script:1.",
                error("return redis.log(99, 'hello')"));
        assertEquals("ERR redis.log() requires two arguments or more. script: " + sha("return redis.log(1)")
                + ", on @user_script:1.", error("return redis.log(1)"));
        assertEquals("true", evalString("return tostring(redis.replicate_commands())"));
        assertEquals("false", evalString("return tostring(redis.breakpoint())"));
        assertEquals("7.0.15 458767 3 1 0 2 2 0 1 2 3", evalString("return table.concat({redis.REDIS_VERSION, "
                + "redis.REDIS_VERSION_NUM, redis.REPL_ALL, redis.REPL_AOF, redis.REPL_NONE, redis.REPL_REPLICA, "
                + "redis.REPL_SLAVE, redis.LOG_DEBUG, redis.LOG_VERBOSE, redis.LOG_NOTICE, redis.LOG_WARNING}, ' ')"));
    }

    @Test
    void globalsHaveRedisReadOnlyErrorMetatable() {
        assertEquals("function nil nil", evalString("local mt = getmetatable(_G) "
                + "return type(mt.__index) .. ' ' .. type(mt.__newindex) .. ' ' .. type(getmetatable(mt))"));
        assertEquals("ERR user_script:1: Script attempted to access nonexistent global variable 'zzz' script: "
                + sha("return getmetatable(_G).__index(_G, 'zzz')") + ", on @user_script:1.",
                error("return getmetatable(_G).__index(_G, 'zzz')"));
        assertEquals("Script attempted to access nonexistent global variable 'q'",
                evalString("local ok, e = pcall(getmetatable(_G).__index, _G, 'q') return e"));
        assertEquals("ERR user_script:1: Wrong number of arguments to luaProtectedTableError script: "
                + sha("return getmetatable(_G).__index(1)") + ", on @user_script:1.", error("return getmetatable(_G).__index(1)"));
        assertEquals("ERR user_script:1: Second argument to luaProtectedTableError must be a string or number script: "
                + sha("return _G[{}]") + ", on @user_script:1.", error("return _G[{}]"));
        assertEquals("ERR user_script:1: Script attempted to access nonexistent global variable '0.3' script: "
                + sha("return _G[0.1 + 0.2]") + ", on @user_script:1.", error("return _G[0.1 + 0.2]"));
        assertEquals("ERR user_script:1: Attempt to modify a readonly table script: "
                + sha("getmetatable(_G).__index = nil") + ", on @user_script:1.", error("getmetatable(_G).__index = nil"));
        assertEquals("ERR Attempt to modify a readonly table script: " + sha("rawset(getmetatable(_G), '__newindex', next)")
                + ", on @user_script:1.", error("rawset(getmetatable(_G), '__newindex', next)"));
    }

    @Test
    void coroutinesGiveBackTheErrorValueTheirBodyRaised() {
        assertEquals("false table MYCO x", evalString("local ok, e = coroutine.resume(coroutine.create(function() "
                + "error({err='MYCO x'}) end)) return tostring(ok) .. ' ' .. type(e) .. ' ' .. e.err"));
        ScriptContext unknown = (command, run) -> RedisErrorReply.of("ERR Unknown Redis command called from script");
        LuaValue e = ENGINE.compile("local ok, e = coroutine.resume(coroutine.create(function() return redis.call('x') end)) return e"
                .getBytes(StandardCharsets.UTF_8)).run(unknown, List.of(), List.of());
        assertEquals("ERR Unknown Redis command called from script", ((RedisErrorReply) e).message());
        assertEquals("WRAPPED x script: " + sha("return coroutine.wrap(function() error({err='WRAPPED x'}) end)()")
                + ", on @user_script:1.", error("return coroutine.wrap(function() error({err='WRAPPED x'}) end)()"));
        assertEquals("ERR user_script:1: user_script:1: in co script: " + sha("return coroutine.wrap(function() error('in co') end)()")
                + ", on @user_script:1.", error("return coroutine.wrap(function() error('in co') end)()"));
    }

    @Test
    void pcallOfAnErrorTableGivesItsErrField() {
        assertEquals("x", evalString("local ok, e = pcall(error, {err='x'}) return e"));
        assertEquals("table", evalString("local ok, e = pcall(error, {foo='x'}) return type(e)"));
        assertEquals("table", evalString("local ok, e = xpcall(function() error({err='x'}) end, function(m) return type(m) end) return e"));
    }

    @Test
    void binaryChunksAreRefusedAsRedisDoes() {
        assertEquals("[string \"\u001bLuaQ\"]:1: unexpected symbol near 'char(27)'",
                evalString("local f, e = loadstring(string.dump(function() return 1 end)) return e"));
        assertEquals("[string \"x = 1\"]:1: Attempt to modify a readonly table",
                evalString("local f = loadstring('x = 1') local ok, e = pcall(f) return e"));
    }

    @Test
    void stringDumpWritesALua51HeaderAndDumpsLuaFunctionsOnly() {
        assertEquals("1b4c75615100010408040800", evalString("local d = string.dump(function() return 1 end) "
                + "local h = '' for i = 1, 12 do h = h .. string.format('%02x', d:byte(i)) end return h"));
        assertEquals("ERR user_script:1: unable to dump given function script: " + sha("return string.dump(redis.call)")
                + ", on @user_script:1.", error("return string.dump(redis.call)"));
        assertEquals("unable to dump given function", evalString("local ok, e = pcall(string.dump, string.len) return e"));
        assertEquals("ERR user_script:1: bad argument #1 to 'dump' (function expected, got no value) script: "
                + sha("return string.dump()") + ", on @user_script:1.", error("return string.dump()"));
        assertEquals("ERR user_script:1: bad argument #1 to 'dump' (function expected, got number) script: "
                + sha("return string.dump(1)") + ", on @user_script:1.", error("return string.dump(1)"));
    }

    @Test
    void mathRandomFollowsAFreshRedisSequence() {
        LuaEngine fresh = new LuaEngine();
        LuaValue r = fresh.compile("return {math.random(100), math.random(100), tostring(math.random())}".getBytes())
                .run(ScriptContext.NONE, List.of(), List.of());
        assertEquals("40 85 0.35333609737146", ((LuaTable) r).get(1) + " " + ((LuaTable) r).get(2) + " " + ((LuaTable) r).get(3));
        LuaValue seeded = fresh.compile("math.randomseed(42) return {math.random(100), math.random(100)}".getBytes())
                .run(ScriptContext.NONE, List.of(), List.of());
        assertEquals("75 35", ((LuaTable) seeded).get(1) + " " + ((LuaTable) seeded).get(2));
    }

    @Test
    void compileCacheSharesOnePrototypePerSha() {
        LuaEngine engine = new LuaEngine();
        CompiledScript a = engine.compile("return 1".getBytes());
        assertSame(a, engine.compile("return 1".getBytes()));
        assertEquals("e0e1f9fabfc9d4800c877a703b823ac0578ff8db", a.sha());
        assertSame(a, engine.lookup("E0E1F9FABFC9D4800C877A703B823AC0578FF8DB"));
        engine.flush();
        assertEquals(0, engine.cachedScripts());
        assertEquals(null, engine.lookup(a.sha()));
    }

    @Test
    void librariesPlugInReadOnly() {
        LuaLibrary demo = new LuaLibrary() {
            @Override
            public String name() {
                return "demo";
            }

            @Override
            public LuaTable create() {
                LuaTable t = new LuaTable();
                t.set("answer", LuaValue.valueOf(42));
                return t;
            }
        };
        LuaEngine engine = new LuaEngine(List.of(demo), "7.0.15", 0x07000f);
        assertEquals(42, engine.compile("return demo.answer".getBytes()).run(ScriptContext.NONE, List.of(), List.of()).toint());
        assertThrows(ScriptError.class, () -> engine.compile("demo.answer = 1".getBytes()).run(ScriptContext.NONE, List.of(), List.of()));
    }
}
