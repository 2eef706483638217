package io.redactor.lua.functions;

/** Function names as FCALL finds them: ignoring ASCII case (Redis's function dictionary folds case). */
final class FunctionNames {
    private FunctionNames() {
    }

    static String key(String name) {
        if (!hasUpperCase(name)) {
            return name;
        }
        char[] chars = name.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') {
                chars[i] += 'a' - 'A';
            }
        }
        return new String(chars);
    }

    private static boolean hasUpperCase(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return true;
            }
        }
        return false;
    }
}
