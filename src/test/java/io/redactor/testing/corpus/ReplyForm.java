package io.redactor.testing.corpus;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The comparable (and printable) forms of a raw reply: exact, sorted, as pairs, its shape, ACL rules or log. */
public final class ReplyForm {
    private ReplyForm() {
    }

    /** The form the markers ask for (SCAN aside, which needs more than one reply); exact without markers. */
    public static String of(byte[] reply, Set<Marker> markers) {
        byte[] compared = markers.contains(Marker.ANYINT) ? RespBytes.maskIntegers(reply) : reply;
        if (markers.contains(Marker.SHAPE)) {
            return shape(compared);
        }
        if (markers.contains(Marker.PAIRS)) {
            return pairs(compared);
        }
        if (markers.contains(Marker.SORTED)) {
            return sorted(compared);
        }
        if (markers.contains(Marker.RULES)) {
            return rules(compared);
        }
        if (markers.contains(Marker.ACLLOG)) {
            return aclLog(compared);
        }
        return exact(compared);
    }

    public static String exact(byte[] reply) {
        return RespBytes.show(reply);
    }

    /**
     * An aggregate's type and its elements in sorted order (one level deep; a map's entries as key => value);
     * anything else exactly.
     */
    public static String sorted(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return exact(reply);
        }
        if (RespBytes.isMap(reply)) {
            return pairs(reply);
        }
        List<String> elements = new ArrayList<>();
        for (byte[] element : RespBytes.elements(reply)) {
            elements.add(exact(element));
        }
        elements.sort(null);
        return (char) reply[0] + "" + elements;
    }

    /**
     * Field-value pairs in sorted order: a map or a flat array taken two by two; an array of [field, value]
     * arrays (RESP3 HRANDFIELD WITHVALUES) is compared sorted.
     */
    public static String pairs(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return exact(reply);
        }
        List<byte[]> elements = RespBytes.elements(reply);
        if (!RespBytes.isMap(reply) && !elements.isEmpty() && RespBytes.isAggregate(elements.get(0))) {
            return sorted(reply);
        }
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i + 1 < elements.size(); i += 2) {
            pairs.add(exact(elements.get(i)) + " => " + exact(elements.get(i + 1)));
        }
        pairs.sort(null);
        return (char) reply[0] + "" + elements.size() + pairs;
    }

    /** The reply's types and element counts, with the contents of bulk strings (not nil) left out; the rest exactly. */
    public static String shape(byte[] reply) {
        if (RespBytes.isAggregate(reply)) {
            StringBuilder out = new StringBuilder().append((char) reply[0]).append('[');
            for (byte[] element : RespBytes.elements(reply)) {
                out.append(shape(element)).append(' ');
            }
            return out.append(']').toString();
        }
        return reply.length > 1 && reply[0] == '$' && reply[1] != '-' ? "$" : exact(reply);
    }

    /**
     * The reply with every string (bulk or simple) written as ACL rules whose runs of single-command rules
     * ({@code +get}, {@code -config|set}, {@code +select|0}: not {@code +@category}) are sorted, a selector's
     * parentheses kept apart from its first and last rule; aggregates element by element.
     */
    public static String rules(byte[] reply) {
        if (RespBytes.isAggregate(reply)) {
            StringBuilder out = new StringBuilder().append((char) reply[0]).append('[');
            for (byte[] element : RespBytes.elements(reply)) {
                out.append(rules(element)).append(' ');
            }
            return out.append(']').toString();
        }
        boolean bulk = reply.length > 1 && reply[0] == '$' && reply[1] != '-';
        boolean simple = reply.length > 2 && reply[0] == '+';
        if (!bulk && !simple) {
            return exact(reply);
        }
        String text = bulk ? RespBytes.text(reply)
                : new String(reply, 1, reply.length - 3, StandardCharsets.ISO_8859_1);
        return (char) reply[0] + RespBytes.show(commandRunsSorted(text).getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String commandRunsSorted(String rules) {
        List<String> words = new ArrayList<>();
        List<String> run = new ArrayList<>();
        for (String word : rules.replace("(", "( ").replace(")", " )").split(" ")) {
            if (word.length() > 1 && (word.charAt(0) == '+' || word.charAt(0) == '-') && word.charAt(1) != '@') {
                run.add(word);
                continue;
            }
            run.sort(null);
            words.addAll(run);
            run.clear();
            words.add(word);
        }
        run.sort(null);
        words.addAll(run);
        return String.join(" ", words);
    }

    /**
     * ACL LOG's entries with the value of {@code age-seconds} shown as its type and "?", and {@code client-info}
     * cut to its {@code cmd=} and {@code user=} fields; everything else exactly.
     */
    public static String aclLog(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return exact(reply);
        }
        StringBuilder out = new StringBuilder().append((char) reply[0]).append('[');
        for (byte[] entry : RespBytes.elements(reply)) {
            out.append(RespBytes.isAggregate(entry) ? aclLogEntry(entry) : exact(entry)).append(' ');
        }
        return out.append(']').toString();
    }

    private static String aclLogEntry(byte[] entry) {
        List<byte[]> fields = RespBytes.elements(entry);
        StringBuilder out = new StringBuilder().append((char) entry[0]).append(fields.size()).append('[');
        for (int i = 0; i < fields.size(); i++) {
            byte[] field = fields.get(i);
            String name = i % 2 == 1 && fields.get(i - 1)[0] == '$' ? RespBytes.text(fields.get(i - 1)) : "";
            String shown = switch (name) {
                case "age-seconds" -> (char) field[0] + "?";
                case "client-info" -> field[0] == '$' ? "$" + clientInfoKept(RespBytes.text(field)) : exact(field);
                default -> exact(field);
            };
            out.append(shown).append(' ');
        }
        return out.append(']').toString();
    }

    private static String clientInfoKept(String clientInfo) {
        List<String> kept = new ArrayList<>();
        for (String field : clientInfo.split(" ")) {
            if (field.startsWith("cmd=") || field.startsWith("user=")) {
                kept.add(field);
            }
        }
        return RespBytes.show(String.join(" ", kept).getBytes(StandardCharsets.ISO_8859_1));
    }
}
