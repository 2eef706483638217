package io.redactor.testing.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The comparable (and printable) forms of a raw reply: exact, sorted, as pairs, or its shape. */
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
}
