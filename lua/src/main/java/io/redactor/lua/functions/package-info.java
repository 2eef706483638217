/**
 * Redis 7.0 functions without the server: what FUNCTION LOAD, DELETE, FLUSH, LIST, STATS, DUMP, RESTORE and
 * FCALL/FCALL_RO need, with Redis 7.0.15's exact error texts.
 *
 * <ul>
 *   <li>{@link io.redactor.lua.functions.FunctionRegistry}: the server's libraries, thread-safe; loads, deletes,
 *       lists, dumps and restores them and finds FCALL's function;</li>
 *   <li>{@link io.redactor.lua.functions.RegisteredFunction}: a function, its flags and description, and
 *       {@code newRun} to call it (the same {@link io.redactor.lua.ScriptRun} as EVAL's);</li>
 *   <li>{@link io.redactor.lua.functions.FunctionArguments}: the subcommands' and FCALL's arguments, and
 *       FUNCTION HELP's lines;</li>
 *   <li>{@link io.redactor.lua.functions.FunctionDump}: the DUMP payload, byte for byte as Redis writes it;</li>
 *   <li>{@link io.redactor.lua.functions.FunctionError}: every failure, its message the reply text.</li>
 * </ul>
 * The Lua side (the load-time environment, {@code redis.register_function}, running a function) is in
 * {@link io.redactor.lua.LuaEngine#loadLibrary} and {@link io.redactor.lua.LibraryFunction}; EVAL's shebang and
 * the flags both use are {@link io.redactor.lua.Shebang} and {@link io.redactor.lua.ScriptFlag}.
 */
package io.redactor.lua.functions;
