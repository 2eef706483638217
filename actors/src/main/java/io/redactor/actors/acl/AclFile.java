package io.redactor.actors.acl;

import io.redactor.persistence.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import static io.redactor.actors.acl.AccessControl.bytes;
import static io.redactor.actors.acl.AccessControl.text;
import static io.redactor.actors.acl.AccessControl.upToNul;

/** The ACL file ({@code aclfile}): read line by line with Redis's checks and texts, written as ACL SAVE writes it. */
final class AclFile {
    private static final Logger LOG = LoggerFactory.getLogger(AclFile.class);

    private AclFile() {
    }

    /** Every user of the file by name, or, when any line is wrong, Redis's texts for all of them. */
    record Parsed(TreeMap<String, User> users, String error) {
    }

    static Parsed read(String file, RuleEditor editor) {
        String content;
        try {
            content = asRedisReadsIt(Files.readAllBytes(Path.of(file)));
        } catch (IOException e) {
            String reason = e instanceof NoSuchFileException ? "No such file or directory" : String.valueOf(e.getMessage());
            return new Parsed(null, "Error loading ACLs, opening file '" + file + "': " + reason);
        }
        StringBuilder errors = new StringBuilder();
        TreeMap<String, User> loaded = new TreeMap<>();
        String[] lines = content.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int number = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split(" ", -1);
            if (!words[0].equals("user") || words.length < 2) {
                errors.append(file).append(':').append(number)
                        .append(" should start with user keyword followed by the username. ");
                continue;
            }
            if (!AccessControl.isValidUserName(bytes(words[1]))) {
                errors.append('\'').append(file).append(':').append(number).append(": username '").append(words[1])
                        .append("' contains invalid characters. ");
                continue;
            }
            if (loaded.containsKey(words[1])) {
                errors.append("WARNING: Duplicate user '").append(words[1]).append("' found on line ").append(number)
                        .append(". ");
                continue;
            }
            User user = editor.created();
            loaded.put(words[1], user);
            List<byte[]> rules = new ArrayList<>();
            for (int w = 2; w < words.length; w++) {
                rules.add(bytes(words[w]));
            }
            RuleEditor.MergedRules merged = RuleEditor.mergeSelectors(rules);
            if (merged.unmatched() != null) {
                errors.append(file).append(':').append(number).append(": Unmatched parenthesis in selector definition.");
                continue;
            }
            boolean syntaxError = false;
            for (byte[] rule : merged.rules()) {
                RuleError error = editor.apply(user, bytes(text(rule).replaceAll("^[\t\r\n]+|[\t\r\n]+$", "")));
                if (error == RuleError.UNKNOWN_NAME) {
                    errors.append(file).append(':').append(number).append(": Error in applying operation '")
                            .append(upToNul(text(rule))).append("': ").append(error.message()).append(". ");
                } else if (error != null && !syntaxError) {
                    errors.append(file).append(':').append(number).append(": ").append(error.message()).append(". ");
                    syntaxError = true;
                }
            }
        }
        if (!errors.isEmpty()) {
            errors.append("WARNING: ACL errors detected, no change to the previously active ACL rules was performed");
            return new Parsed(null, errors.toString());
        }
        return new Parsed(loaded, null);
    }

    /**
     * The file's text as Redis 7.0 gathers it, with {@code fgets} into a buffer of 1024 bytes appended as C strings:
     * a piece (a line with its newline, or 1023 bytes of a longer one) ends at a NUL in it, so that what follows the
     * NUL up to the piece's end is dropped, its newline too (the line then runs on into the next one).
     */
    static String asRedisReadsIt(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length);
        int start = 0;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && end - start < 1023) {
                if (bytes[end++] == '\n') {
                    break;
                }
            }
            int nul = start;
            while (nul < end && bytes[nul] != 0) {
                nul++;
            }
            text.append(new String(bytes, start, nul - start, StandardCharsets.ISO_8859_1));
            start = end;
        }
        return text.toString();
    }

    /** Writes {@code lines} to a new file that then replaces {@code file} (the rename forced to disk). */
    static boolean write(Path file, List<String> lines) {
        Path target = file.toAbsolutePath();
        Path temporary = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + System.currentTimeMillis());
        StringBuilder content = new StringBuilder();
        lines.forEach(line -> content.append(line).append('\n'));
        try {
            DurableFiles.replace(target, temporary, bytes(content.toString()));
            return true;
        } catch (IOException e) {
            LOG.warn("Opening ACL file for saving or writing it failed: {}", e.toString());
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // nothing more to do: the error is reported
            }
            return false;
        }
    }
}
