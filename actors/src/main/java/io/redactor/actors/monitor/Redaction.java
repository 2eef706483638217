package io.redactor.actors.monitor;

import io.redactor.actors.command.Arguments;

/**
 * The arguments MONITOR must not show, replaced by {@code (redacted)} as Redis 7.0 does: every argument of AUTH, the
 * user name and password after HELLO's AUTH. (Commands that set secrets otherwise, ACL SETUSER and CONFIG SET, are
 * administrative and never shown.)
 */
final class Redaction {
    private static final byte[] REDACTED = "(redacted)".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private Redaction() {
    }

    static byte[][] apply(String command, byte[][] args) {
        return switch (command) {
            case "auth" -> {
                byte[][] shown = args.clone();
                for (int i = 1; i < shown.length; i++) {
                    shown[i] = REDACTED;
                }
                yield shown;
            }
            case "hello" -> hello(args);
            default -> args;
        };
    }

    /** HELLO [protover [AUTH username password] [SETNAME name]]: Redis redacts what follows each AUTH it parses. */
    private static byte[][] hello(byte[][] args) {
        if (args.length < 2 || !supportedProtocol(args[1])) {
            return args;
        }
        byte[][] shown = args;
        for (int j = 2; j < args.length; j++) {
            int more = args.length - 1 - j;
            if (Arguments.is(args[j], "auth") && more >= 2) {
                if (shown == args) {
                    shown = args.clone();
                }
                shown[j + 1] = REDACTED;
                shown[j + 2] = REDACTED;
                j += 2;
            } else if (Arguments.is(args[j], "setname") && more >= 1) {
                j++;
            } else {
                break;
            }
        }
        return shown;
    }

    /** HELLO stops before its options (and redacts nothing) when the protocol version is not 2 or 3. */
    private static boolean supportedProtocol(byte[] version) {
        String text = new String(version, java.nio.charset.StandardCharsets.ISO_8859_1);
        return text.equals("2") || text.equals("3");
    }
}
