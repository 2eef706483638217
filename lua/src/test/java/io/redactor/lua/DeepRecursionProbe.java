package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Run by {@link DeepRecursionTest} in a JVM of its own: a script whose first error is a stack overflow, so that
 * nothing on the error path has been used (linked, initialized) before. Prints what the script returned.
 */
public final class DeepRecursionProbe {
    private DeepRecursionProbe() {
    }

    public static void main(String[] args) {
        LuaEngine engine = new LuaEngine();
        String body = "local function f(n) return f(n + 1) + 1 end local ok, e = pcall(f, 1) return e";
        System.out.println(engine.compile(body.getBytes(StandardCharsets.UTF_8))
                .run(ScriptContext.NONE, List.of(), List.of()).tojstring());
        // string concatenation and lambdas still work in this JVM afterwards
        Runnable later = () -> System.out.println("after: " + args.length);
        later.run();
    }
}
