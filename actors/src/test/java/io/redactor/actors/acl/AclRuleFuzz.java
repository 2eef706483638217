package io.redactor.actors.acl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Random ACL rules for fuzz tests, seeded: mostly from the rule grammar of Redis 7.0 (flags, passwords, hashes, key and
 * channel patterns, commands, subcommands, first arguments, categories, selectors), some of them mutated, and some
 * plain byte garbage, unbalanced parentheses and very long rules. Shared by the unit tests and the ones that compare
 * with a real Redis: the commands named are ones Redactor has (Redis knows more, MIGRATE, XADD, MEMORY..., and
 * accepts rules naming them where Redactor answers that it knows no such command).
 */
public final class AclRuleFuzz {
    private static final String[] FLAGS = {"on", "off", "nopass", "resetpass", "reset", "allkeys", "resetkeys",
        "allchannels", "resetchannels", "allcommands", "nocommands", "clearselectors", "skip-sanitize-payload",
        "sanitize-payload"};
    private static final String[] PASSWORDS = {"", "pw", "s3cret", "a b", "p", "\u00e9t\u00e9"};
    private static final String[] COMMANDS = {"get", "set", "GET", "hset", "del", "keys", "ping", "info", "select",
        "config", "client", "acl", "debug", "eval", "publish", "subscribe", "flushall", "object", "zadd",
        "command", "function", "script", "sort", "multi", "exec", "auth", "hello", "nosuch", "", "get|x",
        "config|get", "config|set", "config|nosuch", "client|list", "client|kill", "acl|setuser", "acl|whoami",
        "object|encoding", "select|0", "select|1", "get|key", "config|get|x", "config|", "|get", "set|", "acl|cat|x",
        "CONFIG|GET", "script|flush"};
    private static final String[] CATEGORIES = {"all", "read", "write", "keyspace", "string", "list", "set",
        "sortedset", "hash", "bitmap", "hyperloglog", "geo", "stream", "pubsub", "admin", "fast", "slow", "blocking",
        "dangerous", "connection", "transaction", "scripting", "ALL", "Read", "nosuch", "", "@all", "all|x"};
    private static final String[] PATTERNS = {"*", "k*", "a", "", "user:*", "?", "[ab]*", "\\*", "*x*", "k[", "**",
        "foo", "{tag}*"};
    private static final String PERMISSIONS = "RWrwX~ ";
    private static final String SPECIAL = "\0 \t\r\n()\"'";
    private static final String PREFIXES = "~%&+-@|#!<>*";
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Random random;

    public AclRuleFuzz(long seed) {
        this.random = new Random(seed);
    }

    public Random random() {
        return random;
    }

    /** The arguments of one ACL SETUSER after the user name: 0 to 6 rules. */
    public List<byte[]> rules() {
        int count = random.nextInt(7);
        List<byte[]> rules = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rules.addAll(ruleArguments());
        }
        return rules;
    }

    /** One rule, as one argument, or a selector spread over several (or left open, or closed twice). */
    public List<byte[]> ruleArguments() {
        int kind = random.nextInt(100);
        if (kind < 8) {
            return selectorArguments();
        }
        return List.of(rule());
    }

    /** One rule as one argument. */
    public byte[] rule() {
        int kind = random.nextInt(100);
        if (kind < 70) {
            return bytes(validLooking());
        }
        if (kind < 85) {
            return mutate(bytes(validLooking()));
        }
        if (kind < 92) {
            return garbage(random.nextInt(12));
        }
        if (kind < 97) {
            return bytes("(" + selectorBody() + ")");
        }
        return huge();
    }

    /** A rule of the grammar, in text (Latin-1). */
    public String validLooking() {
        return switch (random.nextInt(15)) {
            case 0, 1 -> randomCase(pick(FLAGS));
            case 2 -> ">" + pick(PASSWORDS);
            case 3 -> "<" + pick(PASSWORDS);
            case 4 -> "#" + hash();
            case 5 -> "!" + hash();
            case 6 -> "~" + pick(PATTERNS);
            case 7 -> "%" + permissions() + "~" + pick(PATTERNS);
            case 8 -> "&" + pick(PATTERNS);
            case 9, 10 -> "+" + pick(COMMANDS);
            case 11 -> "-" + pick(COMMANDS);
            case 12 -> "+@" + pick(CATEGORIES);
            case 13 -> "-@" + pick(CATEGORIES);
            default -> random.nextBoolean() ? "+@all" : "-@all";
        };
    }

    private String permissions() {
        if (random.nextInt(4) == 0) {
            StringBuilder any = new StringBuilder();
            for (int i = random.nextInt(4); i > 0; i--) {
                any.append(PERMISSIONS.charAt(random.nextInt(PERMISSIONS.length())));
            }
            return any.toString();
        }
        return switch (random.nextInt(5)) {
            case 0 -> "R";
            case 1 -> "W";
            case 2 -> "RW";
            case 3 -> "WR";
            default -> "rw";
        };
    }

    private String hash() {
        int length = random.nextInt(5) == 0 ? random.nextInt(70) : 64;
        StringBuilder hash = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            hash.append(HEX[random.nextInt(HEX.length)]);
        }
        if (length > 0 && random.nextInt(8) == 0) {
            hash.setCharAt(random.nextInt(length), random.nextBoolean() ? 'G' : 'A');
        }
        return hash.toString();
    }

    /** What a selector holds between its parentheses: 0 to 4 rules of the grammar, space separated. */
    private String selectorBody() {
        List<String> parts = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            String rule = validLooking();
            // flags and passwords are not selector rules: keep a few of them, for the error
            parts.add(random.nextInt(5) == 0 || rule.startsWith("~") || rule.startsWith("%") || rule.startsWith("&")
                    || rule.startsWith("+") || rule.startsWith("-") ? rule : "+get");
        }
        if (random.nextInt(10) == 0) {
            parts.add(random.nextBoolean() ? "\"quoted rule\"" : "'unbalanced");
        }
        return String.join(" ", parts);
    }

    private List<byte[]> selectorArguments() {
        String body = selectorBody();
        String[] words = body.isEmpty() ? new String[0] : body.split(" ");
        List<byte[]> args = new ArrayList<>();
        int shape = random.nextInt(6);
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            if (i == 0) {
                word = "(" + word;
            }
            if (i == words.length - 1 && shape != 0) {
                word = word + ")";
            }
            args.add(bytes(word));
        }
        if (words.length == 0) {
            args.add(bytes(shape == 0 ? "(" : "()"));
        }
        if (shape == 1) {
            args.add(bytes(")"));
        }
        return args;
    }

    /** Bytes of every kind: NUL, spaces, parentheses, high bytes, rule prefixes. */
    public byte[] garbage(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = switch (random.nextInt(6)) {
                case 0 -> (byte) random.nextInt(256);
                case 1 -> (byte) SPECIAL.charAt(random.nextInt(SPECIAL.length()));
                case 2 -> (byte) PREFIXES.charAt(random.nextInt(PREFIXES.length()));
                default -> (byte) ('a' + random.nextInt(26));
            };
        }
        return bytes;
    }

    /** A long rule: a pattern, a password, a command or a selector of many rules. */
    public byte[] huge() {
        int length = 1_000 + random.nextInt(30_000);
        return switch (random.nextInt(5)) {
            case 0 -> bytes("~" + "k".repeat(length));
            case 1 -> bytes(">" + "p".repeat(length));
            case 2 -> bytes("+" + "g".repeat(length));
            case 3 -> bytes("(" + "~k* ".repeat(length / 4) + "+get)");
            default -> bytes("&" + "*".repeat(length));
        };
    }

    /** Flips, inserts, deletes or replaces a few bytes, or cuts the rule short. */
    public byte[] mutate(byte[] rule) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(rule);
        byte[] bytes = out.toByteArray();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length + 1);
            switch (random.nextInt(5)) {
                case 0 -> {
                    if (at < bytes.length) {
                        bytes[at] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                case 1 -> bytes = insert(bytes, at, garbage(1 + random.nextInt(3)));
                case 2 -> {
                    if (at < bytes.length) {
                        bytes = remove(bytes, at);
                    }
                }
                case 3 -> bytes = java.util.Arrays.copyOf(bytes, at);
                default -> {
                    if (at < bytes.length) {
                        bytes[at] = garbage(1)[0];
                    }
                }
            }
        }
        return bytes;
    }

    private static byte[] insert(byte[] bytes, int at, byte[] more) {
        byte[] out = new byte[bytes.length + more.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(more, 0, out, at, more.length);
        System.arraycopy(bytes, at, out, at + more.length, bytes.length - at);
        return out;
    }

    private static byte[] remove(byte[] bytes, int at) {
        byte[] out = new byte[bytes.length - 1];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(bytes, at + 1, out, at, bytes.length - at - 1);
        return out;
    }

    private String randomCase(String word) {
        return switch (random.nextInt(4)) {
            case 0 -> word.toUpperCase(Locale.ROOT);
            case 1 -> {
                StringBuilder mixed = new StringBuilder(word);
                for (int i = 0; i < mixed.length(); i++) {
                    if (random.nextBoolean()) {
                        mixed.setCharAt(i, Character.toUpperCase(mixed.charAt(i)));
                    }
                }
                yield mixed.toString();
            }
            default -> word;
        };
    }

    /**
     * The contents of an ACL file: lines of users with rules (some of them wrong), comments, blank lines, lines of
     * garbage, CRLF ends, and sometimes bytes of nothing in particular.
     */
    public byte[] aclFile() {
        if (random.nextInt(10) == 0) {
            return garbage(random.nextInt(200));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int line = random.nextInt(6); line > 0; line--) {
            int kind = random.nextInt(20);
            if (kind == 0) {
                out.writeBytes(garbage(random.nextInt(30)));
            } else if (kind == 1) {
                out.writeBytes(bytes("# a comment"));
            } else if (kind == 2) {
                out.writeBytes(bytes(random.nextBoolean() ? "user" : "   "));
            } else {
                String name = random.nextInt(6) == 0 ? "default" : "u" + random.nextInt(4);
                out.writeBytes(bytes((random.nextInt(15) == 0 ? "User " : "user ") + name));
                for (byte[] rule : rules()) {
                    out.write(' ');
                    out.writeBytes(random.nextInt(6) == 0 ? rule : noSpaces(rule));
                }
            }
            out.writeBytes(bytes(random.nextInt(8) == 0 ? "\r\n" : "\n"));
        }
        byte[] bytes = out.toByteArray();
        return random.nextInt(5) == 0 ? mutate(bytes) : bytes;
    }

    private byte[] noSpaces(byte[] rule) {
        if (rule.length > 0 && rule[0] == '(') {
            return rule;
        }
        byte[] copy = rule.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] == ' ' || copy[i] == '\n' || copy[i] == '\r' || copy[i] == 0) {
                copy[i] = 'x';
            }
        }
        return copy;
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A rule as a test message shows it: printable ASCII as is, other bytes escaped. */
    public static String show(byte[] rule) {
        StringBuilder out = new StringBuilder();
        int limit = Math.min(rule.length, 200);
        for (int i = 0; i < limit; i++) {
            int b = rule[i] & 0xff;
            if (b >= 0x20 && b < 0x7f && b != '\\') {
                out.append((char) b);
            } else {
                out.append(String.format("\\x%02x", b));
            }
        }
        if (rule.length > limit) {
            out.append("...(").append(rule.length).append(" bytes)");
        }
        return out.toString();
    }

    public static String show(List<byte[]> rules) {
        List<String> shown = new ArrayList<>();
        rules.forEach(rule -> shown.add("'" + show(rule) + "'"));
        return String.join(" ", shown);
    }
}
