package io.redactor.lua;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.luaj.vm2.Prototype;

/**
 * A Lua function prototype with what runs it: {@link ScriptClosure}'s interpreter at first, and once the function
 * is hot, the JVM class {@link PrototypeCompiler} makes of it. Shared by every closure of the prototype, on every
 * thread, so a script body compiled by one run is compiled for all later runs of the same script.
 *
 * <p>Heat is measured for free: a run counts down its backward jumps and calls to poll its stop flag every
 * {@link ScriptRun#POLL_EVERY} of them, and each poll warms the function it lands in. A function that loops or
 * calls a lot is compiled after {@link #HOT_POLLS} polls (about 8,000 steps); a script that does not loop is
 * never compiled and costs no class. Calls made after that run the compiled body, and a call in progress moves
 * to it at its next backward jump: the interpreter hands the loop over, registers and all, so even a script that
 * runs once spends most of a long loop compiled.
 */
final class PrototypeCode {
    /** {@code redactor.lua.compile}: {@code hot} (default), {@code always} (every function at once; for tests) or {@code never}. */
    static final String MODE_PROPERTY = "redactor.lua.compile";
    static final int HOT_POLLS = 8;
    private static final Mode MODE = Mode.of(System.getProperty(MODE_PROPERTY, "hot"));
    private static final PrototypeCode[] NO_CHILDREN = new PrototypeCode[0];
    /** A field, not an AtomicBoolean: a library of 100,000 functions has as many of these. */
    private static final VarHandle COMPILING;

    static {
        try {
            COMPILING = MethodHandles.lookup().findVarHandle(PrototypeCode.class, "compiling", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Prototype p;
    final PrototypeCode[] children;
    private volatile CompiledFunction compiled;
    @SuppressWarnings("unused") // through COMPILING
    private volatile boolean compiling;
    private int heat;

    PrototypeCode(Prototype p) {
        this.p = p;
        this.children = p.p.length == 0 ? NO_CHILDREN : new PrototypeCode[p.p.length];
        for (int i = 0; i < children.length; i++) {
            children[i] = new PrototypeCode(p.p[i]);
        }
        if (MODE == Mode.ALWAYS) {
            compile();
        }
    }

    /** The compiled body, or null while the function runs in the interpreter. */
    CompiledFunction compiled() {
        return compiled;
    }

    /** A run polled its stop flag in this function. Races between threads only blur the count. */
    void polled() {
        if (MODE == Mode.HOT && compiled == null && ++heat >= HOT_POLLS) {
            compile();
        }
    }

    /** Compiles this function and the functions it defines now, whatever their heat. */
    void compileAll() {
        compile();
        for (PrototypeCode child : children) {
            child.compileAll();
        }
    }

    private void compile() {
        if (!COMPILING.compareAndSet(this, false, true)) {
            return;
        }
        try {
            compiled = PrototypeCompiler.compile(p);
        } catch (RuntimeException | LinkageError e) {
            if (MODE == Mode.ALWAYS) {
                throw e;
            }
            // a function the compiler gets wrong keeps running in the interpreter, which is the reference
        }
    }

    private enum Mode {
        HOT, ALWAYS, NEVER;

        static Mode of(String value) {
            return switch (value) {
                case "hot" -> HOT;
                case "always" -> ALWAYS;
                case "never" -> NEVER;
                default -> throw new IllegalArgumentException(MODE_PROPERTY + " must be hot, always or never, not " + value);
            };
        }
    }
}
