package io.redactor.lua.functions;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.luaj.vm2.LuaValue;

import io.redactor.lua.LuaEngine;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptError;
import io.redactor.lua.ScriptRun;

/** Helpers for the function tests: one engine, code as text, FCALL's reply text for errors. */
final class Libraries {
    static final LuaEngine ENGINE = new LuaEngine();

    /** Answers PING with PONG and anything else with an error reply, as a script context of tests. */
    static final ScriptContext PING_ONLY = (command, run) -> {
        String name = new String(command[0], StandardCharsets.ISO_8859_1);
        if (name.equalsIgnoreCase("ping")) {
            org.luaj.vm2.LuaTable status = new org.luaj.vm2.LuaTable();
            status.rawset("ok", LuaValue.valueOf("PONG"));
            return status;
        }
        return io.redactor.lua.RedisErrorReply.of("ERR Unknown Redis command called from script");
    };

    private Libraries() {
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static List<byte[]> list(String... values) {
        List<byte[]> out = new ArrayList<>();
        for (String v : values) {
            out.add(bytes(v));
        }
        return out;
    }

    /** {@code #!lua name=<name>\n<body>}. */
    static byte[] library(String name, String body) {
        return bytes("#!lua name=" + name + "\n" + body);
    }

    static String load(FunctionRegistry registry, String code) {
        return registry.load(bytes(code), false, ScriptContext.NONE, FunctionRegistry.LOAD_TIMEOUT_MILLIS);
    }

    /** The error FUNCTION LOAD replies with. */
    static String loadError(FunctionRegistry registry, String code) {
        return assertThrows(FunctionError.class, () -> load(registry, code)).getMessage();
    }

    static LuaValue fcall(FunctionRegistry registry, String function, List<byte[]> keys, List<byte[]> args) {
        return registry.requireFunction(bytes(function)).run(PING_ONLY, keys, args);
    }

    /** The error FCALL replies with. */
    static String fcallError(FunctionRegistry registry, String function) {
        ScriptRun run = registry.requireFunction(bytes(function)).newRun(PING_ONLY, List.of(), List.of());
        ScriptError e = assertThrows(ScriptError.class, run::execute);
        return e.redisMessage(run.name());
    }
}
