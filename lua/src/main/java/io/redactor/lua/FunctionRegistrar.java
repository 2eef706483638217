package io.redactor.lua;

import java.util.Set;

/**
 * Receives what a library's code registers while FUNCTION LOAD runs it ({@link LuaEngine#loadLibrary}). The
 * engine checks the arguments of {@code redis.register_function} (types, named-argument keys, flag names) with
 * Redis 7.0's texts; the registrar checks what only it knows (the name's characters, a second function of the
 * same name in the library).
 */
public interface FunctionRegistrar {
    /**
     * One call of {@code redis.register_function}.
     *
     * @param function    the function, named as registered
     * @param description the {@code description} given in the table form, or null
     * @param flags       the flags given in the table form (empty in the two-argument form)
     * @return null to accept it, or the error text, without {@code "ERR "}, that the registration raises in Lua
     *         (and that fails the load: "ERR Error registering functions: ERR &lt;text&gt;")
     */
    String register(LibraryFunction function, byte[] description, Set<ScriptFlag> flags);
}
