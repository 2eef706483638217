package io.redactor.lua;

import org.luaj.vm2.LuaValue;
import org.luaj.vm2.UpValue;
import org.luaj.vm2.Varargs;

/**
 * A Lua function's body compiled to JVM bytecode by {@link PrototypeCompiler}: does what
 * {@link ScriptClosure}'s interpreter loop does for the same prototype, with the same registers, upvalues and
 * errors, without decoding instructions.
 */
interface CompiledFunction {
    /**
     * Runs the body of {@code closure} as its interpreter loop would from instruction {@code entry} (0, or the
     * target of a backward jump where the interpreter hands a running loop over), with the interpreter's
     * {@code v} and {@code top} at that point; {@link ScriptClosure#execute} has prepared the registers and closes
     * the open upvalues afterwards.
     */
    Varargs run(ScriptClosure closure, LuaValue[] stack, Varargs varargs, UpValue[] openups, ScriptRun run,
                int entry, Varargs v, int top);
}
