package io.redactor.lua.functions;

import io.redactor.lua.Shebang;

/** What FUNCTION RESTORE does with the libraries already loaded. */
public enum RestorePolicy {
    /** Drop them all first; the payload's libraries are then the only ones. */
    FLUSH,
    /** Keep them; fail if a library or function of the payload already exists (the default). */
    APPEND,
    /** Replace libraries of the same name; still fail if a function exists in another library. */
    REPLACE;

    /**
     * @throws FunctionError "ERR Wrong restore policy given, value should be either FLUSH, APPEND or REPLACE."
     */
    public static RestorePolicy parse(byte[] arg) {
        String s = Shebang.cString(arg);
        for (RestorePolicy p : values()) {
            if (FunctionNames.key(s).equals(FunctionNames.key(p.name()))) {
                return p;
            }
        }
        throw FunctionError.err("Wrong restore policy given, value should be either FLUSH, APPEND or REPLACE.");
    }
}
