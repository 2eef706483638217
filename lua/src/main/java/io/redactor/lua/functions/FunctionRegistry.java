package io.redactor.lua.functions;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.redactor.core.GlobPattern;
import io.redactor.lua.LuaEngine;
import io.redactor.lua.ScriptContext;

/**
 * The loaded function libraries of a server: FUNCTION LOAD, DELETE, FLUSH, LIST, STATS, DUMP and RESTORE, and
 * the lookup FCALL needs. Thread-safe: readers see an immutable snapshot through one volatile read; writers take a
 * lock and publish a new snapshot, so a write that fails leaves the registry as it was.
 *
 * <p>Redis 7.0's rules, some of them surprising:
 * <ul>
 *   <li>library names are case-sensitive ({@code a} and {@code A} are two libraries, FUNCTION DELETE needs the
 *       exact name) but function names are not: FCALL finds {@code MyFunc} as {@code myfunc}, and another library
 *       cannot add {@code MYFUNC} ("ERR Function MYFUNC already exists");</li>
 *   <li>one library may still register both {@code f} and {@code F} (its own check is case-sensitive): FCALL then
 *       runs the first, and FUNCTION STATS counts both. Redis 7.0.15 crashes on deleting such a library
 *       (an assertion in {@code libraryUnlink}); here it is simply deleted;</li>
 *   <li>FUNCTION LOAD REPLACE checks names against the other libraries only, and keeps the old library when the
 *       new code fails;</li>
 *   <li>{@code LIBRARYNAME} patterns of FUNCTION LIST ignore case;</li>
 *   <li>Redis lists and dumps libraries (and a library's functions) in hash-table order, which changes with every
 *       server start; here they come in load order (a replaced library moves to the end), functions in
 *       registration order.</li>
 * </ul>
 */
public final class FunctionRegistry {
    /** FUNCTION LOAD's limit on running a library's code; clients Redis must obey (master, AOF) get none. */
    public static final long LOAD_TIMEOUT_MILLIS = 500;

    private final LuaEngine engine;
    private final Object writeLock = new Object();
    private volatile Snapshot current = Snapshot.EMPTY;

    public FunctionRegistry(LuaEngine engine) {
        this.engine = engine;
    }

    /**
     * FUNCTION LOAD [REPLACE]: runs the library's code on the calling thread and adds its functions.
     *
     * @param context       receives the code's {@code redis.log} calls
     * @param timeoutMillis {@link #LOAD_TIMEOUT_MILLIS}, or 0 for none
     * @return the library's name (the reply)
     * @throws FunctionError with Redis's text, in Redis's order: the first line ({@link LibraryShebang#parse}),
     *                       "ERR Library names can only contain letters, numbers, or underscores(_) and must be at
     *                       least one character long", "ERR Engine 'js' not found", "ERR Library 'x' already
     *                       exists", "ERR Error compiling function: ...", "ERR Error registering functions: ...",
     *                       "ERR No functions registered", "ERR Function f already exists"
     */
    public String load(byte[] code, boolean replace, ScriptContext context, long timeoutMillis) {
        LibraryShebang shebang = LibraryLoader.shebang(code);
        synchronized (writeLock) {
            Snapshot snapshot = current;
            FunctionLibrary old = snapshot.libraries.get(shebang.name());
            if (old != null && !replace) {
                throw FunctionError.err("Library '" + shebang.name() + "' already exists");
            }
            FunctionLibrary library = LibraryLoader.load(engine, shebang, code, context, timeoutMillis);
            Snapshot base = old == null ? snapshot : snapshot.without(old);
            RegisteredFunction clash = base.clash(library);
            if (clash != null) {
                throw FunctionError.err("Function " + clash.name() + " already exists");
            }
            current = base.with(List.of(library));
            return library.name();
        }
    }

    /** FUNCTION DELETE: the name must match exactly. @throws FunctionError "ERR Library not found" */
    public void delete(String libraryName) {
        synchronized (writeLock) {
            FunctionLibrary library = current.libraries.get(libraryName);
            if (library == null) {
                throw FunctionError.err("Library not found");
            }
            current = current.without(library);
        }
    }

    /** FUNCTION DELETE with the name as sent. */
    public void delete(byte[] libraryName) {
        delete(new String(libraryName, StandardCharsets.ISO_8859_1));
    }

    /** FUNCTION FLUSH (SYNC or ASYNC alike: nothing here needs freeing in the background). */
    public void flush() {
        synchronized (writeLock) {
            current = Snapshot.EMPTY;
        }
    }

    /** The function FCALL would run under this name (any case), or null. */
    public RegisteredFunction function(String name) {
        return current.functions.get(FunctionNames.key(name));
    }

    public RegisteredFunction function(byte[] name) {
        return function(new String(name, StandardCharsets.ISO_8859_1));
    }

    /** FCALL's lookup. @throws FunctionError "ERR Function not found" */
    public RegisteredFunction requireFunction(byte[] name) {
        RegisteredFunction function = function(name);
        if (function == null) {
            throw FunctionError.err("Function not found");
        }
        return function;
    }

    /** The library with exactly this name, or null. */
    public FunctionLibrary library(String name) {
        return current.libraries.get(name);
    }

    /** All libraries, in load order. */
    public List<FunctionLibrary> libraries() {
        return List.copyOf(current.libraries.values());
    }

    /** FUNCTION LIST LIBRARYNAME: the libraries whose name matches the glob pattern, ignoring case. */
    public List<FunctionLibrary> libraries(byte[] pattern) {
        List<FunctionLibrary> matching = new ArrayList<>();
        for (FunctionLibrary library : current.libraries.values()) {
            if (GlobPattern.matches(pattern, library.name().getBytes(StandardCharsets.ISO_8859_1), true)) {
                matching.add(library);
            }
        }
        return matching;
    }

    /** FUNCTION STATS {@code libraries_count}. */
    public int libraryCount() {
        return current.libraries.size();
    }

    /** FUNCTION STATS {@code functions_count}: every function of every library. */
    public int functionCount() {
        return current.functionCount;
    }

    /** FUNCTION DUMP. @param compress Redis's {@code rdbcompression} (yes by default) */
    public byte[] dump(boolean compress) {
        return FunctionDump.encode(current.libraries.values(), compress);
    }

    /**
     * FUNCTION RESTORE: loads every library of the payload (without a time limit, as Redis does), checks them
     * against each other, then against the loaded ones according to the policy. Nothing changes unless all
     * succeed.
     *
     * @param context receives the libraries' {@code redis.log} calls
     * @throws FunctionError "ERR DUMP payload version or checksum are wrong", the payload's errors
     *                       ({@link FunctionDump.Reader#next()}), a library's errors as for {@link #load}, "ERR
     *                       Library 'x' already exists" and "ERR Function f already exists" within the payload, then
     *                       with APPEND "ERR Library x already exists" (no quotes, as in Redis) and with APPEND or
     *                       REPLACE "ERR Function f already exists"
     */
    public void restore(byte[] payload, RestorePolicy policy, ScriptContext context) {
        FunctionDump.Reader reader = FunctionDump.read(payload);
        synchronized (writeLock) {
            Snapshot incoming = Snapshot.EMPTY;
            for (byte[] code = reader.next(); code != null; code = reader.next()) {
                LibraryShebang shebang = LibraryLoader.shebang(code);
                if (incoming.libraries.containsKey(shebang.name())) {
                    throw FunctionError.err("Library '" + shebang.name() + "' already exists");
                }
                FunctionLibrary library = LibraryLoader.load(engine, shebang, code, context, 0);
                RegisteredFunction clash = incoming.clash(library);
                if (clash != null) {
                    throw FunctionError.err("Function " + clash.name() + " already exists");
                }
                incoming = incoming.with(List.of(library));
            }
            if (policy == RestorePolicy.FLUSH) {
                current = incoming;
                return;
            }
            Snapshot base = current;
            for (FunctionLibrary library : incoming.libraries.values()) {
                FunctionLibrary old = base.libraries.get(library.name());
                if (old != null) {
                    if (policy != RestorePolicy.REPLACE) {
                        throw FunctionError.err("Library " + library.name() + " already exists");
                    }
                    base = base.without(old);
                }
            }
            for (FunctionLibrary library : incoming.libraries.values()) {
                RegisteredFunction clash = base.clash(library);
                if (clash != null) {
                    throw FunctionError.err("Function " + clash.name() + " already exists");
                }
            }
            current = base.with(incoming.libraries.values());
        }
    }

    /** Libraries by name and the functions FCALL finds, never changed once published. */
    private static final class Snapshot {
        static final Snapshot EMPTY = new Snapshot(List.of());

        final Map<String, FunctionLibrary> libraries;
        final Map<String, RegisteredFunction> functions;
        final int functionCount;

        private Snapshot(Collection<FunctionLibrary> libraries) {
            Map<String, FunctionLibrary> byName = new LinkedHashMap<>();
            int count = 0;
            for (FunctionLibrary library : libraries) {
                count += library.functions().size();
            }
            Map<String, RegisteredFunction> byFunction = HashMap.newHashMap(count);
            for (FunctionLibrary library : libraries) {
                byName.put(library.name(), library);
                for (RegisteredFunction function : library.functions()) {
                    byFunction.putIfAbsent(function.key, function);
                }
            }
            this.libraries = Collections.unmodifiableMap(byName);
            this.functions = Collections.unmodifiableMap(byFunction);
            this.functionCount = count;
        }

        Snapshot with(Collection<FunctionLibrary> added) {
            List<FunctionLibrary> all = new ArrayList<>(libraries.values());
            all.addAll(added);
            return new Snapshot(all);
        }

        Snapshot without(FunctionLibrary removed) {
            List<FunctionLibrary> all = new ArrayList<>(libraries.values());
            all.remove(removed);
            return new Snapshot(all);
        }

        /** The first function of the library that another library here already has (any case), or null. */
        RegisteredFunction clash(FunctionLibrary library) {
            for (RegisteredFunction function : library.functions()) {
                if (functions.containsKey(function.key)) {
                    return function;
                }
            }
            return null;
        }
    }
}
