package io.redactor.lua;

import static io.redactor.lua.LuaEngineTest.error;
import static io.redactor.lua.LuaEngineTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Error values with metatables: reading their err field runs script code, which may fail in turn. */
class ErrorValueTest {

    @Test
    void anErrValueGivenByIndexIsTheReply() {
        String body = "error(setmetatable({}, {__index = function(t, k) return 'XERR from ' .. k end}))";
        assertEquals("XERR from err script: " + sha(body) + ", on @user_script:1.", error(body));
    }

    /** Redis 7.0.15 panics ("unprotected error in call to Lua API"); here it is the script's error. */
    @Test
    void anIndexThatFailsGivesItsErrorNotAnInternalOne() {
        String body = "error(setmetatable({}, {__index = function() error('boom in index') end}))";
        assertEquals("ERR user_script:1: boom in index script: " + sha(body), error(body).replaceAll(", on .*", ""));
        body = "error(setmetatable({}, {__index = function() error({}) end}))";
        assertEquals("ERR (error object is a table value) script: " + sha(body), error(body).replaceAll(", on .*", ""));
        body = "error(setmetatable({}, {__index = function() local t = nil return t.x end}))";
        assertEquals("ERR user_script:1: attempt to index local 't' (a nil value) script: " + sha(body),
                error(body).replaceAll(", on .*", ""));
    }
}
