package io.redactor.e2e.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * One RESP2/RESP3 reply as a tree, so that tests can reorder or drop the parts of a reply whose order Redis does
 * not define and still compare the rest byte for byte. A leaf keeps its bytes as received; an aggregate keeps
 * its type ('*', '~', '%', ...) and its children (a map's keys and values alternate) and is re-rendered with its
 * new length.
 */
record RespTree(char type, byte[] leaf, List<RespTree> children) {

    static RespTree parse(byte[] raw) {
        int[] position = {0};
        RespTree tree = read(raw, position);
        if (position[0] != raw.length) {
            throw new IllegalArgumentException("trailing bytes after the reply");
        }
        return tree;
    }

    private static RespTree read(byte[] raw, int[] position) {
        int start = position[0];
        int lineEnd = indexOfCrLf(raw, start);
        char type = (char) raw[start];
        String header = new String(raw, start + 1, lineEnd - start - 1, StandardCharsets.US_ASCII);
        position[0] = lineEnd + 2;
        switch (type) {
            case '$', '=', '!' -> {
                int length = Integer.parseInt(header);
                if (length >= 0) {
                    position[0] += length + 2;
                }
                return new RespTree(type, Arrays.copyOfRange(raw, start, position[0]), List.of());
            }
            case '*', '~', '>', '%', '|' -> {
                int count = Integer.parseInt(header);
                if (count < 0) {
                    return new RespTree(type, Arrays.copyOfRange(raw, start, position[0]), List.of());
                }
                int items = type == '%' || type == '|' ? 2 * count : count;
                List<RespTree> children = new ArrayList<>(items);
                for (int i = 0; i < items; i++) {
                    children.add(read(raw, position));
                }
                return new RespTree(type, null, children);
            }
            default -> {
                return new RespTree(type, Arrays.copyOfRange(raw, start, position[0]), List.of());
            }
        }
    }

    private static int indexOfCrLf(byte[] raw, int from) {
        for (int i = from; i + 1 < raw.length; i++) {
            if (raw[i] == '\r' && raw[i + 1] == '\n') {
                return i;
            }
        }
        throw new IllegalArgumentException("incomplete reply");
    }

    boolean isAggregate() {
        return leaf == null;
    }

    RespTree child(int index) {
        return children.get(index);
    }

    /** The text of a bulk or simple string (null for anything else). */
    String text() {
        if (isAggregate()) {
            return null;
        }
        String all = new String(leaf, StandardCharsets.UTF_8);
        return switch (type) {
            case '+' -> all.substring(1, all.length() - 2);
            case '$' -> all.substring(all.indexOf("\r\n") + 2, all.length() - 2);
            default -> null;
        };
    }

    RespTree withChild(int index, RespTree child) {
        List<RespTree> copy = new ArrayList<>(children);
        copy.set(index, child);
        return new RespTree(type, null, copy);
    }

    /** This aggregate with its elements kept when {@code keep} says so, sorted by their bytes. */
    RespTree sortedElements(Predicate<RespTree> keep) {
        List<RespTree> kept = new ArrayList<>(children.stream().filter(keep).toList());
        kept.sort(Comparator.comparing(RespTree::render, Arrays::compare));
        return new RespTree(type, null, kept);
    }

    /**
     * This map (a RESP3 map, or the flat key-value array RESP2 makes of it) with its entries kept when
     * {@code keep} accepts the key, sorted by key.
     */
    RespTree sortedEntries(Predicate<RespTree> keep) {
        List<List<RespTree>> entries = new ArrayList<>();
        for (int i = 0; i < children.size(); i += 2) {
            if (keep.test(children.get(i))) {
                entries.add(List.of(children.get(i), children.get(i + 1)));
            }
        }
        entries.sort(Comparator.comparing(entry -> entry.get(0).render(), Arrays::compare));
        return new RespTree(type, null, entries.stream().flatMap(List::stream).toList());
    }

    /** The value of a map entry (RESP3 map or RESP2 flat array) whose key is the string {@code key}, or -1. */
    int valueIndex(String key) {
        for (int i = 0; i + 1 < children.size(); i += 2) {
            if (key.equals(children.get(i).text())) {
                return i + 1;
            }
        }
        return -1;
    }

    byte[] render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        render(out);
        return out.toByteArray();
    }

    private void render(ByteArrayOutputStream out) {
        if (!isAggregate()) {
            out.writeBytes(leaf);
            return;
        }
        int count = type == '%' || type == '|' ? children.size() / 2 : children.size();
        out.writeBytes((type + Integer.toString(count) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (RespTree child : children) {
            child.render(out);
        }
    }

    @Override
    public String toString() {
        return new String(render(), StandardCharsets.UTF_8).replace("\r\n", " ");
    }
}
