package io.redactor.lua.libs;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.jse.JsePlatform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the engine installs the libraries, and what is shared between installations. */
class RedisLuaLibrariesTest {
    @Test
    void installsTheFourLibrariesAsGlobalTables() {
        LuaTable globals = new LuaTable();
        RedisLuaLibraries.install(globals);
        for (String name : LibCorpus.LIBRARIES) {
            assertTrue(globals.get(name).istable(), name);
        }
        assertEquals(LuaValue.valueOf("cjson"), globals.get("cjson").get("_NAME"));
    }

    @Test
    void cjsonSettingsBelongToOneInstallation() {
        Globals first = withLibraries();
        Globals second = withLibraries();
        first.load("cjson.encode_number_precision(3)").call();
        assertEquals("3.14", first.load("return cjson.encode(math.pi)").call().tojstring());
        assertEquals("3.1415926535898", second.load("return cjson.encode(math.pi)").call().tojstring());
        assertEquals("3.14", first.load("return cjson.encode(math.pi)").call().tojstring(), "lasts across chunks");
    }

    @Test
    void cjsonNullIsOneValueEverywhere() {
        Globals first = withLibraries();
        Globals second = withLibraries();
        assertSame(first.load("return cjson.null").call(), second.load("return cjson.decode('null')").call());
        assertSame(CJsonLib.NULL, first.load("return cjson.new().null").call());
        assertEquals("userdata: (nil)", first.load("return tostring(cjson.null)").call().tojstring());
        assertNotSame(first.get("cjson"), second.get("cjson"));
    }

    private static Globals withLibraries() {
        Globals globals = JsePlatform.standardGlobals();
        RedisLuaLibraries.install(globals);
        return globals;
    }
}
