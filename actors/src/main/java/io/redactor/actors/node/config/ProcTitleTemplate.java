package io.redactor.actors.node.config;

import java.util.Set;

/**
 * Checks a {@code proc-title-template} the way Redis 7.0 does: {@code {name}} variables from a fixed set,
 * {@code {{} and {@code }}} for literal braces, and a title that is not blank once expanded. Redis expands
 * {@code {title}}, {@code {server-mode}} and {@code {unixsocket}} to nothing when it validates (so the template
 * {@code "{title}"} alone is refused) and the other variables to something.
 */
final class ProcTitleTemplate {
    private static final Set<String> EMPTY_WHEN_CHECKED = Set.of("title", "server-mode", "unixsocket");
    private static final Set<String> NON_EMPTY_WHEN_CHECKED = Set.of("listen-addr", "port", "tls-port", "config-file");

    private ProcTitleTemplate() {
    }

    static boolean valid(String template) {
        StringBuilder expanded = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '{') {
                expanded.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
                expanded.append('}');
                i += 2;
            } else if (c == '{') {
                int close = template.indexOf('}', i + 1);
                if (close < 0) {
                    return false;
                }
                String variable = template.substring(i + 1, close);
                if (NON_EMPTY_WHEN_CHECKED.contains(variable)) {
                    expanded.append('x');
                } else if (!EMPTY_WHEN_CHECKED.contains(variable)) {
                    return false;
                }
                i = close + 1;
            } else {
                expanded.append(c);
                i++;
            }
        }
        return !expanded.toString().replace(" ", "").isEmpty();
    }
}
