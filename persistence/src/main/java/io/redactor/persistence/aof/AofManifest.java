package io.redactor.persistence.aof;

import io.redactor.core.SplitArgs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Redis 7.0's AOF manifest: which files of the append-only directory make up the data set, in loading order. One
 * line per file, {@code file <name> seq <n> type <b|h|i>}: at most one base file (RDB or AOF format), history files
 * (left over from rewrites, to be deleted) and incremental files in ascending sequence. Names follow Redis's rules:
 * {@code <appendfilename>.<seq>.base.rdb} (or {@code .base.aof} without an RDB preamble) and
 * {@code <appendfilename>.<seq>.incr.aof}. Immutable: changes return a new manifest.
 */
public record AofManifest(Optional<AofFile> base, List<AofFile> history, List<AofFile> incrementals,
                          long baseSeq, long incrSeq) {
    /** Redis refuses longer lines. */
    static final int MAX_LINE = 1024;

    public enum Type {
        BASE('b'), HISTORY('h'), INCREMENTAL('i');

        private final char letter;

        Type(char letter) {
            this.letter = letter;
        }

        static Type of(char letter) {
            for (Type type : values()) {
                if (type.letter == letter) {
                    return type;
                }
            }
            return null;
        }
    }

    public record AofFile(String name, long seq, Type type) {
        AofFile as(Type other) {
            return new AofFile(name, seq, other);
        }
    }

    public AofManifest {
        history = List.copyOf(history);
        incrementals = List.copyOf(incrementals);
    }

    public static AofManifest empty() {
        return new AofManifest(Optional.empty(), List.of(), List.of(), 0, 0);
    }

    /** No base and no incremental file: nothing to load. */
    public boolean isEmpty() {
        return base.isEmpty() && incrementals.isEmpty();
    }

    /** The files to load, in order: the base, then the incremental files. */
    public List<AofFile> loadOrder() {
        List<AofFile> files = new ArrayList<>(incrementals.size() + 1);
        base.ifPresent(files::add);
        files.addAll(incrementals);
        return files;
    }

    /** A new base file, the current one becoming history (what a finished rewrite installs). */
    public AofManifest withNewBase(String appendFilename, boolean rdbPreamble) {
        List<AofFile> hist = new ArrayList<>();
        base.ifPresent(b -> hist.add(b.as(Type.HISTORY)));
        hist.addAll(history);
        long seq = baseSeq + 1;
        AofFile next = new AofFile(appendFilename + "." + seq + ".base" + (rdbPreamble ? ".rdb" : ".aof"), seq,
                Type.BASE);
        return new AofManifest(Optional.of(next), hist, incrementals, seq, incrSeq);
    }

    /** A new incremental file at the end. */
    public AofManifest withNewIncremental(String appendFilename) {
        long seq = incrSeq + 1;
        List<AofFile> incr = new ArrayList<>(incrementals);
        incr.add(new AofFile(appendFilename + "." + seq + ".incr.aof", seq, Type.INCREMENTAL));
        return new AofManifest(base, history, incr, baseSeq, seq);
    }

    /** The last incremental file, where appends go. */
    public Optional<AofFile> lastIncremental() {
        return incrementals.isEmpty() ? Optional.empty() : Optional.of(incrementals.get(incrementals.size() - 1));
    }

    /**
     * After a rewrite: every incremental file but the last ({@code keepLast}) is covered by the new base and
     * becomes history.
     */
    public AofManifest withIncrementalsBeforeAsHistory(AofFile keepLast) {
        List<AofFile> hist = new ArrayList<>();
        List<AofFile> incr = new ArrayList<>();
        for (AofFile file : incrementals) {
            if (file.seq() < keepLast.seq()) {
                hist.add(0, file.as(Type.HISTORY));
            } else {
                incr.add(file);
            }
        }
        hist.addAll(history);
        return new AofManifest(base, hist, incr, baseSeq, incrSeq);
    }

    public AofManifest withoutHistory() {
        return new AofManifest(base, List.of(), incrementals, baseSeq, incrSeq);
    }

    /** The manifest's text: base first, then history, then incremental files, as Redis writes it. */
    public String format() {
        StringBuilder out = new StringBuilder();
        base.ifPresent(b -> line(out, b));
        history.forEach(h -> line(out, h));
        incrementals.forEach(i -> line(out, i));
        return out.toString();
    }

    private static void line(StringBuilder out, AofFile file) {
        out.append("file ").append(repr(file.name())).append(" seq ").append(file.seq())
                .append(" type ").append(file.type().letter).append('\n');
    }

    /**
     * Reads a manifest as Redis 7.0 does (comment lines starting with {@code #} skipped, keys in any case, extra
     * key-value pairs ignored).
     *
     * @throws ManifestException with Redis's message and the line it is about
     */
    public static AofManifest parse(byte[] content) throws ManifestException {
        Optional<AofFile> base = Optional.empty();
        List<AofFile> history = new ArrayList<>();
        List<AofFile> incr = new ArrayList<>();
        long baseSeq = 0;
        long maxSeq = 0;
        int lineNumber = 0;
        int at = 0;
        if (content.length == 0) {
            throw new ManifestException("Found an empty AOF manifest", 0, "");
        }
        while (at < content.length) {
            int end = indexOf(content, (byte) '\n', at);
            lineNumber++;
            int stop = end < 0 ? content.length : end;
            String text = new String(content, at, stop - at, StandardCharsets.ISO_8859_1);
            if (stop - at > MAX_LINE && content[at] != '#') {
                throw new ManifestException("The AOF manifest file contains too long line", lineNumber, text);
            }
            if (content[at] == '#') {
                at = end < 0 ? content.length : end + 1;
                continue;
            }
            if (end < 0) {
                throw new ManifestException("The AOF manifest file contains too long line", lineNumber, text);
            }
            at = end + 1;
            String trimmed = text.strip();
            byte[][] args = trimmed.isEmpty() ? null
                    : SplitArgs.split(trimmed.getBytes(StandardCharsets.ISO_8859_1), 0, trimmed.length());
            if (args == null || args.length < 6 || args.length % 2 != 0) {
                throw new ManifestException("Invalid AOF manifest file format", lineNumber, trimmed);
            }
            String name = null;
            long seq = 0;
            Type type = null;
            char typeLetter = 0;
            for (int i = 0; i < args.length; i += 2) {
                String key = new String(args[i], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
                String value = new String(args[i + 1], StandardCharsets.ISO_8859_1);
                switch (key) {
                    case "file" -> {
                        name = value;
                        if (name.contains("/")) {
                            throw new ManifestException("File can't be a path, just a filename", lineNumber, trimmed);
                        }
                    }
                    case "seq" -> seq = atoll(value);
                    case "type" -> {
                        typeLetter = value.isEmpty() ? 0 : value.charAt(0);
                        type = Type.of(typeLetter);
                    }
                    default -> {
                    }
                }
            }
            if (name == null || seq == 0 || typeLetter == 0) {
                throw new ManifestException("Invalid AOF manifest file format", lineNumber, trimmed);
            }
            if (type == null) {
                throw new ManifestException("Unknown AOF file type", lineNumber, trimmed);
            }
            AofFile file = new AofFile(name, seq, type);
            switch (type) {
                case BASE -> {
                    if (base.isPresent()) {
                        throw new ManifestException("Found duplicate base file information", lineNumber, trimmed);
                    }
                    base = Optional.of(file);
                    baseSeq = seq;
                }
                case HISTORY -> history.add(file);
                case INCREMENTAL -> {
                    if (seq <= maxSeq) {
                        throw new ManifestException("Found a non-monotonic sequence number", lineNumber, trimmed);
                    }
                    incr.add(file);
                    maxSeq = seq;
                }
            }
        }
        return new AofManifest(base, history, incr, baseSeq, maxSeq);
    }

    /** C's atoll: leading whitespace, an optional sign, digits; 0 when there are none. */
    private static long atoll(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i++) == '-';
        }
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return negative ? -v : v;
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Redis's sdscatrepr for names that need quoting (spaces, quotes, control characters). */
    static String repr(String name) {
        boolean plain = !name.isEmpty();
        for (int i = 0; i < name.length() && plain; i++) {
            char c = name.charAt(i);
            plain = c > ' ' && c < 127 && c != '"' && c != '\\';
        }
        if (plain) {
            return name;
        }
        StringBuilder out = new StringBuilder("\"");
        for (byte b : name.getBytes(StandardCharsets.ISO_8859_1)) {
            int c = b & 0xff;
            switch (c) {
                case '\\', '"' -> out.append('\\').append((char) c);
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case 7 -> out.append("\\a");
                case '\b' -> out.append("\\b");
                default -> {
                    if (c >= ' ' && c < 127) {
                        out.append((char) c);
                    } else {
                        out.append(String.format(Locale.ROOT, "\\x%02x", c));
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** A manifest Redis would refuse to load, with its message, line number and line. */
    public static final class ManifestException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int line;

        ManifestException(String message, int line, String text) {
            super(line == 0 ? message : message + " (line " + line + ": '" + text + "')");
            this.line = line;
        }

        public int line() {
            return line;
        }
    }
}
