/**
 * The libraries Redis 7.0 gives scripts, for LuaJ: {@code cjson} ({@link io.redactor.lua.libs.CJsonLib}),
 * {@code cmsgpack} ({@link io.redactor.lua.libs.CMsgpackLib}), {@code struct} ({@link io.redactor.lua.libs.StructLib})
 * and {@code bit} ({@link io.redactor.lua.libs.BitLib}). {@link io.redactor.lua.libs.RedisLuaLibraries#install}
 * puts all four in a globals table; each {@code create()} makes one library table.
 *
 * <p>They behave as Redis 7.0.15's C libraries do, measured against it: results, error messages, numbers printed
 * with C's {@code %.14g} ({@link io.redactor.lua.libs.CFormat}), strings read as numbers with glibc's strtod
 * ({@link io.redactor.lua.libs.CStrtod}, {@link io.redactor.lua.libs.Lua51}), C's casts of out-of-range doubles, and
 * the "stack overflow" limits that follow from Lua 5.1's 8000 stack slots per C call. Strings are handled as raw
 * bytes. Errors are {@code LuaError}s at level 1 (the calling Lua function's position goes in front, as
 * {@code luaL_error} does) except those Lua's core raises without one ("table index is nil").
 *
 * <p>State: only cjson has some, its settings, which belong to the table {@code create()} made (and to each
 * {@code cjson.new()}); {@link io.redactor.lua.libs.CJsonLib#NULL} is one value for all. The tables are ordinary
 * and writable: making them read-only, as Redis does, is the sandbox's job.
 */
package io.redactor.lua.libs;
