package io.redactor.actors.slowlog;

import io.redactor.actors.command.CommandSpec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The arguments a slow log entry keeps of a command, as Redis 7.0 keeps them: at most {@value #MAX_ARGS}, the last
 * of them saying how many more there were; each at most {@value #MAX_BYTES} bytes followed by how many more there
 * were; and secrets replaced by {@code (redacted)}: passwords of AUTH, HELLO ... AUTH, MIGRATE ... AUTH/AUTH2, every
 * argument of ACL SETUSER after the subcommand, and the value of sensitive parameters in CONFIG SET.
 */
final class LoggedArguments {
    static final int MAX_ARGS = 32;
    static final int MAX_BYTES = 128;
    private static final byte[] REDACTED = "(redacted)".getBytes(StandardCharsets.US_ASCII);
    /** Redis's SENSITIVE_CONFIG parameters. */
    private static final Set<String> SENSITIVE_PARAMETERS = Set.of("masteruser", "masterauth", "requirepass");

    private LoggedArguments() {
    }

    static List<byte[]> of(CommandSpec spec, byte[][] args) {
        boolean[] redacted = redactedPositions(spec, args);
        int kept = Math.min(args.length, MAX_ARGS);
        List<byte[]> logged = new ArrayList<>(kept);
        for (int i = 0; i < kept; i++) {
            if (kept != args.length && i == kept - 1) {
                logged.add(ascii("... (" + (args.length - kept + 1) + " more arguments)"));
            } else if (redacted != null && redacted[i]) {
                logged.add(REDACTED);
            } else if (args[i].length > MAX_BYTES) {
                byte[] suffix = ascii("... (" + (args[i].length - MAX_BYTES) + " more bytes)");
                byte[] cut = Arrays.copyOf(args[i], MAX_BYTES + suffix.length);
                System.arraycopy(suffix, 0, cut, MAX_BYTES, suffix.length);
                logged.add(cut);
            } else {
                logged.add(args[i].clone());
            }
        }
        return logged;
    }

    /** Which arguments Redis redacts for this command; null when none. */
    private static boolean[] redactedPositions(CommandSpec spec, byte[][] args) {
        boolean[] redacted = new boolean[args.length];
        boolean any = false;
        switch (spec.fullName()) {
            case "auth" -> {
                // AUTH password, or AUTH user password: Redis always hides the second argument and, with three,
                // the third; more arguments are a syntax error it replies before hiding anything.
                if (args.length <= 3) {
                    for (int i = 1; i < args.length; i++) {
                        redacted[i] = true;
                        any = true;
                    }
                }
            }
            case "hello" -> {
                for (int i = 2; i < args.length; i++) {
                    int more = args.length - 1 - i;
                    if (is(args[i], "auth") && more >= 2) {
                        redacted[i + 1] = redacted[i + 2] = true;
                        any = true;
                        i += 2;
                    } else if (is(args[i], "setname") && more >= 1) {
                        i++;
                    } else {
                        break;
                    }
                }
            }
            case "acl|setuser" -> {
                for (int i = 2; i < args.length; i++) {
                    redacted[i] = true;
                    any = true;
                }
            }
            case "migrate" -> {
                for (int i = 6; i < args.length; i++) {
                    int more = args.length - 1 - i;
                    if (is(args[i], "auth") && more >= 1) {
                        redacted[++i] = true;
                        any = true;
                    } else if (is(args[i], "auth2") && more >= 2) {
                        redacted[++i] = true;
                        redacted[++i] = true;
                        any = true;
                    } else if (!is(args[i], "copy") && !is(args[i], "replace")) {
                        break;
                    }
                }
            }
            case "config|set" -> {
                for (int i = 2; i + 1 < args.length; i += 2) {
                    if (SENSITIVE_PARAMETERS.contains(text(args[i]))) {
                        redacted[i + 1] = true;
                        any = true;
                    }
                }
            }
            default -> {
            }
        }
        return any ? redacted : null;
    }

    private static boolean is(byte[] arg, String word) {
        return text(arg).equals(word);
    }

    private static String text(byte[] arg) {
        return new String(arg, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
