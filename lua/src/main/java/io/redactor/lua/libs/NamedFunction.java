package io.redactor.lua.libs;

import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/** A library function: a name (for error messages and {@code tostring}) and a body taking all arguments. */
final class NamedFunction extends VarArgFunction {
    interface Body {
        Varargs invoke(Varargs args);
    }

    private final Body body;

    NamedFunction(String name, Body body) {
        this.name = name;
        this.body = body;
    }

    @Override
    public Varargs invoke(Varargs args) {
        return body.invoke(args);
    }
}
